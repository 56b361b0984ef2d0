package chess

import (
	"encoding/binary"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// Entry values of a table (Table.val). A resolved position holds 1 + its distance to mate
// in plies: odd distances are wins for the side to move, even ones losses (0 = mated).
// Zero is a draw. While solving, an unresolved legal position holds vOpen plus the number
// of its moves that stay in the table and are not yet known to lose (its outs).
const (
	vDraw    uint16 = 0
	vOpen    uint16 = 0x8000
	vIllegal uint16 = 0xFFFE
	vInvalid uint16 = 0xFFFF
	vMaxDist        = 0x7FF0
)

func vResolved(v uint16) bool   { return v != vDraw && v < vOpen }
func vUnresolved(v uint16) bool { return v&0xFF00 == vOpen }
func vIsWin(v uint16) bool      { return vResolved(v) && v&1 == 0 }
func vIsLoss(v uint16) bool     { return vResolved(v) && v&1 == 1 }
func vDist(v uint16) int        { return int(v) - 1 }

// vFlip turns the value of a successor (from the opponent's side) into the value of the
// move for the side that made it: a loss in d for the opponent is a win in d+1, etc.
func vFlip(v uint16) uint16 {
	if v == vDraw {
		return vDraw
	}
	return v + 1
}

// vScore orders values for the side to move: faster wins first, slower losses before
// faster ones.
func vScore(v uint16) int {
	switch {
	case v == vDraw:
		return 0
	case v&1 == 0:
		return 1<<20 - int(v)
	default:
		return -(1 << 20) + int(v)
	}
}

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
		t := derive(m, tt, perm, flip, s.Workers)
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
	b := &builder{n: len(m.Pieces), pieces: m.Pieces, progress: s.Progress, workers: s.Workers}
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
	parallel(max(1, s.Workers), len(starts), func(blk int) {
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
	})
	b.t.val = b.val
	s.cache[key] = b.t
	return b.t, nil
}

