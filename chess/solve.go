package chess

import (
	"encoding/binary"
	"fmt"
	"io"
	"runtime/debug"
	"sync/atomic"
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
	// Deps, when not nil, gives SolveValues the values of the materials the solved one
	// depends on. Those of five pieces must be there; those of fewer pieces that are not
	// are solved in memory.
	Deps  ValuesSource
	cache map[string]*Table
}

// NewSolver returns a Solver with an empty cache.
func NewSolver() *Solver {
	return &Solver{cache: map[string]*Table{}}
}

// MemoryNeeded returns an estimate of the peak bytes of computing material m as a job
// does: with SolveValues, its five-piece dependencies read from values files, when m has
// five pieces; with Solve and a fresh Solver otherwise.
//
// A solve holds, for each computed position (those with the white king on files a-d, and
// on a8-d8-d5 without pawns: see the package doc), a byte of state and with Solve two
// bytes of distance, and three bit sets (the current and next distance, the positions
// whose best exit loses); then the output: Solve's table at two bytes an entry, or
// SolveValues' values at two bits. Solve caches every table it depends on at two bytes an
// entry; SolveValues holds its dependencies at two bits an entry (an eighth of a side's
// for those reached by promotion) and solves those of fewer than five pieces with a
// Solver of its own, dropped before its own arrays are made. The event lists and the
// runtime's slack are the last quarter.
func MemoryNeeded(m Material) int64 {
	size := int64(m.Size())
	computed := size / 2
	if !m.HasPawns() {
		computed = size * 10 / 64
	}
	if len(m.Pieces) < MaxPieces {
		var subs int64
		for _, d := range allDependencies(m) {
			subs += 2 * int64(d.Size())
		}
		return (computed*3 + computed*3/8 + 2*size + subs) * 5 / 4
	}
	// The dependencies of fewer pieces are solved by one Solver, which caches them and
	// theirs until the last is solved.
	var deps, cached, largest int64
	seen := map[string]bool{}
	for _, d := range directDependencies(m) {
		if len(d.mat.Pieces) == MaxPieces {
			deps += int64(d.mat.Size()) / 4 / 16
			continue
		}
		deps += int64(d.mat.Size()) / 4
		for _, dd := range append(allDependencies(d.mat), d.mat) {
			if !seen[dd.key()] {
				seen[dd.key()] = true
				cached += 2 * int64(dd.Size())
				largest = max(largest, int64(dd.Size()))
			}
		}
	}
	mem := cached + largest*3/2 + deps // the largest's state, distances and bit sets
	return max(mem, computed+computed*3/8+size/4+deps) * 5 / 4
}

// allDependencies returns the materials whose tables Solve caches to compute m's: those
// reached by captures and promotions, and the twins derived, recursively.
func allDependencies(m Material) []Material {
	seen := map[string]bool{m.key(): true}
	var out []Material
	var visit func(mm Material, self bool)
	visit = func(mm Material, self bool) {
		if !self {
			if seen[mm.key()] {
				return
			}
			seen[mm.key()] = true
			out = append(out, mm)
		}
		if tw, _, _, ok := mm.twin(); ok {
			visit(tw, false)
			return
		}
		for _, d := range mm.dependencies() {
			visit(d, false)
		}
	}
	visit(m, true)
	return out
}

// dependency is a material a solve looks exits up in, with what of it is looked up.
type dependency struct {
	mat Material
	r   depRestriction
}

// directDependencies returns the materials (in their stored forms, once each) that
// SolveValues of m loads, with what of each it looks up.
func directDependencies(m Material) []dependency {
	sm, _, _ := stored(m)
	seen := map[string]bool{}
	var out []dependency
	b := newBuilder(sm, nil, 1)
	b.setSubs(func(d Material, r depRestriction) (*subTable, error) {
		s, _, _ := stored(d)
		if !seen[s.key()] {
			seen[s.key()] = true
			out = append(out, dependency{s, r})
		}
		return nil, nil
	})
	return out
}

