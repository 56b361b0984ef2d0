package tablebase

// This file maps a position onto its table's index and answers for it.

import (
	"fmt"
	"strings"

	"github.com/espresso-go/espresso/chess"
)

// ProbeFEN returns the value of the position fen (see ParseFEN) for the side to move.
// An error is a *PositionError (see Probe).
func (tb *Tablebase) ProbeFEN(fen string) (WDL, error) {
	p, err := ParseFEN(fen)
	if err != nil {
		return 0, err
	}
	v, perr := tb.probe(&p)
	if perr != nil {
		perr.FEN = fen
		return 0, perr
	}
	return v, nil
}

// Probe returns the value of position p for the side to move. Without an en passant
// square the value is read from the table alone; with one, the en passant captures count
// among the moves (see the package documentation). Bare kings are a draw without a table.
// An error is a *PositionError: an illegal position matches ErrIllegal, one whose
// material has no table in the directory ErrNoTable, one whose table file is bad
// ErrCorrupt, a probe after Close ErrClosed.
func (tb *Tablebase) Probe(p *Position) (WDL, error) {
	v, err := tb.probe(p)
	if err != nil {
		err.FEN = p.FEN()
		return 0, err
	}
	return v, nil
}

// probe is Probe with the error's FEN left for the caller to fill in.
func (tb *Tablebase) probe(p *Position) (WDL, *PositionError) {
	if tb.files == nil {
		return 0, &PositionError{Reason: "probe after Close", Err: ErrClosed}
	}
	if r := p.illegal(); r != "" {
		return 0, &PositionError{Reason: r, Err: ErrIllegal}
	}
	v, err := tb.value(p)
	if err != nil || p.EnPassant == 0 {
		return v, err
	}
	return tb.withEnPassant(p, v)
}

// stored returns the value the tables give p, a legal position, ignoring its en passant
// square: the value stored, which for a table built with its captures resolved only
// Options.ResolveCaptures answers.
func (tb *Tablebase) stored(p *Position) (WDL, *PositionError) {
	if len(p.Pieces) == 2 {
		return Draw, nil // bare kings
	}
	if len(p.Pieces) > chess.MaxPieces {
		return 0, &PositionError{Reason: fmt.Sprintf("%s: %d pieces, the tables hold at most %d", materialName(p), len(p.Pieces), chess.MaxPieces), Err: ErrNoTable}
	}
	var key uint32
	for _, pl := range p.Pieces {
		key += materialKey(pl.Piece)
	}
	flip := false
	f := tb.files[key]
	if f == nil {
		if f = tb.files[swapKey(key)]; f == nil {
			return 0, &PositionError{Reason: materialName(p), Err: ErrNoTable}
		}
		flip = true // colours swapped, ranks mirrored, the other side to move
	}
	e, err := f.table()
	if err != nil {
		return 0, &PositionError{Reason: err.Error(), Err: ErrCorrupt}
	}
	if e.capturesResolved && !tb.opt.ResolveCaptures {
		return 0, &PositionError{Reason: fmt.Sprintf("%s: built with its captures resolved: open the directory with Options{ResolveCaptures: true}", f.path), Err: ErrCapturesResolved}
	}
	stm := p.SideToMove
	if flip {
		stm ^= 1
	}
	if e.colourSym && stm == chess.Black {
		flip, stm = !flip, chess.White
	}
	var used [2][chess.Pawn + 1]uint8
	x := uint32(stm) << e.layout.StmShift()
	for _, pl := range p.Pieces {
		c, s := pl.Piece.Colour, uint32(pl.Square)
		if flip {
			c, s = 1-c, s^56
		}
		k := pl.Piece.Kind
		x |= s << e.shifts[c][k][used[c][k]]
		used[c][k]++
	}
	if e.canon != nil {
		x = e.canon.Canonical(x)
	}
	// A sliced table: the slice of the white king's square.
	pt := e.whole
	if pt == nil {
		king := e.layout.Square(x, 0)
		if pt = e.slices[king]; pt == nil {
			return 0, &PositionError{Reason: fmt.Sprintf("%s: no slice for the white king on %s", f.path, chess.SquareName(king)), Err: ErrCorrupt}
		}
	}
	return pt.value(x), nil
}

// withEnPassant returns the value of p, whose table value is v, when the en passant
// captures count among its moves: the best of v and the captures' values, or the
// captures' values alone when p has no other legal move.
func (tb *Tablebase) withEnPassant(p *Position, v WDL) (WDL, *PositionError) {
	us := p.SideToMove
	them := 1 - us
	ep := p.EnPassant
	pushed := ep + 8
	if us == chess.Black {
		pushed = ep - 8
	}
	col := p.occupancy()
	occ := col[0] | col[1]
	ksq := p.kingSquare(us)
	pawn := chess.Piece{Kind: chess.Pawn, Colour: us}
	best, any := Loss, false
	for i, pl := range p.Pieces {
		if pl.Piece != pawn || pl.Square>>3 != pushed>>3 || (pl.Square-pushed != 1 && pl.Square-pushed != -1) {
			continue
		}
		after := occ&^(1<<uint(pl.Square)|1<<uint(pushed)) | 1<<uint(ep)
		if p.attacked(ksq, them, after, pushed) {
			continue // the capture leaves the king in check
		}
		q := Position{SideToMove: them, Pieces: make([]Placement, 0, len(p.Pieces)-1)}
		for j, o := range p.Pieces {
			switch {
			case j == i:
				q.Pieces = append(q.Pieces, Placement{Piece: pawn, Square: ep})
			case o.Square != pushed:
				q.Pieces = append(q.Pieces, o)
			}
		}
		w, err := tb.value(&q)
		if err != nil {
			err.Reason = fmt.Sprintf("en passant capture on %s: %s", chess.SquareName(ep), err.Reason)
			return 0, err
		}
		if w = -w; !any || w > best {
			best, any = w, true
		}
	}
	switch {
	case !any:
		return v, nil
	case !p.hasLegalMove() || best > v:
		return best, nil
	}
	return v, nil
}

// materialName returns the name of p's material in Syzygy's spelling, for messages.
func materialName(p *Position) string {
	var side [2]strings.Builder
	for _, k := range []chess.Kind{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn} {
		for _, pl := range p.Pieces {
			if pl.Piece.Kind == k {
				side[pl.Piece.Colour].WriteByte("KQRBNP"[k])
			}
		}
	}
	return side[0].String() + "v" + side[1].String()
}
