package minimize

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/suite"
)

// espressoBothWays runs ESPRESSO on F, D and R with the reductions taking
// D as given and taking it compacted (whatever its size), and reports
// whether the results differ and how many cubes compaction merged away.
func espressoBothWays(t *testing.T, c *cover.Cube, F, D, R *cover.Cover) (same bool, merged int) {
	t.Helper()
	results := [2]*cover.Cover{}
	for k, from := range []int{math.MaxInt, 0} {
		r := NewRun(c, nil)
		r.compactDCFrom = from
		G, err := r.Espresso(F.Clone(), D.Clone(), R.Clone())
		if err != nil {
			t.Fatal(err)
		}
		results[k] = G
	}
	C, _ := c.Compact(D.Clone())
	return exactSame(results[0], results[1]), D.Count - C.Count
}

// TestReductionDC checks that ESPRESSO gives the same cover, in the same
// order, with its reductions taking the DC-set compacted: on random covers
// and on the suite's PLAs that have a DC-set.
func TestReductionDC(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 83))
	covers, merged := 0, 0
	forWorkerCovers(t, rng, 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		// A DC-set of minterms, as a truth table gives it, so that
		// compaction has something to merge.
		D = binaryMinterms(c, D)
		R, err := c.Complement(c.NewCubeList(F, D))
		if err != nil {
			t.Fatal(err)
		}
		same, m := espressoBothWays(t, c, F, D, R)
		if !same {
			t.Fatalf("%s: ESPRESSO differs with D compacted (F %v, D %v)", what, F.Sets(), D.Sets())
		}
		covers++
		merged += m
	})
	if merged == 0 {
		t.Fatalf("compaction merged no cube of %d DC-sets: the test shows nothing", covers)
	}
	t.Logf("%d random covers, %d cubes of D merged away, same covers", covers, merged)

	if testing.Short() {
		return
	}
	dir := suite.Dir(t, "espresso-suite", "pla")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	plas, merged := 0, 0
	for _, e := range entries {
		p := suite.ReadPLA(t, e.Name())
		if p.D.Count == 0 || p.F.Count+p.D.Count > 2000 {
			continue
		}
		same, m := espressoBothWays(t, p.Cube, p.F, p.D, p.R)
		if !same {
			t.Fatalf("%s: ESPRESSO differs with D compacted", e.Name())
		}
		plas++
		merged += m
	}
	if plas == 0 || merged == 0 {
		t.Fatalf("%d suite PLAs, %d cubes of D merged away: the test shows nothing", plas, merged)
	}
	t.Logf("%d suite PLAs with a DC-set, %d cubes of D merged away, same covers", plas, merged)
}

// binaryMinterms returns the cubes of D split into minterms of the binary
// inputs, each keeping its cube's multiple-valued parts.
func binaryMinterms(c *cover.Cube, D *cover.Cover) *cover.Cover {
	out := c.NewCover(0)
	var split func(p cover.Set, v int)
	split = func(p cover.Set, v int) {
		switch {
		case v == c.NumBinaryVars:
			out.Append(p)
		case p.Has(2*v) && p.Has(2*v+1):
			for _, drop := range []int{2*v + 1, 2 * v} {
				q := p.Clone()
				q.Remove(drop)
				split(q, v+1)
			}
		default:
			split(p, v+1)
		}
	}
	for p := range D.All() {
		split(p.Clone(), 0)
	}
	return out
}
