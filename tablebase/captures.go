package tablebase

// This file answers with the captures resolved one ply deep, as Syzygy's prober does
// (Fathom's probe_ab): the tables built with format.CapturesResolved need it, the others
// give the same answers with it or without.

import (
	"fmt"
	"math/bits"

	"github.com/espresso-go/espresso/chess"
)

// Options says how a Tablebase answers (see OpenWith).
type Options struct {
	// ResolveCaptures answers every position as the better, for the side to move, of its
	// stored value and its captures' values (capture-promotions included, and en passant
	// captures where the position has an en passant square), the position after each
	// capture answered the same way, down to the tables of fewer pieces: Syzygy's
	// semantics. The tables of the captures must be in the directory. A table built with
	// its captures resolved (format.CapturesResolved) is answered only so; an exact table
	// gives the same answers either way, at the cost of the search.
	ResolveCaptures bool
}

// value returns the value of p, a legal position, ignoring its en passant square: the
// stored value, or with Options.ResolveCaptures the better of it and the captures'.
func (tb *Tablebase) value(p *Position) (WDL, *PositionError) {
	if tb.opt.ResolveCaptures {
		return tb.resolved(p, Loss, Win)
	}
	return tb.stored(p)
}

// resolved returns the value of p, a legal position (its en passant square ignored), as
// the better of its stored value and its captures', each capture's position resolved
// the same way, searched within the bounds alpha < beta as alpha-beta searches: the
// result is exact when it lies strictly between them, else a bound on the same side.
// The stored value comes first: it bounds the result from below, and a win needs no
// search.
func (tb *Tablebase) resolved(p *Position, alpha, beta WDL) (WDL, *PositionError) {
	v, err := tb.stored(p)
	if err != nil {
		return 0, err
	}
	alpha = max(alpha, v)
	if alpha >= beta || len(p.Pieces) <= 2 {
		return alpha, nil
	}
	us := p.SideToMove
	them := 1 - us
	col := p.occupancy()
	occ := col[0] | col[1]
	ksq := p.kingSquare(us)
	last := 0 // the row a pawn of ours promotes on
	if us == chess.Black {
		last = 7
	}
	var after *scratch // the position after a capture, made at the first
	for i, pl := range p.Pieces {
		if pl.Piece.Colour != us {
			continue
		}
		for t := chess.Attacks(pl.Piece, pl.Square, occ) & col[them]; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			k := ksq
			if pl.Piece.Kind == chess.King {
				k = to
			}
			if p.attacked(k, them, occ&^(1<<uint(pl.Square)), to) {
				continue // the capture leaves our king in check
			}
			if after == nil {
				after = new(scratch)
			}
			q := &after.p
			q.SideToMove, q.Pieces = them, after.buf[:0]
			moved := 0
			for j, o := range p.Pieces {
				switch {
				case j == i:
					moved = len(q.Pieces)
					q.Pieces = append(q.Pieces, Placement{Piece: pl.Piece, Square: to})
				case o.Square != to:
					q.Pieces = append(q.Pieces, o)
				}
			}
			lo, hi := pl.Piece.Kind, pl.Piece.Kind
			if pl.Piece.Kind == chess.Pawn && to>>3 == last {
				lo, hi = chess.Queen, chess.Knight // the promotions
			}
			for kind := lo; kind <= hi; kind++ {
				q.Pieces[moved].Piece.Kind = kind
				w, err := tb.resolved(q, -beta, -alpha)
				if err != nil {
					err.Reason = fmt.Sprintf("capture on %s: %s", chess.SquareName(to), err.Reason)
					return 0, err
				}
				if w = -w; w > alpha {
					if alpha = w; alpha >= beta {
						return alpha, nil
					}
				}
			}
		}
	}
	return alpha, nil
}

// scratch holds a position of up to chess.MaxPieces pieces without allocating its
// pieces apart.
type scratch struct {
	p   Position
	buf [chess.MaxPieces]Placement
}
