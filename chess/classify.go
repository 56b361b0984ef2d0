package chess

// This file implements the first phase of a table's computation: each position classified
// (illegal, mate, stalemate, or resolved by a capture or promotion into a smaller table)
// and its moves that stay in the table counted.

import (
	"fmt"
	"sync/atomic"

	"github.com/espresso-go/espresso/internal/workpool"
)

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
		x = x<<SquareBits | uint32(s)
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

// scanMode says how much of a position's moves scan works out.
type scanMode uint8

const (
	// scanValues: every field of scanResult, the exits valued (see doublePush for the
	// double pushes that are exits).
	scanValues scanMode = iota
	// scanCount: scanResult.moves only, the number of legal moves, which is all that
	// telling a stalemate needs.
	scanCount
	// scanCaptures: scanResult.moves, and hasExit and exitBest over the captures alone
	// (capture-promotions included); promotions without a capture and double pushes are
	// counted, not valued, and their tables are not needed.
	scanCaptures
)

// scan generates the legal moves of position p (index x) as mode asks. At the start (ep
// not nil) double pushes after which the opponent's en passant capture wins are recorded
// as epEvents in ep. Legality comes from masks, as in bitboard move generators: in check
// by one piece, a move other than the king's must take the checker or land between it and
// the king; in double check only the king moves; a pinned piece stays on the line of its
// pin.
func (b *builder) scan(x uint32, p *position, ep *pending, mode scanMode) scanResult {
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
			b.scanPawn(x, p, j, &r, ep, mode, mask)
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
			r.exit(vFlip(b.capSub[capt].value(b.subIndex(p, j, t, capt, them))))
		}
	}
	return r
}

// scanPawn adds the legal moves of pawn j to r; mask holds the squares it may legally go
// to (see scan; en passant, which is not a move here, is not concerned).
func (b *builder) scanPawn(x uint32, p *position, j int, r *scanResult, ep *pending, mode scanMode, mask uint64) {
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
					if mode != scanCaptures {
						r.exit(vFlip(b.promSub[j][k].value(b.subIndex(p, j, one, -1, them))))
					}
				}
			} else {
				r.moves++
				r.inTable++
			}
		}
		two := one + dir
		if from>>3 == startRow && p.occ>>uint(two)&1 == 0 && mask>>uint(two)&1 != 0 {
			r.moves++
			if mode == scanValues {
				b.doublePush(x, p, j, two, r, ep)
			} else {
				r.inTable++
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
				r.exit(vFlip(b.capPromSub[j][capt][k].value(b.subIndex(p, j, t, capt, them))))
			}
		} else {
			r.moves++
			r.exit(vFlip(b.capSub[capt].value(b.subIndex(p, j, t, capt, them))))
		}
	}
}

// doublePush adds to r pawn j's double push to square two, a legal move of position x.
// Positions carry no en passant square, so the move's value is that of the position
// reached with the opponent's right to capture en passant: the better, for the
// opponent, of that position's table value and its en passant captures.
//
// When the captures are the opponent's only legal moves and the opponent is not in
// check, the table holds the position reached as a stalemate (a draw), which the
// opponent may not choose: the move's value is the best capture's alone, known now, and
// it counts as an exit (like a capture or promotion). Otherwise the move stays in the
// table; at the start (ep not nil), when a capture wins for the opponent, the move is
// known to lose at that distance, which is recorded as an event to be processed at that
// level; the retrograde phase's unmoveDouble values the rest.
func (b *builder) doublePush(x uint32, p *position, j, two int, r *scanResult, ep *pending) {
	var q position
	qx := x ^ 1<<b.stmShift ^ uint32(two^p.sq[j])<<b.shift[j]
	b.decode(qx, &q)
	has, e := b.epValue(&q, j)
	if has && b.stalemated(qx, &q) {
		r.exit(vFlip(e))
		return
	}
	r.inTable++
	if ep != nil && has && vIsWin(e) {
		k := vDist(e)
		ep.epEvents = grow(ep.epEvents, k)
		ep.epEvents[k] = append(ep.epEvents[k], epEntry{x, qx})
	}
}

