package chess

import "testing"

// TestDoublePushValue checks how scan values a double push after which the opponent may
// capture en passant, on positions of five pieces with a sub-table that holds only the
// capture's value: when the capture is the opponent's only legal move and the opponent
// is not in check, the push is an exit of the capture's value (the table would hold a
// stalemate after it); otherwise the push stays in the table, and a capture that wins for
// the opponent is recorded as an event at its distance. The legal moves are counted by the
// reference generator of refgen_test.go.
func TestDoublePushValue(t *testing.T) {
	tests := []struct {
		name     string
		material string
		squares  []string // before the push, White to move, in the material's order
		pawn     int      // the pushing pawn's piece number
		to       string   // its square after the push
		after    uint16   // the capture's value, in the sub-table, for the pusher to move
		exit     bool     // the push is an exit
		want     uint16   // the push's value for the pusher when an exit, else the event's
		event    bool     // an epEvent is recorded
	}{
		// k1K5/8/8/8/4pP2/4B3/8/8 b - f3: Black is stalemated but for exf3.
		{"stalemate, capture loses", "KBPkp", []string{"c8", "a8", "e3", "f2", "e4"}, 3, "f4",
			6, true, 8, false}, // White wins in 5 after exf3: the push wins in 7
		{"stalemate, capture draws", "KBPkp", []string{"c8", "a8", "e3", "f2", "e4"}, 3, "f4",
			vDraw, true, vDraw, false},
		{"stalemate, capture wins", "KBPkp", []string{"c8", "a8", "e3", "f2", "e4"}, 3, "f4",
			5, true, 7, false}, // White loses in 4 after exf3: the push loses in 6
		// The same with the white king on c6: Black may play Kb8.
		{"not stalemate, capture loses", "KBPkp", []string{"c6", "a8", "e3", "f2", "e4"}, 3, "f4",
			6, false, 0, false},
		{"not stalemate, capture wins", "KBPkp", []string{"c6", "a8", "e3", "f2", "e4"}, 3, "f4",
			5, false, 6, true}, // the event at distance 5, Black's win
		// 1R6/K7/8/k7/pP6/8/8/8 b - b3: Black is mated but for axb3 (the table holds a
		// mate, which the retrograde phase values through unmoveDouble).
		{"check, capture loses", "KRPkp", []string{"a7", "a5", "b8", "b2", "a4"}, 3, "b4",
			6, false, 0, false},
		{"check, capture wins", "KRPkp", []string{"a7", "a5", "b8", "b2", "a4"}, 3, "b4",
			5, false, 6, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := MustParseMaterial(tt.material)
			b := newBuilder(m, nil, 1)
			sq := parseSquares(t, tt.squares)
			x := Layout(len(sq)).Index(White, sq)

			// The position after the capture: the pushed pawn gone, the capturer behind it.
			to := parseSquares(t, []string{tt.to})[0]
			var capturer int
			var after []int
			for j, s := range sq {
				switch {
				case j == tt.pawn:
					continue
				case m.Pieces[j].Kind == Pawn && m.Pieces[j].Colour == Black && s>>3 == to>>3:
					capturer = j
					s = to + 8 // the square the pawn passed
				}
				after = append(after, s)
			}
			if capturer == 0 {
				t.Fatal("no capturer beside the pushed pawn")
			}
			sub := m.without(tt.pawn)
			b.capSub[tt.pawn] = &subTable{val: make([]uint16, sub.Size())}
			b.capSub[tt.pawn].val[Layout(len(after)).Index(White, after)] = tt.after

			p, _ := refDecode(m, int(x))
			moves := len(refMoves(p, -1))
			var ep pending
			var bp position
			b.decode(x, &bp)
			r := b.scan(x, &bp, &ep, scanValues)
			wantIn := moves
			if tt.exit {
				wantIn--
			}
			if r.moves != moves || r.inTable != wantIn || r.hasExit != tt.exit {
				t.Fatalf("scan: %d moves, %d in the table, exit %v; want %d, %d, %v", r.moves, r.inTable, r.hasExit, moves, wantIn, tt.exit)
			}
			if tt.exit && r.exitBest != tt.want {
				t.Errorf("the push's value is %v, want %v", decodeValue(r.exitBest), decodeValue(tt.want))
			}
			events := 0
			for k, l := range ep.epEvents {
				for range l {
					events++
					if !tt.event || uint16(k+1) != tt.want {
						t.Errorf("an epEvent at distance %d", k)
					}
				}
			}
			if tt.event && events != 1 {
				t.Errorf("%d epEvents, want 1", events)
			}
		})
	}
}

func parseSquares(t *testing.T, names []string) []int {
	t.Helper()
	out := make([]int, len(names))
	for i, n := range names {
		s, err := ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = s
	}
	return out
}