type epEntry struct {
	x, p uint32
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

// pending holds events for later distances.
type pending struct {
	// deferred[k]: positions known to be resolved at distance k (value k+1: a win when k
	// is odd, a loss when even) unless resolved faster; set when level k starts.
	deferred [][]uint32
	// epEvents[k]: double pushes after which the opponent's en passant capture wins in k.
	epEvents [][]epEntry
}

// addDeferred records that x will be resolved at distance k unless resolved faster.
func (q *pending) addDeferred(k int, x uint32) {
	q.deferred = grow(q.deferred, k)
	q.deferred[k] = append(q.deferred[k], x)
}

// merge appends the events of o to q's.
func (q *pending) merge(o *pending) {
	for k, l := range o.deferred {
		q.deferred = grow(q.deferred, k)
		q.deferred[k] = append(q.deferred[k], l...)
	}
	for k, l := range o.epEvents {
		q.epEvents = grow(q.epEvents, k)
		q.epEvents[k] = append(q.epEvents[k], l...)
	}
}

// position is a decoded index.
type position struct {
	sq     [MaxPieces]int
	stm    Colour
	occ    uint64
	colOcc [2]uint64
}

func (b *builder) decode(x uint32, p *position) {
	var occ, white uint64
	for j := 0; j < b.n; j++ {
		s := x >> b.shift[j] & 63
		p.sq[j] = int(s)
		bit := uint64(1) << s
		occ |= bit
		white |= bit & b.whiteMask[j]
	}
	p.stm = Colour(x >> b.stmShift)
	p.occ = occ
	p.colOcc[White] = white
	p.colOcc[Black] = occ &^ white // only valid positions are used
}

// attacked reports whether square ksq is attacked by a piece of colour by, with occupancy
// occ, ignoring piece skip (a captured piece; -1 for none).
func (b *builder) attacked(p *position, ksq int, by Colour, occ uint64, skip int) bool {
	for _, e := range b.byColour[by] {
		if e != skip && geom.attacks(b.pieces[e], p.sq[e], ksq, occ) {
			return true
		}
	}
	return false
}

// subIndex is the index, in a table with piece skip removed (or none when skip < 0), of
// position p with piece j moved to square to and stm to move.
func (b *builder) subIndex(p *position, j, to, skip int, stm Colour) uint32 {
	x := uint32(stm)
	for i := 0; i < b.n; i++ {
		if i == skip {
			continue
		}
		s := p.sq[i]
		if i == j {
			s = to
		}
		x = x<<6 | uint32(s)
	}
	return x
}

// pieceAt returns the index of the piece on square s (which must be occupied).
func (b *builder) pieceAt(p *position, s int) int {
	for e := 0; e < b.n; e++ {
		if p.sq[e] == s {
			return e
		}
	}
	return -1
}

// scanResult summarises the legal moves of a position.
type scanResult struct {
	moves    int    // all legal moves
	inTable  int    // legal moves to positions of this table
	hasExit  bool   // some capture or promotion
	exitBest uint16 // the best of them, from the mover's side
}

func (r *scanResult) exit(v uint16) {
	if !r.hasExit || vScore(v) > vScore(r.exitBest) {
		r.exitBest = v
	}
	r.hasExit = true
}

// scan generates the legal moves of position p (index x). When init is set, double pushes
// after which the opponent's en passant capture wins are recorded as epEvents in ep (when
// not nil). Legality comes from masks, as in bitboard move generators: in check by one
// piece, a move other than the king's must take the checker or land between it and the
// king; in double check only the king moves; a pinned piece stays on the line of its pin.
func (b *builder) scan(x uint32, p *position, ep *pending) scanResult {
	var r scanResult
	us := p.stm
	them := 1 - us
	own := p.colOcc[us]
	enemy := p.colOcc[them]
	ksq := p.sq[us]
	// Squares the enemy attacks through our king (so the king cannot step back along a
	// checking ray), the checkers, and the pieces pinned to our king with their lines.
	occNoK := p.occ &^ (1 << uint(ksq))
	var att, checkers uint64
	var pinned [MaxPieces]uint64 // a pinned square, and the line it may move on
	var pinLine [MaxPieces]uint64
	np := 0
	for e := 0; e < b.n; e++ {
		pe := b.pieces[e]
		if pe.Colour != them {
			continue
		}
		se := p.sq[e]
		a := geom.pieceAttacks(pe, se, occNoK)
		att |= a
		if a>>uint(ksq)&1 != 0 {
			checkers |= 1 << uint(se)
		}
		if pe.Kind == Queen || pe.Kind == Rook || pe.Kind == Bishop {
			l := geom.line[se][ksq]
			if l != lineNone && (pe.Kind == Queen || (pe.Kind == Rook) == (l == lineOrth)) {
				if bt := geom.between[se][ksq] & p.occ; bt != 0 && bt&(bt-1) == 0 && bt&own != 0 {
					pinned[np] = bt
					pinLine[np] = geom.between[se][ksq] | 1<<uint(se)
					np++
				}
			}
		}
	}
	legal := ^uint64(0) // where a piece other than the king may go
	if checkers != 0 {
		if checkers&(checkers-1) != 0 {
			legal = 0
		} else {
			legal = geom.between[trailing(checkers)][ksq] | checkers
		}
	}
	for j := 0; j < b.n; j++ {
		pc := b.pieces[j]
		if pc.Colour != us {
			continue
		}
		from := p.sq[j]
		mask := legal
		if pc.Kind != King {
			for i := 0; i < np; i++ {
				if pinned[i]>>uint(from)&1 != 0 {
					mask &= pinLine[i]
				}
			}
		}
		if pc.Kind == Pawn {
			b.scanPawn(x, p, j, &r, ep, mask)
			continue
		}
		var targets uint64
		switch pc.Kind {
		case King:
			targets = geom.king[from] &^ own &^ att
		case Knight:
			targets = geom.knight[from] &^ own & mask
		default:
			targets = geom.sliderAttacks(pc.Kind, from, p.occ) &^ own & mask
		}
		q := popcount(targets &^ enemy)
		r.moves += q
		r.inTable += q
		for caps := targets & enemy; caps != 0; caps &= caps - 1 {
			t := trailing(caps)
			capt := b.pieceAt(p, t)
			r.moves++
			r.exit(vFlip(b.capSub[capt].val[b.subIndex(p, j, t, capt, them)]))
		}
	}
	return r
}

// scanPawn adds the legal moves of pawn j to r; mask holds the squares it may legally go
// to (see scan; en passant, which is not a move here, is not concerned).
func (b *builder) scanPawn(x uint32, p *position, j int, r *scanResult, ep *pending, mask uint64) {
	us := p.stm
	them := 1 - us
	from := p.sq[j]
	dir, startRow, lastRow := -8, 6, 0
	if us == Black {
		dir, startRow, lastRow = 8, 1, 7
	}
	one := from + dir
	if p.occ>>uint(one)&1 == 0 {
		if mask>>uint(one)&1 != 0 {
			if one>>3 == lastRow {
				for k := Queen; k <= Knight; k++ {
					r.moves++
					r.exit(vFlip(b.promSub[j][k].val[b.subIndex(p, j, one, -1, them)]))
				}
			} else {
				r.moves++
				r.inTable++
			}
		}
		two := one + dir
		if from>>3 == startRow && p.occ>>uint(two)&1 == 0 && mask>>uint(two)&1 != 0 {
			r.moves++
			r.inTable++
			if ep != nil {
				b.epAtInit(ep, x, p, j, two)
			}
		}
	}
	caps := geom.pawn[us][from] & p.colOcc[them] & mask
	for caps != 0 {
		t := trailing(caps)
		caps &= caps - 1
		capt := b.pieceAt(p, t)
		if t>>3 == lastRow {
			for k := Queen; k <= Knight; k++ {
				r.moves++
				r.exit(vFlip(b.capPromSub[j][capt][k].val[b.subIndex(p, j, t, capt, them)]))
			}
		} else {
			r.moves++
			r.exit(vFlip(b.capSub[capt].val[b.subIndex(p, j, t, capt, them)]))
		}
	}
}

// epAtInit handles X's double push of pawn j to square two: when the opponent then wins
// by capturing en passant, the move is known to lose at that distance, which is recorded
// as an event to be processed at that level.
func (b *builder) epAtInit(ep *pending, x uint32, p *position, j, two int) {
	var q position
	pidx := x ^ 1<<b.stmShift ^ uint32(two^p.sq[j])<<b.shift[j]
	b.decode(pidx, &q)
	has, e := b.epValue(&q, j)
	if has && vIsWin(e) {
		k := vDist(e)
		ep.epEvents = grow(ep.epEvents, k)
		ep.epEvents[k] = append(ep.epEvents[k], epEntry{x, pidx})
	}
}

// epValue: in position q, pawn j (of the side not to move) has just made a double push.
// It reports whether the side to move has a legal en passant capture and the best value
// of such captures for the side to move.
func (b *builder) epValue(q *position, j int) (bool, uint16) {
	s := q.stm
	to := q.sq[j]
	passed := to + 8
	if b.pieces[j].Colour == Black {
		passed = to - 8
	}
	has := false
	var best uint16
	for i := 2; i < b.n; i++ {
		pc := b.pieces[i]
		if pc.Kind != Pawn || pc.Colour != s || q.sq[i]>>3 != to>>3 {
			continue
		}
		if d := q.sq[i]&7 - to&7; d != 1 && d != -1 {
			continue
		}
		occ := q.occ&^(1<<uint(q.sq[i])|1<<uint(to)) | 1<<uint(passed)
		if b.attacked(q, q.sq[s], 1-s, occ, j) {
			continue
		}
		v := vFlip(b.capSub[j].val[b.subIndex(q, i, passed, j, 1-s)])
		if !has || vScore(v) > vScore(best) {
			best = v
		}
		has = true
	}
	return has, best
}

// initialise classifies every position that is computed (see builder.mirror), counts the
// moves that stay in the table and seeds the levels with mates and with values reached
// through captures and promotions. Such positions come in blocks of consecutive indices
// (one per side to move and square of the white king: 64 with pawns, 20 without), which
// b.workers goroutines take in turn.
func (b *builder) initialise() error {
	starts := b.computedBlocks()
	blocks := len(starts)
	w := min(max(1, b.workers), blocks)
	if len(b.val) < 1<<16 {
		w = 1
	}
	pend := make([]pending, w)
	errs := make([]error, w)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for i := range w {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				blk := int(next.Add(1)) - 1
				if blk >= blocks || errs[i] != nil {
					return
				}
				lo := starts[blk]
				errs[i] = b.initRange(lo, lo+1<<b.shift[0], &pend[i])
				if d := done.Add(1); b.progress != nil && len(b.val) >= 1<<24 && int(d) < blocks && int(d)*8%blocks == 0 {
					b.logf("%v: initialising %d%%", b.t.mat, int(d)*100/blocks)
				}
			}
		}()
	}
	wg.Wait()
	for i := range w {
		if errs[i] != nil {
			return errs[i]
		}
		b.pending.merge(&pend[i])
	}
	return nil
}

