package chess

import "testing"

// TestCanonicalValues: every legal position has its representative's value (the
// symmetries preserve the game), the transform returned maps the position to its
// representative, and the representative is its own representative.
func TestCanonicalValues(t *testing.T) {
	s := NewSolver()
	for _, name := range append([]string{"Kk"}, allThreePiece()...) {
		m := MustParseMaterial(name)
		tb, err := s.Solve(m)
		if err != nil {
			t.Fatal(err)
		}
		sym := newSymmetry(m, true)
		for idx := 0; idx < tb.Len(); idx++ {
			if tb.Probe(idx).Status == Invalid {
				continue
			}
			rep, tr := sym.canonical(idx)
			if sym.apply(tr, idx) != rep {
				t.Fatalf("%s %d: transform %d gives %d, not %d", name, idx, tr, sym.apply(tr, idx), rep)
			}
			if r2, _ := sym.canonical(rep); r2 != rep {
				t.Fatalf("%s %d: representative %d is not canonical", name, idx, rep)
			}
			if tb.Probe(idx) != tb.Probe(rep) {
				t.Fatalf("%s %s: %v but its representative %s: %v", name, tb.FEN(idx), tb.Probe(idx), tb.FEN(rep), tb.Probe(rep))
			}
		}
		if r, tr := Canonical(m, 5); Transform(m, tr, 5) != r {
			t.Errorf("%s: exported Canonical/Transform disagree", name)
		}
	}
}

// TestCanonicalCounts: one representative per class gives the counts of
// testdata/paper/README.md (legal, won, drawn, lost over both sides to move).
func TestCanonicalCounts(t *testing.T) {
	s := NewSolver()
	for _, tc := range []struct {
		name            string
		win, draw, loss int
	}{
		{"KQk", 18081, 2896, 25160},
		{"KRk", 21959, 2796, 25260},
		{"KPk", 62480, 54394, 48802},
	} {
		tb, err := s.Solve(MustParseMaterial(tc.name))
		if err != nil {
			t.Fatal(err)
		}
		st := tb.Stats(true)
		if st.Win != tc.win || st.Draw != tc.draw || st.Loss != tc.loss {
			t.Errorf("%s canonical: %d/%d/%d won/drawn/lost, want %d/%d/%d", tc.name, st.Win, st.Draw, st.Loss, tc.win, tc.draw, tc.loss)
		}
		if st.Invalid+st.Acanonical+st.Illegal+st.Win+st.Draw+st.Loss != tb.Len() {
			t.Errorf("%s: counts do not add up: %+v", tc.name, st)
		}
	}
}

// TestTransformSquare: TransformSquare moves a square as Transform moves each piece of a
// position, with pawns and without, under every transform.
func TestTransformSquare(t *testing.T) {
	for _, name := range []string{"KQvK", "KPvKR"} {
		m := MustParseMaterial(name)
		count := 8
		if m.HasPawns() {
			count = 2
		}
		for tr := range count {
			for s := range 64 {
				for j := range m.Pieces {
					sh := m.Layout().Shift(j)
					if got, want := TransformSquare(tr, s), Transform(m, tr, s<<sh)>>sh&63; got != want {
						t.Errorf("%s: transform %d, square %d, piece %d: %d, Transform gives %d", name, tr, s, j, got, want)
					}
				}
			}
		}
	}
}
