package tablebase

import (
	"testing"

	"github.com/espresso-go/espresso/chess"
)

// onlyEnPassant reports whether, in p (with an en passant square), the side to move has no
// legal move but an en passant capture, and at least one of those.
func onlyEnPassant(p *Position) bool {
	if p.Check() != nil || p.hasLegalMove() {
		return false
	}
	us := p.SideToMove
	pushed := p.EnPassant + 8
	if us == chess.Black {
		pushed = p.EnPassant - 8
	}
	col := p.occupancy()
	for _, pl := range p.Pieces {
		if pl.Piece != (chess.Piece{Kind: chess.Pawn, Colour: us}) || pl.Square>>3 != pushed>>3 || (pl.Square-pushed != 1 && pl.Square-pushed != -1) {
			continue
		}
		after := (col[0]|col[1])&^(1<<uint(pl.Square)|1<<uint(pushed)) | 1<<uint(p.EnPassant)
		if !p.attacked(p.kingSquare(us), 1-us, after, pushed) {
			return true
		}
	}
	return false
}

// TestOnlyEnPassantFourPieces: with four pieces (KPvKP, the only such material with a pawn
// a side), no position after a double push leaves the opponent an en passant capture as
// its only legal move; with five pieces there are such positions, in check or not.
func TestOnlyEnPassantFourPieces(t *testing.T) {
	wp, bp := chess.Piece{Kind: chess.Pawn, Colour: chess.White}, chess.Piece{Kind: chess.Pawn, Colour: chess.Black}
	wk, bk := chess.Piece{Kind: chess.King, Colour: chess.White}, chess.Piece{Kind: chess.King, Colour: chess.Black}
	count, tried := 0, 0
	for _, stm := range []chess.Colour{chess.White, chess.Black} {
		row, dir := 3, -8 // White to move: Black's pawn has gone from the 7th rank to the 5th
		if stm == chess.Black {
			row, dir = 4, 8
		}
		for file := range 8 {
			pushed := row*8 + file
			for _, df := range []int{-1, 1} {
				if file+df < 0 || file+df > 7 {
					continue
				}
				capturer := pushed + df
				for k1 := range 64 {
					for k2 := range 64 {
						p := Position{SideToMove: stm, EnPassant: pushed + dir, Pieces: []Placement{
							{wk, k1}, {bk, k2}, {wp, pushed}, {bp, capturer}}}
						if stm == chess.White {
							p.Pieces[2].Square, p.Pieces[3].Square = capturer, pushed
						}
						if p.Check() != nil {
							continue
						}
						tried++
						if onlyEnPassant(&p) {
							count++
							t.Errorf("%s: the only legal move is the en passant capture", p.FEN())
						}
					}
				}
			}
		}
	}
	t.Logf("KPvKP: %d of %d positions after a double push (legal ones, with the en passant square) have the en passant capture as their only move", count, tried)
	for _, fen := range []string{
		"1R6/K7/8/k7/pP6/8/8/8 b - b3",   // KRPvKP, Black in check from the pawn
		"k1K5/8/8/8/4pP2/4B3/8/8 b - f3", // KBPvKP, Black stalemated but for exf3
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if !onlyEnPassant(&p) {
			t.Errorf("%s: the en passant capture should be the only legal move", fen)
		}
	}
}
