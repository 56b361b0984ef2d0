package minimize

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestMarkIrredundantAgain checks that a run given the same F and D again
// flags the same cubes, from its last answer, and that a change to one
// cube of F or D is noticed.
func TestMarkIrredundantAgain(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	c, err := cover.NewCube(6, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	flags := func(F *cover.Cover) []bool {
		var b []bool
		for i := 0; i < F.Count; i++ {
			b = append(b, F.At(i).Test(cover.Active), F.At(i).Test(cover.RelEssen))
		}
		return b
	}
	hits, runs := 0, 0
	for iter := 0; iter < 100; iter++ {
		F, D := blockRandom(c, rng, 8+rng.IntN(12), rng.IntN(3))
		r := NewRun(c, nil)
		r.irredKeep = 0 // keep every answer that took a table
		if err := r.MarkIrredundant(F, D); err != nil {
			t.Fatal(err)
		}
		want := flags(F)
		for i := 0; i < F.Count; i++ { // scramble the flags
			F.At(i).SetFlag(cover.Active)
			F.At(i).ResetFlag(cover.RelEssen)
		}
		if err := r.MarkIrredundant(F, D); err != nil {
			t.Fatal(err)
		}
		if got := flags(F); !slices.Equal(got, want) {
			t.Fatalf("F=%v D=%v: flags %v the second time, %v the first", F.Sets(), D.Sets(), got, want)
		}
		if r.irredHits > 0 {
			hits += r.irredHits
			// F changed in one cube must be answered afresh.
			G := F.Clone()
			p := G.At(rng.IntN(G.Count))
			for v := 0; v < c.NumBinaryVars; v++ {
				if !p.Has(c.FirstPart[v]) {
					p.Insert(c.FirstPart[v])
					break
				}
			}
			h := r.irredHits
			if err := r.MarkIrredundant(G, D); err != nil {
				t.Fatal(err)
			}
			if r.irredHits != h && !exactSame(F, G) {
				t.Fatal("a changed F was given the last answer")
			}
			fresh := NewRun(c, nil)
			G2 := G.Clone()
			if err := fresh.MarkIrredundant(G2, D); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(flags(G), flags(G2)) {
				t.Fatalf("F changed in one cube: flags %v, a fresh run gives %v", flags(G), flags(G2))
			}
			runs++
		}
	}
	if hits == 0 {
		t.Fatal("no answer given again: the test shows nothing")
	}
	t.Logf("%d second calls answered again, same flags; %d changed covers answered afresh", hits, runs)
}
