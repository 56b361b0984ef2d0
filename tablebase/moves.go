package tablebase

// This file holds the legal moves of a Position, the position after each, and their
// names in UCI and SAN. Check, checkmate and stalemate come from the position after the
// move (its own attack test), never from a flag carried along with the move.

import (
	"math/bits"
	"strings"

	"github.com/espresso-go/espresso/chess"
)

// Move is a move of a Position: the piece on From goes to To (a8 = 0, ..., h1 = 63), and
// a pawn that reaches the last rank becomes Promotion (chess.Queen, Rook, Bishop or
// Knight). Promotion is chess.King, the zero Kind, for every other move: a pawn never
// promotes to a king. The tables hold no castling, so neither do moves.
type Move struct {
	From, To  int
	Promotion chess.Kind
}

// promotions are the kinds a pawn may promote to, in the order LegalMoves gives them.
var promotions = [...]chess.Kind{chess.Queen, chess.Rook, chess.Bishop, chess.Knight}

// UCI returns the move in UCI's long algebraic notation: "e2e4", "a7a8q".
func (m Move) UCI() string {
	s := chess.SquareName(m.From) + chess.SquareName(m.To)
	if m.Promotion != chess.King {
		s += string("kqrbnp"[m.Promotion])
	}
	return s
}

// LegalMoves returns the legal moves of p, a legal position (see Check), by the order of
// p.Pieces, then by target square, then promotions to queen, rook, bishop and knight. En
// passant captures count when p.EnPassant names a square.
func (p *Position) LegalMoves() []Move {
	var ms []Move
	p.moves(func(m Move) bool {
		ms = append(ms, m)
		return true
	})
	return ms
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	col := p.occupancy()
	return p.attacked(p.kingSquare(p.SideToMove), 1-p.SideToMove, col[0]|col[1], -1)
}

// Checkmate reports whether the side to move is in check and has no legal move.
func (p *Position) Checkmate() bool { return p.InCheck() && !p.anyMove() }

// Stalemate reports whether the side to move is not in check and has no legal move.
func (p *Position) Stalemate() bool { return !p.InCheck() && !p.anyMove() }

// anyMove reports whether the side to move has a legal move, en passant captures included.
func (p *Position) anyMove() bool {
	any := false
	p.moves(func(Move) bool {
		any = true
		return false
	})
	return any
}

