package tablebase

// This file holds the position a probe answers for, its legality and its legal moves
// (which only a probe with an en passant square needs).

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/espresso-go/espresso/chess"
)

// Placement is a piece on a square (a8 = 0, b8 = 1, ..., h1 = 63, as in package chess).
type Placement struct {
	Piece  chess.Piece
	Square int
}

// Position is a chess position without castling rights: the pieces on their squares, in
// any order, the side to move and the en passant square.
type Position struct {
	Pieces     []Placement
	SideToMove chess.Colour
	// EnPassant is the square a pawn that has just moved two squares passed over (e3 after
	// e2-e4), or 0 for none: a8 is never an en passant square.
	EnPassant int
}

// occupancy returns the squares occupied by each colour.
func (p *Position) occupancy() (col [2]uint64) {
	for _, pl := range p.Pieces {
		col[pl.Piece.Colour] |= 1 << uint(pl.Square)
	}
	return col
}

// attacked reports whether square sq is attacked by a piece of colour by, with the
// squares of occ occupied, leaving out the piece on square skip (one being captured; -1
// for none).
func (p *Position) attacked(sq int, by chess.Colour, occ uint64, skip int) bool {
	for _, pl := range p.Pieces {
		if pl.Piece.Colour == by && pl.Square != skip && chess.Attacks(pl.Piece, pl.Square, occ)>>uint(sq)&1 != 0 {
			return true
		}
	}
	return false
}

// kingSquare returns the square of colour c's king (the position is checked first).
func (p *Position) kingSquare(c chess.Colour) int {
	for _, pl := range p.Pieces {
		if pl.Piece == (chess.Piece{Kind: chess.King, Colour: c}) {
			return pl.Square
		}
	}
	return -1
}

// Check returns an error when p is not a legal position of the tables: a square out of
// range or taken twice, not exactly one king a side, more than 16 pieces or 8 pawns a
// side, a pawn on the first or eighth rank,
// the side not to move in check, or an en passant square that no double push explains.
// The error is a *PositionError matching ErrIllegal.
func (p *Position) Check() error {
	if r := p.illegal(); r != "" {
		return &PositionError{FEN: p.FEN(), Reason: r, Err: ErrIllegal}
	}
	return nil
}

// illegal returns why p is not a legal position of the tables, or "" when it is.
func (p *Position) illegal() string {
	var occ uint64
	var kings, pieces, pawns [2]int
	for _, pl := range p.Pieces {
		s := pl.Square
		if s < 0 || s > 63 {
			return fmt.Sprintf("square %d out of range", s)
		}
		if occ>>uint(s)&1 != 0 {
			return fmt.Sprintf("two pieces on %s", chess.SquareName(s))
		}
		occ |= 1 << uint(s)
		if pl.Piece.Kind > chess.Pawn || pl.Piece.Colour > chess.Black {
			return fmt.Sprintf("unknown piece on %s", chess.SquareName(s))
		}
		pieces[pl.Piece.Colour]++
		switch pl.Piece.Kind {
		case chess.King:
			kings[pl.Piece.Colour]++
		case chess.Pawn:
			pawns[pl.Piece.Colour]++
			if r := s >> 3; r == 0 || r == 7 {
				return fmt.Sprintf("pawn on %s", chess.SquareName(s))
			}
		}
	}
	for c, n := range pieces {
		switch {
		case n > 16:
			return fmt.Sprintf("%d %s pieces, at most 16", n, colourName[c])
		case pawns[c] > 8:
			return fmt.Sprintf("%d %s pawns, at most 8", pawns[c], colourName[c])
		}
	}
	if kings[chess.White] != 1 || kings[chess.Black] != 1 {
		return fmt.Sprintf("%d white and %d black kings, want one each", kings[chess.White], kings[chess.Black])
	}
	if p.SideToMove > chess.Black {
		return fmt.Sprintf("side to move %d", p.SideToMove)
	}
	them := 1 - p.SideToMove
	if p.attacked(p.kingSquare(them), p.SideToMove, occ, -1) {
		return fmt.Sprintf("the side not to move (%s) is in check", colourName[them])
	}
	if p.EnPassant != 0 {
		return p.checkEnPassant(occ)
	}
	return ""
}

