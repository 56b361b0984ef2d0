package chess

// This file implements the retrograde analysis: positions resolved at one distance
// resolve, through their unmoves, their predecessors at the next.

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/espresso-go/espresso/internal/workpool"
)

type epEntry struct {
	x, p uint32
}

// pending holds events for later distances.
type pending struct {
	// deferred[k]: positions known to be resolved at distance k (value k+1: a win when k
	// is odd, a loss when even) unless resolved faster; set when level k starts.
	deferred [][]uint32
	// epEvents[k]: double pushes that stay in the table (see doublePush) after which the
	// opponent's en passant capture wins in k.
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
	c := b.at(x)
	switch k {
	case b.curK:
		atomic.OrUint64(&b.cur[c>>6], 1<<(c&63))
	case b.curK + 1:
		atomic.OrUint64(&b.next[c>>6], 1<<(c&63))
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
	if c := b.at(x); b.exitLoss[c>>6]>>(c&63)&1 != 0 {
		var p position
		b.decode(x, &p)
		if e := b.scan(x, &p, nil, scanValues); vDist(e.exitBest) > d {
			d = vDist(e.exitBest)
		}
	}
	if d == lvl {
		b.resolve(x, uint16(d+1))
		r.addLevel(d, x)
	} else {
		r.q.addDeferred(d, x)
	}
}

// lose records that one move of x, which stays in the table, is now known to lose at
// distance lvl-1 for x's side (when x is still unresolved).
func (r *retroWorker) lose(x uint32, lvl int) {
	if v, ok := r.b.decrement(x); ok && v == sOpen {
		r.finalizeLoss(x, lvl)
	}
}

// win records that x, when still unresolved, wins at distance lvl.
func (r *retroWorker) win(x uint32, lvl int) {
	if r.b.setIfUnresolved(x, uint16(lvl+1)) {
		r.addLevel(lvl, x)
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
	seq.added = int(b.preResolved.Load()) // initialise put them in next
	lastLog := time.Now()
	anyCur := true // mates were put in cur by initialise
	for k := 0; anyCur || k < len(b.deferred) || k < len(b.epEvents); k++ {
		b.curK = k
		if k >= vMaxDist {
			return fmt.Errorf("solve %v: distance to mate over %d plies", b.t.mat, vMaxDist)
		}
		if k < len(b.deferred) {
			for _, x := range b.deferred[k] {
				if sUnresolved(b.state(x)) {
					b.resolve(x, uint16(k+1))
					seq.addLevel(k, x)
				}
			}
			b.deferred[k] = nil
		}
		if k < len(b.epEvents) {
			for _, e := range b.epEvents[k] {
				if !sUnresolved(b.state(e.x)) {
					continue
				}
				// Every win resolved by now is at distance k or less: level k-1 resolved
				// those at k, initialise those at 1, and events come at odd k.
				if b.state(e.p) == sWin {
					continue // the position itself was a win as fast: counted there
				}
				seq.lose(e.x, k+1)
			}
			b.epEvents[k] = nil
		}
		if err := b.level(ws, k); err != nil {
			return fmt.Errorf("solve %v: distance %d: %w", b.t.mat, k, err)
		}
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
func (b *builder) level(ws []retroWorker, k int) error {
	const block = 512 // words of cur, 32768 positions
	return workpool.Run((len(b.cur)+block-1)/block, len(ws), 1, func(w, blk int) error {
		r := &ws[w]
		for i := blk * block; i < min(len(b.cur), (blk+1)*block); i++ {
			bits := b.cur[i]
			if bits == 0 {
				continue
			}
			for bits != 0 {
				c := uint32(i<<6 | trailing(bits))
				bits &= bits - 1
				r.unmoves(b.index(c), k)
			}
			b.cur[i] = 0
		}
		return nil
	})
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
					if sUnresolved(b.load(y)) {
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
// rights, whose value is the better of x's value and the capture's. That holds too when
// x is mated but for en passant: mate, a loss in 0, is never the better. A stalemate but
// for en passant is never resolved, so never gets here: doublePush valued y's move.
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