// stalemated reports whether the side to move in legal position q (index x) has no legal
// move (en passant, which is not a move here, aside) and is not in check.
func (b *builder) stalemated(x uint32, q *position) bool {
	them := 1 - q.stm
	return !b.attacked(q, q.sq[q.stm], them, q.occ, -1) && b.scan(x, q, nil, scanCount).moves == 0
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
		v := vFlip(b.capSub[j].value(b.subIndex(q, i, passed, j, 1-s)))
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
	if b.size < 1<<16 {
		w = 1
	}
	pend := make([]pending, w)
	var done atomic.Int64
	err := workpool.Run(blocks, w, 1, func(i, blk int) error {
		lo := starts[blk]
		if err := b.initRange(lo, lo+1<<b.shift[0], &pend[i]); err != nil {
			return err
		}
		if d := done.Add(1); b.progress != nil && b.size >= 1<<24 && int(d) < blocks && int(d)*8%blocks == 0 {
			b.logf("%v: initialising %d%%", b.t.mat, int(d)*100/blocks)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := range w {
		b.pending.merge(&pend[i])
	}
	return nil
}

// initRange initialises the computed positions of lo..hi-1 (one block of computedBlocks),
// recording later events in q.
func (b *builder) initRange(lo, hi int, q *pending) error {
	var p position
	onDiag := b.kingOnDiagonal(uint32(lo))
	c0 := b.at(uint32(lo))
	pre := 0
	for xi := lo; xi < hi; xi++ {
		x := uint32(xi)
		c := c0 + uint32(xi-lo)
		if onDiag && b.transpose(x) < x {
			continue // not computed
		}
		b.decode(x, &p)
		if st, bad := b.notLegal(&p); bad {
			b.ent[c] = sIllegal
			if st == Invalid {
				b.ent[c] = sInvalid
			}
			continue
		}
		them := 1 - p.stm
		r := b.scan(x, &p, q, scanValues)
		outs := r.inTable
		if r.hasExit {
			if vIsLoss(r.exitBest) {
				b.exitLoss[c>>6] |= 1 << (c & 63)
			} else {
				outs++ // a phantom out, never counted down: x cannot lose
			}
		}
		if outs > sMaxOuts {
			return fmt.Errorf("solve %v: %d moves in one position", b.t.mat, r.inTable)
		}
		b.ent[c] = sOpen | uint8(outs)
		switch {
		case r.moves == 0:
			if b.attacked(&p, p.sq[p.stm], them, p.occ, -1) {
				b.setResolved(c, 1) // mated: loss in 0
				b.cur[c>>6] |= 1 << (c & 63)
			} // else stalemate: draw
		case r.hasExit && vIsWin(r.exitBest) && vDist(r.exitBest) == 1:
			// Resolved at distance 1 now rather than deferred: nothing resolves it
			// faster (only mates are at distance 0), and without distances (SolveValues)
			// every winning exit is at distance 1.
			b.setResolved(c, r.exitBest)
			b.next[c>>6] |= 1 << (c & 63)
			pre++
		case r.hasExit && vIsWin(r.exitBest):
			q.addDeferred(vDist(r.exitBest), x)
		case r.inTable == 0 && vIsLoss(r.exitBest):
			q.addDeferred(vDist(r.exitBest), x)
		}
	}
	b.preResolved.Add(int64(pre))
	return nil
}

// notLegal reports whether decoded position p is not legal, and then its status:
// Invalid when two pieces share a square, Illegal when a pawn stands on the first or
// eighth rank or the side not to move is in check.
func (b *builder) notLegal(p *position) (Status, bool) {
	if popcount(p.occ) != b.n {
		return Invalid, true
	}
	for j := 2; j < b.n; j++ {
		if b.pieces[j].Kind == Pawn {
			if row := p.sq[j] >> 3; row == 0 || row == 7 {
				return Illegal, true
			}
		}
	}
	if b.attacked(p, p.sq[1-p.stm], p.stm, p.occ, -1) {
		return Illegal, true
	}
	return 0, false
}

// setResolved sets the computed position of compact index c to the resolved value v (in
// the first phase, where each goroutine has blocks of its own).
func (b *builder) setResolved(c uint32, v uint16) {
	b.ent[c] = stateOf(v)
	if b.dist != nil {
		b.dist[c] = v
	}
}
