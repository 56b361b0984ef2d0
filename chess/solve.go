package chess

import (
	"encoding/binary"
	"fmt"
	"io"
	"time"

	"github.com/espresso-go/espresso/internal/workpool"
)

// Solver computes tables and caches them (with the smaller tables they depend on) for the
// lifetime of the Solver. A Solver is not safe for concurrent use.
type Solver struct {
	// Progress, when not nil, receives one line per phase of each table computed.
	Progress io.Writer
	// Workers is the number of goroutines that share each phase of a table's computation
	// (classifying positions and counting moves, then each distance of the retrograde
	// analysis); 0 or 1 means one. The table does not depend on it.
	Workers int
	cache   map[string]*Table
}

// NewSolver returns a Solver with an empty cache.
func NewSolver() *Solver {
	return &Solver{cache: map[string]*Table{}}
}

// MemoryNeeded returns an estimate of the bytes needed to compute the table of material m
// with a fresh Solver: for the table being solved two bytes per entry (value, or count of
// outs while unresolved), three bit sets (the current and next distance, the positions
// whose best capture or promotion loses), and up to a byte
// per entry for the lists of values reached through captures and promotions; two bytes per
// entry of every smaller table it depends on, which stay cached.
func MemoryNeeded(m Material) int64 {
	seen := map[string]bool{}
	var subs int64
	var visit func(mm Material)
	visit = func(mm Material) {
		if seen[mm.key()] {
			return
		}
		seen[mm.key()] = true
		subs += 2 * int64(mm.Size())
		if tw, _, _, ok := mm.twin(); ok {
			visit(tw) // derived from its twin
			return
		}
		for _, d := range mm.dependencies() {
			visit(d)
		}
	}
	solved := m
	for {
		tw, _, _, ok := solved.twin()
		if !ok {
			break
		}
		seen[solved.key()] = true
		subs += 2 * int64(solved.Size())
		solved = tw
	}
	seen[solved.key()] = true
	for _, d := range solved.dependencies() {
		visit(d)
	}
	return int64(m.Size())*2 + int64(m.Size())*3/8 + int64(m.Size()) + subs
}

