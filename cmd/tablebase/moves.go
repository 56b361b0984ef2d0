package main

// This file answers for a position and each of its legal moves, as `probe --moves` and
// `serve` report them. Package github.com/corentings/chess/v2 generates the legal moves
// and writes them in SAN and UCI; every value comes from the tables.

import (
	"errors"
	"fmt"
	"sort"
	"sync"

	chesslib "github.com/corentings/chess/v2"

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
// the move generator gives them within each group.
func analyse(tb *tablebase.Tablebase, fen string, moves bool) (answer, error) {
	v, err := tb.ProbeFEN(fen)
	if err != nil {
		return answer{}, err
	}
	p, err := tablebase.ParseFEN(fen)
	if err != nil {
		return answer{}, err // ProbeFEN has parsed it
	}
	a := answer{WDL: v, Insufficient: insufficientMaterial(&p)}
	if !moves {
		return a, nil
	}
	pos, err := decodeFEN(p.FEN())
	if err != nil {
		return answer{}, fmt.Errorf("move generator: %w", err)
	}
	switch pos.Status() {
	case chesslib.Checkmate:
		a.Checkmate = true
	case chesslib.Stalemate:
		a.Stalemate = true
	}
	for _, m := range pos.ValidMoves() {
		ma := moveAnswer{
			UCI:     chesslib.UCINotation{}.Encode(pos, &m),
			SAN:     chesslib.AlgebraicNotation{}.Encode(pos, &m),
			Zeroing: m.HasTag(chesslib.Capture) || m.HasTag(chesslib.EnPassant) || pos.Board().Piece(m.S1()).Type() == chesslib.Pawn,
		}
		after := pos.Update(&m)
		switch after.Status() {
		case chesslib.Checkmate:
			ma.Checkmate = true
		case chesslib.Stalemate:
			ma.Stalemate = true
		}
		q, err := tablebase.ParseFEN(after.String())
		if err == nil {
			ma.Insufficient = insufficientMaterial(&q)
			if ma.WDL, err = tb.Probe(&q); err == nil {
				ma.Known = true
			}
		}
		if err != nil && !errors.Is(err, tablebase.ErrNoTable) && !errors.Is(err, tablebase.ErrCorrupt) {
			return answer{}, fmt.Errorf("move %s: %w", ma.UCI, err)
		}
		a.Moves = append(a.Moves, ma)
	}
	sort.SliceStable(a.Moves, func(i, j int) bool { return moveOrder(&a.Moves[i]) < moveOrder(&a.Moves[j]) })
	return a, nil
}

// fenDecoding serializes the move generator's FEN decoding: chess/v2 v2.3.2 splits the
// board into ranks in a package-level array (fen.go's rankBuffer), so two decodings at
// once can read each other's ranks and set up a wrong board (TestAnalyseConcurrent under
// -race). Its other package-level values are read-only tables and sync.Pools.
var fenDecoding sync.Mutex

// decodeFEN returns fen as the move generator's position.
func decodeFEN(fen string) (*chesslib.Position, error) {
	fenDecoding.Lock()
	defer fenDecoding.Unlock()
	var pos chesslib.Position
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return nil, err
	}
	return &pos, nil
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
