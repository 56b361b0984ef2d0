package tablebase

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/espresso-go/espresso/chess"
)

// ParseFEN parses a position in Forsyth-Edwards notation: the board, the side to move,
// castling rights, which must be "-" (the tables hold no castling), the en passant square
// and, optionally, the two move counters, which are checked and ignored. It checks the
// syntax only; a probe checks that the position is legal. An error is a *PositionError
// matching ErrIllegal.
func ParseFEN(fen string) (Position, error) {
	var p Position
	f := strings.Fields(fen)
	if len(f) < 4 || len(f) > 6 {
		return p, fenError(fen, "%d fields, want 4 to 6 (board, side to move, castling, en passant[, counters])", len(f))
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return p, fenError(fen, "%d ranks, want 8", len(ranks))
	}
	for r, rank := range ranks {
		c := 0
		for i := 0; i < len(rank); i++ {
			ch := rank[i]
			if ch >= '1' && ch <= '8' {
				c += int(ch - '0')
				continue
			}
			pc, ok := pieceOfLetter(ch)
			if !ok {
				return p, fenError(fen, "unknown piece letter %q", ch)
			}
			if c < 8 {
				p.Pieces = append(p.Pieces, Placement{Piece: pc, Square: r*8 + c})
			}
			c++
		}
		if c != 8 {
			return p, fenError(fen, "rank %d has %d squares, want 8", 8-r, c)
		}
	}
	switch f[1] {
	case "w":
		p.SideToMove = chess.White
	case "b":
		p.SideToMove = chess.Black
	default:
		return p, fenError(fen, "side to move %q, want w or b", f[1])
	}
	if f[2] != "-" {
		return p, fenError(fen, "castling rights %q: the tables hold positions without castling, want -", f[2])
	}
	if f[3] != "-" {
		s, err := chess.ParseSquare(f[3])
		if err != nil || (s>>3 != 2 && s>>3 != 5) {
			return p, fenError(fen, "en passant square %q, want - or a square on the third or sixth rank", f[3])
		}
		p.EnPassant = s
	}
	for _, counter := range f[4:] {
		if n, err := strconv.ParseUint(counter, 10, 31); err != nil || n > 1<<20 {
			return p, fenError(fen, "move counter %q is not a number", counter)
		}
	}
	return p, nil
}

// pieceOfLetter returns the piece a FEN letter stands for ("K" white king, "q" black
// queen).
func pieceOfLetter(ch byte) (chess.Piece, bool) {
	col := chess.White
	if ch >= 'a' && ch <= 'z' {
		col = chess.Black
		ch -= 'a' - 'A'
	}
	k := strings.IndexByte("KQRBNP", ch)
	if k < 0 {
		return chess.Piece{}, false
	}
	return chess.Piece{Kind: chess.Kind(k), Colour: col}, true
}

// fenError returns the *PositionError of a FEN that does not parse.
func fenError(fen, format string, args ...any) *PositionError {
	return &PositionError{FEN: fen, Reason: fmt.Sprintf(format, args...), Err: ErrIllegal}
}