// Solve returns the table of material m, computing it and the tables it depends on (those
// reached by captures and promotions) when they are not cached yet.
func (s *Solver) Solve(m Material) (*Table, error) {
	if len(m.Pieces) < 2 || len(m.Pieces) > MaxPieces || m.Pieces[0] != (Piece{King, White}) || m.Pieces[1] != (Piece{King, Black}) {
		return nil, fmt.Errorf("solve %v: not a valid material", m)
	}
	if s.cache == nil {
		s.cache = map[string]*Table{}
	}
	key := m.key()
	if t, ok := s.cache[key]; ok {
		return t, nil
	}
	// The same pieces in another order (KPQk and KQPk), and a material and its colour-
	// flipped twin (KQkr and KRkq), have the same table up to a permutation of the
	// indices: solve one, derive the others.
	if tw, perm, flip, ok := m.twin(); ok {
		tt, err := s.Solve(tw)
		if err != nil {
			return nil, err
		}
		t, err := derive(m, tt, perm, flip, s.Workers)
		if err != nil {
			return nil, err
		}
		if s.Progress != nil {
			how := "reordering the pieces"
			if flip {
				how = "swapping the colours"
			}
			fmt.Fprintf(s.Progress, "%v: derived from %v by %s\n", m, tw, how)
		}
		s.cache[key] = t
		return t, nil
	}
	b := newBuilder(m, s.Progress, s.Workers)
	// The sub-tables: every capture of a non-king piece, every promotion of a pawn (with
	// or without a capture).
	sub := func(mm Material) (*Table, error) {
		t, err := s.Solve(mm)
		if err != nil {
			return nil, fmt.Errorf("solve %v: %w", m, err)
		}
		return t, nil
	}
	var err error
	for j := 2; j < b.n; j++ {
		if b.capSub[j], err = sub(m.without(j)); err != nil {
			return nil, err
		}
	}
	for i := 2; i < b.n; i++ {
		if m.Pieces[i].Kind != Pawn {
			continue
		}
		for k := Queen; k <= Knight; k++ {
			pm := m.promoted(i, k)
			if b.promSub[i][k], err = sub(pm); err != nil {
				return nil, err
			}
			for j := 2; j < b.n; j++ {
				if j != i && m.Pieces[j].Colour != m.Pieces[i].Colour {
					if b.capPromSub[i][j][k], err = sub(pm.without(j)); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	size := m.Size()
	b.t = &Table{mat: Material{Pieces: append([]Piece(nil), m.Pieces...)}, n: b.n}
	b.val = make([]uint16, size)
	b.cur = make([]uint64, (size+63)/64)
	b.next = make([]uint64, (size+63)/64)
	b.exitLoss = make([]uint64, (size+63)/64)
	start := time.Now()
	b.logf("%v: %d positions, initialising", m, size)
	if err := b.initialise(); err != nil {
		return nil, err
	}
	b.logf("%v: initialised in %.1fs, retrograde analysis", m, time.Since(start).Seconds())
	if err := b.retrograde(); err != nil {
		return nil, err
	}
	b.logf("%v: solved in %.1fs", m, time.Since(start).Seconds())
	// Unresolved positions are draws; the positions not computed take their images' values.
	starts := b.computedBlocks()
	err = workpool.Run(len(starts), s.Workers, 1, func(_, blk int) error {
		lo := starts[blk]
		onDiag := b.kingOnDiagonal(uint32(lo))
		for i := lo; i < lo+1<<b.shift[0]; i++ {
			x := uint32(i)
			var tx uint32
			if b.diag {
				tx = b.transpose(x)
				if onDiag && tx < x {
					continue // not computed: an image of tx
				}
			}
			v := b.val[x]
			if vUnresolved(v) {
				v = vDraw
				b.val[x] = v
			}
			b.val[x^b.mirror] = v
			if b.rowMirror != 0 {
				b.val[x^b.rowMirror] = v
				b.val[x^b.rowMirror^b.mirror] = v
			}
			if b.diag {
				b.val[tx] = v
				b.val[tx^b.mirror] = v
				b.val[tx^b.rowMirror] = v
				b.val[tx^b.rowMirror^b.mirror] = v
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("solve %v: %w", m, err)
	}
	b.t.val = b.val
	s.cache[key] = b.t
	return b.t, nil
}

// builder holds the state of one retrograde computation.
type builder struct {
	t      *Table
	n      int
	pieces []Piece
	// byColour[c]: the indices of c's pieces.
	byColour [2][]int
	// whiteMask[j]: all ones when piece j is White, else 0.
	whiteMask [MaxPieces]uint64
	shift     [MaxPieces]uint
	stmShift  uint
	val       []uint16
	progress  io.Writer
	workers   int

	capSub     [MaxPieces]*Table
	promSub    [MaxPieces][Pawn]*Table
	capPromSub [MaxPieces][MaxPieces][Pawn]*Table

	// Positions are mirror images of each other when every square's file is mirrored
	// (index ^ mirror) and, without pawns, when every square's row is (index ^ rowMirror,
	// else 0); they have the same value. Only those with the white king on files a-d
	// (index&kingHigh == 0) and, without pawns, on ranks 5-8 (index&kingLow == 0) are
	// computed, the others are copied at the end. No position is its own image (the white
	// king would be on a middle line), so every class has 2 or 4 distinct members, and
	// counting a computed position's moves into each class comes out exact.
	// Without pawns the board's diagonal reflection (transpose) is a symmetry too (diag):
	// of the positions with the white king on the a8-d8-d5 triangle and, with the king on
	// the diagonal a8-d5, the smaller of the index and its transpose's is computed. A
	// position can then be its own image (every piece on the diagonal); see unmoves.
	mirror, kingHigh   uint32
	rowMirror, kingLow uint32
	diag               bool
	bigEndian          uint32 // 1 when the high half of a uint32 comes first in memory

	// exitLoss: positions whose best capture or promotion loses (only those need their
	// exits looked at again when all their other moves turn out to lose).
	exitLoss []uint64

	// cur and next: bit sets of the positions resolved at the distance being propagated
	// (curK) and at the next one; walking them in index order keeps memory access local.
	cur, next []uint64
	curK      int
	pending
}

// newBuilder returns the builder of material m (in the solver's order) with its
// geometry set: the index fields, the pieces by colour, the symmetries. Its sub-tables and
// arrays are left to Solve.
func newBuilder(m Material, progress io.Writer, workers int) *builder {
	b := &builder{n: len(m.Pieces), pieces: m.Pieces, progress: progress, workers: workers}
	b.stmShift = uint(6 * b.n)
	for j := range b.n {
		b.shift[j] = uint(6 * (b.n - 1 - j))
		b.mirror |= 7 << b.shift[j]
		if m.Pieces[j].Colour == White {
			b.whiteMask[j] = ^uint64(0)
		}
		b.byColour[m.Pieces[j].Colour] = append(b.byColour[m.Pieces[j].Colour], j)
		if !m.HasPawns() {
			b.rowMirror |= 56 << b.shift[j]
		}
	}
	b.kingHigh = 4 << b.shift[0]
	if !m.HasPawns() {
		b.kingLow = 32 << b.shift[0]
		b.diag = true
	}
	if binary.NativeEndian.Uint16([]byte{1, 0}) != 1 {
		b.bigEndian = 1
	}
	return b
}

func (b *builder) logf(format string, args ...any) {
	if b.progress != nil {
		fmt.Fprintf(b.progress, format+"\n", args...)
	}
}

func grow[T any](l [][]T, k int) [][]T {
	for len(l) <= k {
		l = append(l, nil)
	}
	return l
}

// derive returns the table of m from the table tf of its twin, where piece j of tf's
// material is piece perm[j] of m, with the other colour when flip is set: then position x
// of m is position x' of tf with the other side to move and every square mirrored top to
// bottom.
func derive(m Material, tf *Table, perm []int, flip bool, workers int) (*Table, error) {
	n := len(m.Pieces)
	t := &Table{mat: Material{Pieces: append([]Piece(nil), m.Pieces...)}, n: n, val: make([]uint16, m.Size())}
	var shift [MaxPieces]uint
	for j := range n {
		shift[j] = uint(6 * (n - 1 - j))
	}
	var stm, sq int
	if flip {
		stm, sq = 1, 56
	}
	const block = 1 << 16
	err := workpool.Run((len(t.val)+block-1)/block, workers, 1, func(_, blk int) error {
		for x := blk * block; x < min(len(t.val), (blk+1)*block); x++ {
			y := (x >> (6 * n)) ^ stm
			for j := range n {
				y = y<<6 | (x >> shift[perm[j]] & 63) ^ sq
			}
			t.val[x] = tf.val[y]
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("derive %v: %w", m, err)
	}
	return t, nil
}

// computedBlocks returns the first indices of the blocks of 1<<shift[0] indices (one side
// to move, one square of the white king) that hold computed positions: the king on files
// a-d and, without pawns, on ranks 5-8 with its row at most its file (a8-d8-d5).
func (b *builder) computedBlocks() []int {
	var starts []int
	for lo := 0; lo < len(b.val); lo += 1 << b.shift[0] {
		wk := uint32(lo) >> b.shift[0] & 63
		if uint32(lo)&(b.kingHigh|b.kingLow) == 0 && (!b.diag || wk>>3 <= wk&7) {
			starts = append(starts, lo)
		}
	}
	return starts
}

// kingOnDiagonal reports whether, with the diagonal symmetry, x's white king is on the
// diagonal a8-h1 (then x and its transpose may both be in a computed block).
func (b *builder) kingOnDiagonal(x uint32) bool {
	wk := x >> b.shift[0] & 63
	return b.diag && wk>>3 == wk&7
}

// transpose returns x with every square reflected in the diagonal a8-h1 (row and file
// swapped).
func (b *builder) transpose(x uint32) uint32 {
	y := x >> b.stmShift
	for j := 0; j < b.n; j++ {
		s := x >> b.shift[j] & 63
		y = y<<6 | (s&7)<<3 | s>>3
	}
	return y
}

// canon returns the computed position of the class of y.
func (b *builder) canon(y uint32) uint32 {
	if y&b.kingHigh != 0 {
		y ^= b.mirror
	}
	if y&b.kingLow != 0 {
		y ^= b.rowMirror
	}
	if b.diag {
		wk := y >> b.shift[0] & 63
		if r, c := wk>>3, wk&7; r > c {
			y = b.transpose(y)
		} else if r == c {
			y = min(y, b.transpose(y))
		}
	}
	return y
}