// initRange initialises the computed positions of lo..hi-1 (one block of computedBlocks),
// recording later events in q.
func (b *builder) initRange(lo, hi int, q *pending) error {
	var p position
	onDiag := b.kingOnDiagonal(uint32(lo))
	for xi := lo; xi < hi; xi++ {
		x := uint32(xi)
		if onDiag && b.transpose(x) < x {
			continue // not computed
		}
		b.decode(x, &p)
		if popcount(p.occ) != b.n {
			b.val[x] = vInvalid
			continue
		}
		illegal := false
		for j := 2; j < b.n; j++ {
			if b.pieces[j].Kind == Pawn {
				if row := p.sq[j] >> 3; row == 0 || row == 7 {
					illegal = true
					break
				}
			}
		}
		them := 1 - p.stm
		if illegal || b.attacked(&p, p.sq[them], p.stm, p.occ, -1) {
			b.val[x] = vIllegal
			continue
		}
		r := b.scan(x, &p, q)
		outs := r.inTable
		if r.hasExit {
			if vIsLoss(r.exitBest) {
				b.exitLoss[x>>6] |= 1 << (x & 63)
			} else {
				outs++ // a phantom out, never counted down: x cannot lose
			}
		}
		if outs > 255 {
			return fmt.Errorf("solve %v: %d moves in one position", b.t.mat, r.inTable)
		}
		b.val[x] = vOpen | uint16(outs)
		switch {
		case r.moves == 0:
			if b.attacked(&p, p.sq[p.stm], them, p.occ, -1) {
				b.val[x] = 1 // mated: loss in 0
				b.cur[x>>6] |= 1 << (x & 63)
			} // else stalemate: draw
		case r.hasExit && vIsWin(r.exitBest):
			q.addDeferred(vDist(r.exitBest), x)
		case r.inTable == 0 && vIsLoss(r.exitBest):
			q.addDeferred(vDist(r.exitBest), x)
		}
	}
	return nil
}

