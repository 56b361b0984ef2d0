package main

// This file answers for a position and each of its legal moves, as `probe --moves` and
// `serve` report them: package tablebase generates the legal moves, plays them, names
// them in SAN and UCI and tells check, checkmate and stalemate from the position after
// each move; every value comes from the tables.

import (
	"errors"
	"fmt"
	"sort"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
)

// answer is a probed position: its value for the side to move and, when asked for, its
// legal moves.
type answer struct {
	WDL          tablebase.WDL // for the side to move
	Checkmate    bool
	Stalemate    bool
	Insufficient bool // neither side has the pieces to mate
	Moves        []moveAnswer
}

// moveAnswer is one legal move and the position it leads to, valued for the side to move
// there (the opponent): a move that wins leads to a loss.
type moveAnswer struct {
	UCI, SAN     string
	Zeroing      bool          // a capture or a pawn move
	Known        bool          // false when the position after the move has no table or a bad one
	WDL          tablebase.WDL // for the opponent, when Known
	Checkmate    bool
	Stalemate    bool
	Insufficient bool
}

// category returns the name of a value for the side to move: "win", "draw" or "loss".
func category(v tablebase.WDL) string { return v.String() }

// moveCategory is a move's category, "unknown" where its position could not be probed.
func (m *moveAnswer) category() string {
	if !m.Known {
		return "unknown"
	}
	return category(m.WDL)
}

// analyse probes the position fen and, with moves, every legal move of it: the value of
// the position after it. The moves come best first for the side to move: those that leave
// the opponent lost (checkmates first), then drawn, then unknown, then won; in the order
// of Position.LegalMoves within each group. The FEN is parsed once; the positions after
// the moves are played on the parsed position.
func analyse(tb *tablebase.Tablebase, fen string, moves bool) (answer, error) {
	p, err := tablebase.ParseFEN(fen)
	if err != nil {
		return answer{}, err
	}
	v, err := tb.Probe(&p)
	if err != nil {
		if pe := (*tablebase.PositionError)(nil); errors.As(err, &pe) {
			pe.FEN = fen // as the user wrote it
		}
		return answer{}, err
	}
	a := answer{WDL: v, Insufficient: insufficientMaterial(&p)}
	if !moves {
		return a, nil
	}
	legal := p.LegalMoves()
	if len(legal) == 0 {
		a.Checkmate, a.Stalemate = p.InCheck(), !p.InCheck()
	}
	for _, m := range legal {
		q := p.Play(m)
		ma := moveAnswer{
			UCI:          m.UCI(),
			SAN:          p.SAN(m),
			Zeroing:      p.IsZeroing(m),
			Checkmate:    q.Checkmate(),
			Stalemate:    q.Stalemate(),
			Insufficient: insufficientMaterial(&q),
		}
		if ma.WDL, err = tb.Probe(&q); err == nil {
			ma.Known = true
		} else if !errors.Is(err, tablebase.ErrNoTable) && !errors.Is(err, tablebase.ErrCorrupt) {
			return answer{}, fmt.Errorf("move %s: %w", ma.UCI, err)
		}
		a.Moves = append(a.Moves, ma)
	}
	sort.SliceStable(a.Moves, func(i, j int) bool { return moveOrder(&a.Moves[i]) < moveOrder(&a.Moves[j]) })
	return a, nil
}

// moveOrder ranks a move for the side that plays it, best lowest.
func moveOrder(m *moveAnswer) int {
	switch {
	case !m.Known:
		return 3
	case m.Checkmate:
		return 0
	case m.WDL < 0:
		return 1
	case m.WDL == 0:
		return 2
	}
	return 4
}

// insufficientMaterial reports whether neither side can ever mate: no pawn, rook or queen,
// and at most one minor piece in all, or only bishops, all on squares of one colour.
func insufficientMaterial(p *tablebase.Position) bool {
	minors, bishops := 0, [2]int{}
	for _, pl := range p.Pieces {
		switch pl.Piece.Kind {
		case chess.Pawn, chess.Rook, chess.Queen:
			return false
		case chess.Knight:
			minors++
		case chess.Bishop:
			minors++
			bishops[(pl.Square>>3+pl.Square&7)&1]++
		}
	}
	return minors <= 1 || bishops[0] == minors || bishops[1] == minors
}
