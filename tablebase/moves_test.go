package tablebase_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	chesslib "github.com/corentings/chess/v2"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
)

// board is a position on an 8×8 array, for the independent rule of check below: board[r][f]
// is the FEN letter on rank 8-r, file f, or 0.
type board [8][8]byte

func boardOf(p *tablebase.Position) *board {
	var b board
	for _, pl := range p.Pieces {
		b[pl.Square>>3][pl.Square&7] = pl.Piece.Letter()
	}
	return &b
}

// inCheck is check by the letter of the rules, square by square: whether a piece of the
// side not to move (upper case letters for White) attacks the king of side white.
func (b *board) inCheck(white bool) bool {
	king, pawnDir := byte('k'), 1 // a black king is attacked by white pawns from the rank below
	if white {
		king, pawnDir = 'K', -1
	}
	enemy := func(c byte, kind byte) bool {
		if white {
			return c == kind+'a'-'A'
		}
		return c == kind
	}
	var kr, kf int
	for r := range 8 {
		for f := range 8 {
			if b[r][f] == king {
				kr, kf = r, f
			}
		}
	}
	on := func(r, f int) bool { return r >= 0 && r < 8 && f >= 0 && f < 8 }
	for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
		if r, f := kr+d[0], kf+d[1]; on(r, f) && enemy(b[r][f], 'N') {
			return true
		}
	}
	for dr := -1; dr <= 1; dr++ {
		for df := -1; df <= 1; df++ {
			if dr == 0 && df == 0 {
				continue
			}
			if r, f := kr+dr, kf+df; on(r, f) && enemy(b[r][f], 'K') {
				return true
			}
			diagonal := dr != 0 && df != 0
			for r, f := kr+dr, kf+df; on(r, f); r, f = r+dr, f+df {
				c := b[r][f]
				if c == 0 {
					continue
				}
				if enemy(c, 'Q') || diagonal && enemy(c, 'B') || !diagonal && enemy(c, 'R') {
					return true
				}
				break
			}
		}
	}
	// A pawn attacks diagonally forward: a white pawn on the rank below a black king.
	for _, df := range []int{-1, 1} {
		if r, f := kr+pawnDir, kf+df; on(r, f) && enemy(b[r][f], 'P') {
			return true
		}
	}
	return false
}

// reference is what the chess module says of position fen: its legal moves in UCI and
// their SAN without the check sign (which v2.3.2 gets wrong after promotions), and
// whether the position has a legal move.
func reference(t *testing.T, fen string) (san map[string]string, anyMove bool) {
	t.Helper()
	var pos chesslib.Position
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		t.Fatalf("chess module: %s: %v", fen, err)
	}
	san = map[string]string{}
	for _, m := range pos.ValidMoves() {
		s := chesslib.AlgebraicNotation{}.Encode(&pos, &m)
		san[chesslib.UCINotation{}.Encode(&pos, &m)] = strings.TrimRight(s, "+#")
	}
	return san, len(san) > 0
}

// randomPromotionPosition returns a legal position where the side to move has a pawn on
// its seventh rank, and a few other pieces of both sides anywhere.
func randomPromotionPosition(rng *rand.Rand) tablebase.Position {
	kinds := []chess.Kind{chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}
	for {
		stm := chess.Colour(rng.IntN(2))
		p := tablebase.Position{SideToMove: stm}
		used := map[int]bool{}
		place := func(pc chess.Piece, sq int) {
			used[sq] = true
			p.Pieces = append(p.Pieces, tablebase.Placement{Piece: pc, Square: sq})
		}
		free := func(lo, hi int) int {
			for {
				if s := lo + rng.IntN(hi-lo); !used[s] {
					return s
				}
			}
		}
		place(chess.Piece{Kind: chess.King, Colour: chess.White}, free(0, 64))
		place(chess.Piece{Kind: chess.King, Colour: chess.Black}, free(0, 64))
		seventh := 8 // White's seventh rank is row 1, Black's row 6
		if stm == chess.Black {
			seventh = 48
		}
		for range 1 + rng.IntN(2) {
			place(chess.Piece{Kind: chess.Pawn, Colour: stm}, free(seventh, seventh+8))
		}
		for range rng.IntN(4) {
			k := kinds[rng.IntN(len(kinds))]
			lo, hi := 0, 64
			if k == chess.Pawn {
				lo, hi = 8, 56
			}
			place(chess.Piece{Kind: k, Colour: chess.Colour(rng.IntN(2))}, free(lo, hi))
		}
		if p.Check() == nil {
			return p
		}
	}
}

