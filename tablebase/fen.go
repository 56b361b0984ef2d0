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
// syntax only; a probe checks that the position is legal.
func ParseFEN(fen string) (Position, error) {
	var p Position
	f := strings.Fields(fen)
	if len(f) < 4 || len(f) > 6 {
		return p, fmt.Errorf("FEN %q: %d fields, want 4 to 6 (board, side to move, castling, en passant[, counters])", fen, len(f))
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return p, fmt.Errorf("FEN %q: %d ranks, want 8", fen, len(ranks))
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
				return p, fmt.Errorf("FEN %q: unknown piece letter %q", fen, ch)
			}
			if c < 8 {
				p.Pieces = append(p.Pieces, Placement{Piece: pc, Square: r*8 + c})
			}
			c++
		}
		if c != 8 {
			return p, fmt.Errorf("FEN %q: rank %d has %d squares, want 8", fen, 8-r, c)
		}
	}
	switch f[1] {
	case "w":
		p.SideToMove = chess.White
	case "b":
		p.SideToMove = chess.Black
	default:
		return p, fmt.Errorf("FEN %q: side to move %q, want w or b", fen, f[1])
	}
	if f[2] != "-" {
		return p, fmt.Errorf("FEN %q: castling rights %q: the tables hold positions without castling, want -", fen, f[2])
	}
	if f[3] != "-" {
		s, err := chess.ParseSquare(f[3])
		if err != nil || (s>>3 != 2 && s>>3 != 5) {
			return p, fmt.Errorf("FEN %q: en passant square %q, want - or a square on the third or sixth rank", fen, f[3])
		}
		p.EnPassant = s
	}
	for _, counter := range f[4:] {
		if n, err := strconv.ParseUint(counter, 10, 31); err != nil || n > 1<<20 {
			return p, fmt.Errorf("FEN %q: move counter %q is not a number", fen, counter)
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