// retroWorker is one goroutine's state in the retrograde phase: the events it found for
// later distances and how many positions it resolved at the next distance.
type retroWorker struct {
	b     *builder
	p     position
	q     pending
	added int
}

// addLevel records that x was resolved at distance k, which is the distance being
// propagated (curK, only in the sequential part of a level) or the next one.
func (r *retroWorker) addLevel(k int, x uint32) {
	b := r.b
	switch k {
	case b.curK:
		atomic.OrUint64(&b.cur[x>>6], 1<<(x&63))
	case b.curK + 1:
		atomic.OrUint64(&b.next[x>>6], 1<<(x&63))
		r.added++
	default:
		panic(fmt.Sprintf("chess: level %d while propagating %d", k, b.curK))
	}
}

// finalizeLoss is called when every move of x that stays in the table is known to lose,
// the last one at distance lvl-1: x is lost (a capture or promotion that does not lose
// holds a phantom out, so x cannot get here), at the slower of lvl and its best exit.
func (r *retroWorker) finalizeLoss(x uint32, lvl int) {
	b := r.b
	d := lvl
	if b.exitLoss[x>>6]>>(x&63)&1 != 0 {
		var p position
		b.decode(x, &p)
		if e := b.scan(x, &p, nil); vDist(e.exitBest) > d {
			d = vDist(e.exitBest)
		}
	}
	if d == lvl {
		b.store(x, uint16(d+1))
		r.addLevel(d, x)
	} else {
		r.q.addDeferred(d, x)
	}
}

// lose records that one move of x, which stays in the table, is now known to lose at
// distance lvl-1 for x's side (when x is still unresolved).
func (r *retroWorker) lose(x uint32, lvl int) {
	if v, ok := r.b.decrement(x); ok && v == vOpen {
		r.finalizeLoss(x, lvl)
	}
}

// win records that x, when still unresolved, wins at distance lvl.
func (r *retroWorker) win(x uint32, lvl int) {
	if r.b.setIfUnresolved(x, uint16(lvl+1)) {
		r.addLevel(lvl, x)
	}
}

// halfWord returns the 32-bit word holding entry y and the shift of y's half in it.
func (b *builder) halfWord(y uint32) (*uint32, uint) {
	return (*uint32)(unsafe.Pointer(&b.val[y&^1])), uint((y&1)^b.bigEndian) * 16
}

// load returns entry y, read atomically.
func (b *builder) load(y uint32) uint16 {
	p, sh := b.halfWord(y)
	return uint16(atomic.LoadUint32(p) >> sh)
}