// TestMoveFlags checks every legal move of many random positions where a pawn can
// promote, and of positions after them: the moves and their SAN against the chess
// module's, and check, checkmate and stalemate after each move against the rule above
// applied to the position after it.
func TestMoveFlags(t *testing.T) {
	rng := rand.New(rand.NewPCG(58, 1))
	moves, promotions, wrong := 0, 0, 0
	var queue []tablebase.Position
	for range 2000 {
		queue = append(queue, randomPromotionPosition(rng))
	}
	for i := 0; i < len(queue); i++ {
		p := queue[i]
		fen := p.FEN()
		want, _ := reference(t, fen)
		got := map[string]string{}
		for _, m := range p.LegalMoves() {
			moves++
			if m.Promotion != chess.King {
				promotions++
			}
			san := p.SAN(m)
			got[m.UCI()] = strings.TrimRight(san, "+#")
			q := p.Play(m)
			if err := q.Check(); err != nil {
				t.Errorf("%s %s: position after: %v", fen, m.UCI(), err)
				wrong++
				continue
			}
			check := boardOf(&q).inCheck(q.SideToMove == chess.White)
			_, any := reference(t, q.FEN())
			sign := ""
			switch {
			case check && !any:
				sign = "#"
			case check:
				sign = "+"
			}
			if q.InCheck() != check || q.Checkmate() != (check && !any) || q.Stalemate() != (!check && !any) || !strings.HasSuffix(san, sign) || strings.TrimRight(san, "+#") != san[:len(san)-len(sign)] {
				t.Errorf("%s %s: SAN %s, check %v, checkmate %v, stalemate %v; want sign %q, check %v, any move %v",
					fen, m.UCI(), san, q.InCheck(), q.Checkmate(), q.Stalemate(), sign, check, any)
				wrong++
			}
			if i < 2000 && rng.IntN(4) == 0 {
				queue = append(queue, q) // a position after a move, en passant and all
			}
		}
		if !mapsEqual(got, want) {
			t.Errorf("%s: moves %v, want %v", fen, got, want)
			wrong++
		}
	}
	t.Logf("%d positions, %d moves, %d promotions, %d wrong", len(queue), moves, promotions, wrong)
	if promotions < 10000 {
		t.Errorf("%d promotions checked, want at least 10 000", promotions)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestMoveFlagsIssuePositions checks the moves that the chess module's carried-over check
// flag got wrong.
func TestMoveFlagsIssuePositions(t *testing.T) {
	tests := []struct {
		fen, uci, san        string
		checkmate, stalemate bool
	}{
		{"8/8/8/8/8/8/p1k5/KR6 b - - 0 1", "a2b1b", "axb1=B", false, true},
		{"8/8/8/8/8/8/p1k5/KR6 b - - 0 1", "a2b1q", "axb1=Q#", true, false},
		{"8/8/8/8/8/8/p1k5/KR6 b - - 0 1", "a2b1r", "axb1=R+", false, false},
		{"8/8/8/8/8/8/p1k5/KR6 b - - 0 1", "a2b1n", "axb1=N", false, false},
		{"8/P7/8/8/8/8/8/K6k w - - 0 1", "a7a8q", "a8=Q+", false, false},
		{"8/P7/8/8/8/8/8/K6k w - - 0 1", "a7a8r", "a8=R", false, false},
		{"8/P7/8/8/8/8/8/K6k w - - 0 1", "a7a8b", "a8=B+", false, false},
		{"8/P7/8/8/8/8/8/K6k w - - 0 1", "a7a8n", "a8=N", false, false},
		{"4k3/8/8/8/3pP3/8/8/4K2R b - e3 0 1", "d4e3", "dxe3", false, false},
		{"k7/8/8/8/8/8/7K/1R5R w - - 0 1", "b1d1", "Rbd1", false, false},
		{"7k/8/8/R7/8/8/8/R6K w - - 0 1", "a1a3", "R1a3", false, false},
	}
	for _, tt := range tests {
		p, err := tablebase.ParseFEN(tt.fen)
		if err == nil {
			err = p.Check()
		}
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(p.LegalMoves(), func(m tablebase.Move) bool { return m.UCI() == tt.uci })
		if i < 0 {
			t.Errorf("%s: no move %s among %v", tt.fen, tt.uci, p.LegalMoves())
			continue
		}
		m := p.LegalMoves()[i]
		q := p.Play(m)
		if got := fmt.Sprint(p.SAN(m), q.Checkmate(), q.Stalemate()); got != fmt.Sprint(tt.san, tt.checkmate, tt.stalemate) {
			t.Errorf("%s %s: SAN, checkmate, stalemate %s, want %s %v %v", tt.fen, tt.uci, got, tt.san, tt.checkmate, tt.stalemate)
		}
	}
}