// moves calls yield with each legal move of p until it returns false.
func (p *Position) moves(yield func(Move) bool) {
	us := p.SideToMove
	them := 1 - us
	col := p.occupancy()
	occ := col[0] | col[1]
	ksq := p.kingSquare(us)
	dir, start, last := -8, 6, 0 // White's pawns move towards rank 8, row 0
	if us == chess.Black {
		dir, start, last = 8, 1, 7
	}
	for _, pl := range p.Pieces {
		if pl.Piece.Colour != us {
			continue
		}
		from := pl.Square
		var targets uint64
		if pl.Piece.Kind == chess.Pawn {
			attacks := chess.Attacks(pl.Piece, from, occ)
			targets = attacks & col[them]
			if one := from + dir; occ>>uint(one)&1 == 0 {
				targets |= 1 << uint(one)
				if two := one + dir; from>>3 == start && occ>>uint(two)&1 == 0 {
					targets |= 1 << uint(two)
				}
			}
			if ep := p.EnPassant; ep != 0 && attacks>>uint(ep)&1 != 0 {
				captured := ep - dir
				after := occ&^(1<<uint(from)|1<<uint(captured)) | 1<<uint(ep)
				if !p.attacked(ksq, them, after, captured) && !yield(Move{From: from, To: ep}) {
					return
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
			if p.attacked(k, them, after, to) {
				continue
			}
			if pl.Piece.Kind == chess.Pawn && to>>3 == last {
				for _, kind := range promotions {
					if !yield(Move{From: from, To: to, Promotion: kind}) {
						return
					}
				}
				continue
			}
			if !yield(Move{From: from, To: to}) {
				return
			}
		}
	}
}

// isEnPassant reports whether m, a legal move of p, is an en passant capture.
func (p *Position) isEnPassant(m Move) bool {
	return p.EnPassant != 0 && m.To == p.EnPassant && p.pieceOn(m.From).Kind == chess.Pawn && (m.From-m.To)&7 != 0
}

// IsCapture reports whether m, a legal move of p, captures a piece (en passant included).
func (p *Position) IsCapture(m Move) bool {
	return p.pieceOn(m.To).Colour == 1-p.SideToMove || p.isEnPassant(m)
}

// IsZeroing reports whether m, a legal move of p, resets the fifty-move counter: a
// capture or a pawn move.
func (p *Position) IsZeroing(m Move) bool {
	return p.pieceOn(m.From).Kind == chess.Pawn || p.IsCapture(m)
}

// Play returns the position after m, a legal move of p; p is unchanged. Its en passant
// square is set after a double pawn push only when an en passant capture is legal there,
// as python-chess and lichess write it.
func (p *Position) Play(m Move) Position {
	us := p.SideToMove
	captured := m.To
	if p.isEnPassant(m) {
		captured = m.To + 8
		if us == chess.Black {
			captured = m.To - 8
		}
	}
	q := Position{SideToMove: 1 - us, Pieces: make([]Placement, 0, len(p.Pieces))}
	pushed := false
	for _, pl := range p.Pieces {
		switch pl.Square {
		case m.From:
			pl.Square = m.To
			if pl.Piece.Kind == chess.Pawn {
				pushed = m.To-m.From == 16 || m.From-m.To == 16
				if m.Promotion != chess.King {
					pl.Piece.Kind = m.Promotion
				}
			}
		case captured:
			continue
		}
		q.Pieces = append(q.Pieces, pl)
	}
	if pushed {
		q.EnPassant = (m.From + m.To) / 2
		if !q.anyEnPassant() {
			q.EnPassant = 0
		}
	}
	return q
}

// anyEnPassant reports whether the side to move has a legal en passant capture.
func (p *Position) anyEnPassant() bool {
	any := false
	p.moves(func(m Move) bool {
		any = p.isEnPassant(m)
		return !any
	})
	return any
}

// SAN returns m, a legal move of p, in standard algebraic notation: "Nbd7", "exd6",
// "a8=Q+", "Qh7#". The check and mate signs come from the position after the move.
func (p *Position) SAN(m Move) string {
	pc := p.pieceOn(m.From)
	var b strings.Builder
	switch {
	case pc.Kind == chess.Pawn:
		if p.IsCapture(m) {
			b.WriteByte("abcdefgh"[m.From&7])
		}
	default:
		b.WriteByte("KQRBNP"[pc.Kind])
		b.WriteString(p.disambiguation(m, pc))
	}
	if p.IsCapture(m) {
		b.WriteByte('x')
	}
	b.WriteString(chess.SquareName(m.To))
	if m.Promotion != chess.King {
		b.WriteByte('=')
		b.WriteByte("KQRBNP"[m.Promotion])
	}
	after := p.Play(m)
	if after.InCheck() {
		if after.anyMove() {
			b.WriteByte('+')
		} else {
			b.WriteByte('#')
		}
	}
	return b.String()
}

// disambiguation returns what SAN adds after the letter of piece pc, moving by m, so that
// no other legal move of a piece of its kind to the same square reads the same: nothing,
// the file of m.From, its rank, or both.
func (p *Position) disambiguation(m Move, pc chess.Piece) string {
	if pc.Kind == chess.King {
		return ""
	}
	others := 0
	for _, pl := range p.Pieces {
		if pl.Piece == pc {
			others++
		}
	}
	if others < 2 {
		return "" // the only piece of its kind: no legal move to generate
	}
	sameFile, sameRank, rivals := false, false, false
	p.moves(func(o Move) bool {
		if o.To != m.To || o.From == m.From || p.pieceOn(o.From) != pc {
			return true
		}
		rivals = true
		sameFile = sameFile || o.From&7 == m.From&7
		sameRank = sameRank || o.From>>3 == m.From>>3
		return true
	})
	name := chess.SquareName(m.From)
	switch {
	case !rivals:
		return ""
	case !sameFile:
		return name[:1]
	case !sameRank:
		return name[1:]
	}
	return name
}