// store sets entry y to v atomically (the other half of its word may change meanwhile).
func (b *builder) store(y uint32, v uint16) {
	p, sh := b.halfWord(y)
	for {
		old := atomic.LoadUint32(p)
		if atomic.CompareAndSwapUint32(p, old, old&^(0xFFFF<<sh)|uint32(v)<<sh) {
			return
		}
	}
}

// setIfUnresolved sets entry y to v when it is unresolved, atomically; it reports whether
// it did.
func (b *builder) setIfUnresolved(y uint32, v uint16) bool {
	p, sh := b.halfWord(y)
	for {
		old := atomic.LoadUint32(p)
		if !vUnresolved(uint16(old >> sh)) {
			return false
		}
		if atomic.CompareAndSwapUint32(p, old, old&^(0xFFFF<<sh)|uint32(v)<<sh) {
			return true
		}
	}
}

// decrement removes one out from entry y when it is unresolved, atomically; it returns
// the new value and whether it did.
func (b *builder) decrement(y uint32) (uint16, bool) {
	p, sh := b.halfWord(y)
	for {
		old := atomic.LoadUint32(p)
		v := uint16(old >> sh)
		if !vUnresolved(v) {
			return v, false
		}
		if atomic.CompareAndSwapUint32(p, old, old-1<<sh) {
			return v - 1, true
		}
	}
}

// retrograde propagates values level by level, by un-moves. Within a level every
// resolved position has the same kind (losses at even distances, wins at odd ones), so
// their un-moves commute: b.workers goroutines share the level's positions, updating
// entries atomically, and the table is the same whatever the order.
func (b *builder) retrograde() error {
	nw := max(1, b.workers)
	ws := make([]retroWorker, nw)
	for i := range ws {
		ws[i].b = b
	}
	seq := &ws[0]
	lastLog := time.Now()
	anyCur := true // mates were put in cur by initialise
	for k := 0; anyCur || k < len(b.deferred) || k < len(b.epEvents); k++ {
		b.curK = k
		if k >= vMaxDist {
			return fmt.Errorf("solve %v: distance to mate over %d plies", b.t.mat, vMaxDist)
		}
		if k < len(b.deferred) {
			for _, x := range b.deferred[k] {
				if vUnresolved(b.val[x]) {
					b.val[x] = uint16(k + 1)
					seq.addLevel(k, x)
				}
			}
			b.deferred[k] = nil
		}
		if k < len(b.epEvents) {
			for _, e := range b.epEvents[k] {
				if !vUnresolved(b.val[e.x]) {
					continue
				}
				if vp := b.val[e.p]; vIsWin(vp) && vDist(vp) <= k {
					continue // the position itself was a win as fast: counted there
				}
				seq.lose(e.x, k+1)
			}
			b.epEvents[k] = nil
		}
		b.level(ws, k)
		if b.progress != nil && time.Since(lastLog) > 10*time.Second {
			b.logf("%v: distance %d done", b.t.mat, k)
			lastLog = time.Now()
		}
		anyCur = false
		for i := range ws {
			w := &ws[i]
			anyCur = anyCur || w.added > 0
			w.added = 0
			b.pending.merge(&w.q)
			for d := range w.q.deferred {
				w.q.deferred[d] = w.q.deferred[d][:0]
			}
		}
		b.cur, b.next = b.next, b.cur
	}
	return nil
}