// setSubs sets the sub-tables of the builder from get: every capture of a non-king piece,
// every promotion of a pawn (with or without a capture), with what of each is looked up.
func (b *builder) setSubs(get func(d Material, r depRestriction) (*subTable, error)) error {
	m := Material{Pieces: b.pieces}
	var err error
	for j := 2; j < b.n; j++ {
		if b.capSub[j], err = get(m.without(j), depRestriction{}); err != nil {
			return err
		}
	}
	for i := 2; i < b.n; i++ {
		if m.Pieces[i].Kind != Pawn {
			continue
		}
		c := m.Pieces[i].Colour
		row := 0 // the last rank, where the promoted piece stands
		if c == Black {
			row = 7
		}
		for k := Queen; k <= Knight; k++ {
			pm := m.promoted(i, k)
			if b.promSub[i][k], err = get(pm, depRestriction{on: true, piece: i, row: row, stm: int(1 - c)}); err != nil {
				return err
			}
			for j := 2; j < b.n; j++ {
				if j != i && m.Pieces[j].Colour != c {
					if b.capPromSub[i][j][k], err = get(pm.without(j), depRestriction{}); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// Solve returns the table of material m, with distances, computing it and the tables it
// depends on (those reached by captures and promotions) when they are not cached yet.
func (s *Solver) Solve(m Material) (*Table, error) {
	if err := checkMaterial(m); err != nil {
		return nil, err
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
	err := b.setSubs(func(d Material, _ depRestriction) (*subTable, error) {
		t, err := s.Solve(d)
		if err != nil {
			return nil, fmt.Errorf("solve %v: %w", m, err)
		}
		return &subTable{val: t.val}, nil
	})
	if err != nil {
		return nil, err
	}
	if err := b.run(true); err != nil {
		return nil, err
	}
	t := &Table{mat: Material{Pieces: append([]Piece(nil), m.Pieces...)}, n: b.n, val: make([]uint16, m.Size())}
	err = b.expand(func(x, v uint32) { t.val[x] = uint16(v) }, func(v uint16) uint32 { return uint32(v) })
	if err != nil {
		return nil, err
	}
	s.cache[key] = t
	return t, nil
}

// SolveValues returns the win/draw/loss values of material m: those of the material whose
// table the Solver stores for m (see ValuesName), the twin or m itself. Its dependencies
// come from s.Deps (all those of five pieces, which are never solved in memory) or, with
// fewer pieces, are solved in memory; either way they are held at two bits an entry for
// the time of the solve and not cached. The values do not depend on where the
// dependencies come from; no distance is kept.
func (s *Solver) SolveValues(m Material) (*Values, error) {
	if err := checkMaterial(m); err != nil {
		return nil, err
	}
	sm, _, _ := stored(m)
	// The five-piece dependencies first, before anything is solved.
	for _, d := range directDependencies(sm) {
		if len(d.mat.Pieces) < MaxPieces {
			continue
		}
		if s.Deps == nil {
			return nil, fmt.Errorf("solve %v: dependency %v: five pieces: its values come from a values file (set Solver.Deps)", sm, d.mat)
		}
		r, err := s.Deps.OpenValues(d.mat)
		if err != nil {
			return nil, fmt.Errorf("solve %v: dependency %w", sm, err)
		}
		r.Close()
	}
	b := newBuilder(sm, s.Progress, s.Workers)
	l := &depLoader{s: s, mat: sm}
	if err := b.setSubs(l.load); err != nil {
		return nil, err
	}
	if l.mem != nil {
		l.mem, l.memV = nil, nil
		debug.FreeOSMemory() // the in-memory dependencies' solver: gone before the arrays come
	}
	if err := b.run(false); err != nil {
		return nil, err
	}
	if l.bad.Load() {
		return nil, fmt.Errorf("solve %v: a promotion looked up outside the entries loaded", sm)
	}
	b.cur, b.next, b.exitLoss = nil, nil, nil
	v := newValues(b.t.mat)
	err := b.expand(func(x, c uint32) { v.set(int(x), byte(c)) }, func(x uint16) uint32 { return uint32(codeOf(x)) })
	if err != nil {
		return nil, err
	}
	return v, nil
}

// WriteValuesFile solves m with SolveValues and writes its values into directory dir under
// the name ValuesName gives, atomically; it returns the file's path. With s.Deps nil, the
// five-piece dependencies are read from dir.
func (s *Solver) WriteValuesFile(dir string, m Material) (string, error) {
	if s.Deps == nil {
		c := *s
		c.Deps = ValuesDir(dir)
		s = &c
	}
	v, err := s.SolveValues(m)
	if err != nil {
		return "", err
	}
	return WriteValuesFile(dir, v)
}

func checkMaterial(m Material) error {
	if len(m.Pieces) < 2 || len(m.Pieces) > MaxPieces || m.Pieces[0] != (Piece{King, White}) || m.Pieces[1] != (Piece{King, Black}) {
		return fmt.Errorf("solve %v: not a valid material", m)
	}
	return nil
}

// run computes the states of the builder's positions (with distances when dist is set):
// the arrays made, the positions classified, the retrograde analysis.
func (b *builder) run(dist bool) error {
	m := b.t.mat
	starts := b.computedBlocks()
	for i := range b.slot {
		b.slot[i] = -1
	}
	for i, lo := range starts {
		b.slot[lo>>b.shift[0]] = int32(i)
	}
	b.blockLo = starts
	n := len(starts) << b.shift[0]
	b.ent = make([]uint8, n)
	if dist {
		b.dist = make([]uint16, n)
	}
	b.cur = make([]uint64, (n+63)/64)
	b.next = make([]uint64, (n+63)/64)
	b.exitLoss = make([]uint64, (n+63)/64)
	start := time.Now()
	b.logf("%v: %d positions (%d computed), initialising", m, m.Size(), n)
	if err := b.initialise(); err != nil {
		return err
	}
	b.logf("%v: initialised in %.1fs, retrograde analysis", m, time.Since(start).Seconds())
	if err := b.retrograde(); err != nil {
		return err
	}
	b.logf("%v: solved in %.1fs", m, time.Since(start).Seconds())
	return nil
}

// expand calls put(x, conv(v)) for every index x of the table with its value v:
// unresolved positions are draws, the positions not computed take their images' values.
// Every index of a block of the table is put by one goroutine.
func (b *builder) expand(put func(x, v uint32), conv func(uint16) uint32) error {
	err := workpool.Run(len(b.blockLo), b.workers, 1, func(_, blk int) error {
		lo := int(b.blockLo[blk])
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
			v := conv(b.value(x))
			put(x, v)
			put(x^b.mirror, v)
			if b.rowMirror != 0 {
				put(x^b.rowMirror, v)
				put(x^b.rowMirror^b.mirror, v)
			}
			if b.diag {
				put(tx, v)
				put(tx^b.mirror, v)
				put(tx^b.rowMirror, v)
				put(tx^b.rowMirror^b.mirror, v)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("solve %v: %w", b.t.mat, err)
	}
	return nil
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
	size      int // the number of indices, 2^(1+6n)
	progress  io.Writer
	workers   int

	// ent holds the state of each computed position, by compact index (see at); dist,
	// when the table keeps distances, its entry value once resolved.
	ent  []uint8
	dist []uint16
	// slot[x>>shift[0]] is the number of x's block (one side to move, one square of the
	// white king) among the computed ones, -1 for the others; blockLo the first index of
	// each computed block.
	slot    [128]int32
	blockLo []int

	capSub     [MaxPieces]*subTable
	promSub    [MaxPieces][Pawn]*subTable
	capPromSub [MaxPieces][MaxPieces][Pawn]*subTable

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
	// exits looked at again when all their other moves turn out to lose), by compact index.
	exitLoss []uint64

	// cur and next: bit sets (by compact index) of the positions resolved at the distance
	// being propagated (curK) and at the next one; walking them in index order keeps memory
	// access local. preResolved counts the positions put in next by initialise.
	cur, next   []uint64
	curK        int
	preResolved atomic.Int64
	pending
}

// at returns the compact index of computed position x: its place in ent.
func (b *builder) at(x uint32) uint32 {
	return uint32(b.slot[x>>b.shift[0]])<<b.shift[0] | x&(1<<b.shift[0]-1)
}

// index returns the position of compact index c.
func (b *builder) index(c uint32) uint32 {
	return uint32(b.blockLo[c>>b.shift[0]]) | c&(1<<b.shift[0]-1)
}

// newBuilder returns the builder of material m (in the solver's order) with its
// geometry set: the index fields, the pieces by colour, the symmetries. Its sub-tables and
// arrays are left to Solve.
func newBuilder(m Material, progress io.Writer, workers int) *builder {
	b := &builder{n: len(m.Pieces), pieces: m.Pieces, progress: progress, workers: workers, size: m.Size()}
	b.t = &Table{mat: Material{Pieces: append([]Piece(nil), m.Pieces...)}, n: b.n}
	b.stmShift = m.Layout().StmShift()
	for j := range b.n {
		b.shift[j] = m.Layout().Shift(j)
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
	l := m.Layout()
	var shift [MaxPieces]uint
	for j := range n {
		shift[j] = l.Shift(j)
	}
	var stm, sq int
	if flip {
		stm, sq = 1, 56
	}
	const block = 1 << 16
	err := workpool.Run((len(t.val)+block-1)/block, workers, 1, func(_, blk int) error {
		for x := blk * block; x < min(len(t.val), (blk+1)*block); x++ {
			y := (x >> l.StmShift()) ^ stm
			for j := range n {
				y = y<<SquareBits | (x >> shift[perm[j]] & squareMask) ^ sq
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
	for lo := 0; lo < b.size; lo += 1 << b.shift[0] {
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
		y = y<<SquareBits | (s&7)<<3 | s>>3
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
