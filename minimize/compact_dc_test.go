package minimize

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/covertest"
	"github.com/espresso-go/espresso/internal/suite"
	"github.com/espresso-go/espresso/pla"
)

// espressoBothWays runs ESPRESSO on F, D and R, with last_gasp and with
// super_gasp, asking the questions about D's points of D as given and of
// D compacted (whatever its size), and reports whether the results differ
// and how many cubes compaction merged away. complete says whether R is
// the complement of F ∪ D, so that ESSENTIAL asks D compacted too.
func espressoBothWays(t *testing.T, c *cover.Cube, F, D, R *cover.Cover, complete bool) (same bool, merged int) {
	t.Helper()
	for _, strong := range []bool{false, true} {
		results := [2]*cover.Cover{}
		for k, from := range []int{math.MaxInt, 0} {
			opt := DefaultOptions()
			opt.UseSuperGasp = strong
			r := NewRun(c, opt)
			r.compactDCFrom = from
			r.SetOffsetComplete(complete)
			G, err := r.Espresso(F.Clone(), D.Clone(), R.Clone())
			if err != nil {
				t.Fatal(err)
			}
			results[k] = G
		}
		if !sameCubes(results[0], results[1]) {
			return false, 0
		}
	}
	C, _ := c.Compact(D.Clone())
	return true, D.Count - C.Count
}

// TestCompactDC checks that ESPRESSO gives the same cover, in the same
// order, with the questions about the DC-set's points asked of it
// compacted: on random covers and on the suite's PLAs that have a DC-set.
func TestCompactDC(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 83))
	covers, merged := 0, 0
	forWorkerCovers(t, rng, 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		// A DC-set of minterms, as a truth table gives it, so that
		// compaction has something to merge.
		D = covertest.BinaryMinterms(c, D)
		R, err := c.Complement(c.NewCubeList(F, D), nil)
		if err != nil {
			t.Fatal(err)
		}
		same, m := espressoBothWays(t, c, F, D, R, true)
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
	ref := suite.Open(t)
	plas, merged := 0, 0
	for _, name := range ref.PLANames(t) {
		p := ref.ReadPLA(t, name)
		if p.D.Count == 0 || p.F.Count+p.D.Count > 2000 {
			continue
		}
		same, m := espressoBothWays(t, p.Cube, p.F, p.D, p.R, p.Type&pla.R == 0)
		if !same {
			t.Fatalf("%s: ESPRESSO differs with D compacted", name)
		}
		plas++
		merged += m
	}
	if plas == 0 || merged == 0 {
		t.Fatalf("%d suite PLAs, %d cubes of D merged away: the test shows nothing", plas, merged)
	}
	t.Logf("%d suite PLAs with a DC-set, %d cubes of D merged away, same covers", plas, merged)
}