var colourName = [2]string{"white", "black"}

// checkEnPassant checks that a pawn of the side not to move stands just past the en
// passant square, and that the square and the pawn's start square are empty; it returns
// what is wrong, or "".
func (p *Position) checkEnPassant(occ uint64) string {
	ep := p.EnPassant
	them := 1 - p.SideToMove
	row, dir := 2, 8 // White to move: the square on the sixth rank, the pawn below it
	if p.SideToMove == chess.Black {
		row, dir = 5, -8
	}
	if ep < 0 || ep > 63 || ep>>3 != row {
		return fmt.Sprintf("en passant square %s: not on the %s rank", squareOrNumber(ep), [2]string{"sixth", "third"}[p.SideToMove])
	}
	pawn := chess.Piece{Kind: chess.Pawn, Colour: them}
	if occ>>uint(ep)&1 != 0 || occ>>uint(ep-dir)&1 != 0 || p.pieceOn(ep+dir) != pawn {
		return fmt.Sprintf("en passant square %s: no %s pawn has just moved two squares past it", chess.SquareName(ep), colourName[them])
	}
	return ""
}

func squareOrNumber(s int) string {
	if s >= 0 && s < 64 {
		return chess.SquareName(s)
	}
	return fmt.Sprint(s)
}

// pieceOn returns the piece on square s, or a king of colour 2 (no piece) when s is empty.
func (p *Position) pieceOn(s int) chess.Piece {
	for _, pl := range p.Pieces {
		if pl.Square == s {
			return pl.Piece
		}
	}
	return chess.Piece{Colour: 2}
}

// hasLegalMove reports whether the side to move has a legal move other than an en passant
// capture. The position must be legal (Check).
func (p *Position) hasLegalMove() bool {
	us := p.SideToMove
	col := p.occupancy()
	occ := col[0] | col[1]
	ksq := p.kingSquare(us)
	for _, pl := range p.Pieces {
		if pl.Piece.Colour != us {
			continue
		}
		from := pl.Square
		var targets uint64
		if pl.Piece.Kind == chess.Pawn {
			targets = chess.Attacks(pl.Piece, from, occ) & col[1-us]
			dir, start := -8, 6
			if us == chess.Black {
				dir, start = 8, 1
			}
			if one := from + dir; occ>>uint(one)&1 == 0 {
				targets |= 1 << uint(one)
				if two := one + dir; from>>3 == start && occ>>uint(two)&1 == 0 {
					targets |= 1 << uint(two)
				}
			}
		} else {
			targets = chess.Attacks(pl.Piece, from, occ) &^ col[us]
		}
		for ; targets != 0; targets &= targets - 1 {
			to := bits.TrailingZeros64(targets)
			after := occ&^(1<<uint(from)) | 1<<uint(to)
			k := ksq
			if pl.Piece.Kind == chess.King {
				k = to
			}
			if !p.attacked(k, 1-us, after, to) {
				return true
			}
		}
	}
	return false
}

// FEN returns the position in Forsyth-Edwards notation, with no castling rights and the
// move counters "0 1" ('?' for an unknown piece; a piece off the board is left out).
func (p *Position) FEN() string {
	var board [64]byte
	for _, pl := range p.Pieces {
		switch {
		case pl.Square < 0 || pl.Square > 63:
		case pl.Piece.Kind > chess.Pawn || pl.Piece.Colour > chess.Black:
			board[pl.Square] = '?'
		default:
			board[pl.Square] = pl.Piece.Letter()
		}
	}
	var b strings.Builder
	b.WriteString(chess.BoardFEN(&board))
	b.WriteString(" " + string("wb"[p.SideToMove&1]) + " - ")
	if p.EnPassant != 0 {
		b.WriteString(squareOrNumber(p.EnPassant))
	} else {
		b.WriteByte('-')
	}
	b.WriteString(" 0 1")
	return b.String()
}
