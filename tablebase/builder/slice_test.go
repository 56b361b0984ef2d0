package builder

import (
	"context"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// TestBuildSlices builds the slices of a few small tables from their solved values in the
// order SliceOrder gives, joins them and merges them, and compares every stored position's
// value in the joined and the merged table with the solve's.
func TestBuildSlices(t *testing.T) {
	for _, tc := range []struct {
		material string
		omit     format.Symmetry
		slices   int
	}{
		{"KQvK", 0, 10},
		{"KPvK", 0, 32},
		{"KNvKN", 0, 10}, // the colour symmetry: only White to move is stored
		{"KRvK", format.BoardSymmetry, 64},
	} {
		m := chess.MustParseMaterial(tc.material)
		ct, err := chess.NewSolver().Solve(m)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBuilder(Options{Workers: 1, Omit: tc.omit})
		canon := format.NewCanonicalizer(m, format.BoardSymmetry)
		probe := func(x int) chess.Status { return ct.Probe(x).Status }
		order, _, _, err := b.SliceOrder(context.Background(), m, Values{At: probe})
		if err != nil {
			t.Fatal(err)
		}
		var parts []*format.Table
		positions := 0
		for king := range 64 {
			if tc.omit&format.BoardSymmetry == 0 && canon.Least(king) != king {
				if _, _, err := b.BuildSlice(context.Background(), m, king, order, Values{}); err == nil || !strings.Contains(err.Error(), "never stands on") {
					t.Errorf("%s, slice %s: error %v", tc.material, chess.SquareName(king), err)
				}
				continue
			}
			asked := 0
			part, rep, err := b.BuildSlice(context.Background(), m, king, order, Values{At: func(x int) chess.Status {
				if m.Layout().Square(uint32(x), 0) != king {
					t.Fatalf("%s, slice %s: asked for index %d", tc.material, chess.SquareName(king), x)
				}
				asked++
				return ct.Probe(x).Status
			}})
			if err != nil {
				t.Fatal(err)
			}
			if want := 2 << m.Layout().Shift(0); asked > want {
				t.Errorf("%s, slice %s: asked for %d values, want at most %d", tc.material, chess.SquareName(king), asked, want)
			}
			positions += rep.Positions
			parts = append(parts, part)
		}
		tab, err := format.JoinSlices(parts)
		if err != nil {
			t.Fatal(err)
		}
		if len(tab.Slices) != tc.slices {
			t.Errorf("%s: %d slices, want %d", tc.material, len(tab.Slices), tc.slices)
		}
		merged, _, err := b.Merge(context.Background(), m, parts, Values{At: probe})
		if err != nil {
			t.Fatal(err)
		}
		if len(merged.Slices) != 0 || merged.Cubes() > tab.Cubes() {
			t.Errorf("%s: merged into %d slices and %d cubes, from %d cubes", tc.material, len(merged.Slices), merged.Cubes(), tab.Cubes())
		}
		cls := classify(ct, symmetriesOf(m)&^tc.omit)
		stored := 0
		for x, c := range cls {
			if c == dontCare {
				continue
			}
			stored++
			if got := tab.Lookup(uint32(x)); got != c.status() {
				t.Fatalf("%s: index %d: %v, want %v", tc.material, x, got, c.status())
			}
			if got := merged.Lookup(uint32(x)); got != c.status() {
				t.Fatalf("%s merged: index %d: %v, want %v", tc.material, x, got, c.status())
			}
		}
		if positions != stored {
			t.Errorf("%s: the slices stored %d positions, the table %d", tc.material, positions, stored)
		}
	}
}

// TestMergeRefuses: Merge refuses slices built under other options than its builder's.
func TestMergeRefuses(t *testing.T) {
	m := chess.MustParseMaterial("KQvK")
	ct, err := chess.NewSolver().Solve(m)
	if err != nil {
		t.Fatal(err)
	}
	src := Values{At: func(x int) chess.Status { return ct.Probe(x).Status }}
	b := NewBuilder(Options{Workers: 1, Omit: format.BoardSymmetry})
	part, _, err := b.BuildSlice(context.Background(), m, 0, [3]chess.Status{chess.Win, chess.Draw, chess.Loss}, src)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = NewBuilder(Options{Workers: 1}).Merge(context.Background(), m, []*format.Table{part}, src)
	if err == nil || !strings.Contains(err.Error(), "symmetries") {
		t.Errorf("merging slices of other symmetries: error %v", err)
	}
}