// level runs the un-moves of every position of cur (resolved at distance k), shared
// between the workers ws by blocks of words, and clears cur.
func (b *builder) level(ws []retroWorker, k int) {
	const block = 512 // words of cur, 32768 positions
	run := func(w *retroWorker, lo, hi int) {
		for i := lo; i < hi; i++ {
			bits := b.cur[i]
			if bits == 0 {
				continue
			}
			for bits != 0 {
				x := uint32(i<<6 | trailing(bits))
				bits &= bits - 1
				w.unmoves(x, k)
			}
			b.cur[i] = 0
		}
	}
	if len(ws) == 1 || len(b.cur) <= block {
		run(&ws[0], 0, len(b.cur))
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for i := range ws {
		wg.Add(1)
		go func(w *retroWorker) {
			defer wg.Done()
			for {
				lo := int(next.Add(block)) - block
				if lo >= len(b.cur) {
					return
				}
				run(w, lo, min(len(b.cur), lo+block))
			}
		}(&ws[i])
	}
	wg.Wait()
}

// unmoves visits the predecessors of position x (resolved at distance k) that are still
// unresolved and updates them. Only positions with the white king on files a-d are
// computed: a predecessor by a white king move to files e-h (or ranks 1-4 without pawns)
// is replaced by its mirror image.
func (r *retroWorker) unmoves(x uint32, k int) {
	b := r.b
	p := &r.p
	b.decode(x, p)
	win := k&1 == 1 // x wins at odd distances
	mover := 1 - p.stm
	flip := x ^ 1<<b.stmShift
	// With the white king on the diagonal every predecessor is brought to its class's
	// computed position c. A move into x's class is counted out once per move of c:
	// when x is its own transpose, its predecessors come in pairs of transposes that are
	// one move of c, so one of each pair is taken; when c is its own transpose (and x is
	// not), the predecessor stands for two moves of c (one and its transpose), so c loses
	// two outs.
	onDiag := b.kingOnDiagonal(x)
	selfT := onDiag && b.transpose(x) == x
	for j := 0; j < b.n; j++ {
		pc := b.pieces[j]
		if pc.Colour != mover {
			continue
		}
		to := p.sq[j]
		var froms uint64
		switch pc.Kind {
		case King:
			froms = geom.king[to] &^ p.occ
		case Knight:
			froms = geom.knight[to] &^ p.occ
		case Pawn:
			// Un-push: back one square (never onto the first/eighth row), or two from
			// the start row.
			back, row2, row4 := 8, 6, 4
			if mover == Black {
				back, row2, row4 = -8, 1, 3
			}
			one := to + back
			if row := one >> 3; row >= 1 && row <= 6 && p.occ>>uint(one)&1 == 0 {
				froms = 1 << uint(one)
				two := one + back
				if to>>3 == row4 && p.occ>>uint(two)&1 == 0 && two>>3 == row2 {
					y := flip ^ uint32(to^two)<<b.shift[j]
					if vUnresolved(b.load(y)) {
						r.unmoveDouble(y, p, j, win, k)
					}
				}
			}
		default:
			froms = geom.sliderAttacks(pc.Kind, to, p.occ) &^ p.occ
		}
		for froms != 0 {
			f := trailing(froms)
			froms &= froms - 1
			y := flip ^ uint32(to^f)<<b.shift[j]
			if selfT && b.transpose(y) < y {
				continue // its transpose is taken
			}
			double := false
			if j == 0 || onDiag {
				y = b.canon(y)
				double = !selfT && b.kingOnDiagonal(y) && b.transpose(y) == y
			}
			if win {
				r.lose(y, k+1)
				if double {
					r.lose(y, k+1)
				}
			} else {
				r.win(y, k+1)
			}
		}
	}
}

// unmoveDouble handles predecessor y of x reached by un-making pawn j's double push. When
// the side to move in x can capture en passant, y's move leads to x with en passant
// rights, whose value is the better of x's value and the capture's.
func (r *retroWorker) unmoveDouble(y uint32, p *position, j int, win bool, k int) {
	has, e := r.b.epValue(p, j)
	switch {
	case !has:
		if win {
			r.lose(y, k+1)
		} else {
			r.win(y, k+1)
		}
	case win:
		if vIsWin(e) && vDist(e) < k {
			return // counted by the en passant event
		}
		r.lose(y, k+1)
	default: // x lost in k for its side to move
		if !vIsLoss(e) {
			return // the en passant capture saves x's side
		}
		if d := vDist(e); d > k {
			r.q.addDeferred(d+1, y)
			return
		}
		r.win(y, k+1)
	}
}

// derive returns the table of m from the table tf of its twin, where piece j of tf's
// material is piece perm[j] of m, with the other colour when flip is set: then position x
// of m is position x' of tf with the other side to move and every square mirrored top to
// bottom.
func derive(m Material, tf *Table, perm []int, flip bool, workers int) *Table {
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
	parallel(max(1, workers), (len(t.val)+block-1)/block, func(blk int) {
		for x := blk * block; x < min(len(t.val), (blk+1)*block); x++ {
			y := (x >> (6 * n)) ^ stm
			for j := range n {
				y = y<<6 | (x >> shift[perm[j]] & 63) ^ sq
			}
			t.val[x] = tf.val[y]
		}
	})
	return t
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

// parallel calls f(0) ... f(count-1), shared between w goroutines.
func parallel(w, count int, f func(int)) {
	if w <= 1 || count <= 1 {
		for i := range count {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(w, count) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= count {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}
