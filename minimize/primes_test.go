package minimize

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestPrimesMergeAllTerms checks primes_consensus_merge as primesMerge
// groups it (the maximal terms of each cube first, containment removed
// now and then) against its definition: the maximal cubes among Tl ∩ cl,
// Tr ∩ cr and every consensus term of a pair at distance 1, in Descend
// order. Small limits make the grouping and the periodic removal happen
// on small covers.
func TestPrimesMergeAllTerms(t *testing.T) {
	for _, sh := range shapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		// Split variable 0 into two halves of its parts.
		first, last := c.FirstPart[0], c.LastPart[0]
		half := first + (last-first+1)/2
		cl, cr := c.FullSet.Clone(), c.FullSet.Clone()
		for i := first; i <= last; i++ {
			if i < half {
				cr.Remove(i)
			} else {
				cl.Remove(i)
			}
		}
		definition := func(Tl, Tr *cover.Cover) *cover.Cover {
			Tl, Tr = andWithCofactor(c, Tl, cl), andWithCofactor(c, Tr, cr)
			all := cover.Join(Tl, Tr)
			for i := 0; i < Tl.Count; i++ {
				for j := 0; j < Tr.Count; j++ {
					if c.Dist01(Tl.At(i), Tr.At(j)) == 1 {
						c.Consensus(all.AppendEmpty(), Tl.At(i), Tr.At(j))
					}
				}
			}
			return all.Contain()
		}
		t.Run(sh.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 8))
			for trial := range 200 {
				Tl, _, _ := randomFunction(c, rng, 1+rng.IntN(30), 0)
				Tr, _, _ := randomFunction(c, rng, 1+rng.IntN(30), 0)
				want := definition(Tl.Clone(), Tr.Clone())
				for _, limits := range [][2]int{{localMaxima, containEvery}, {1, 3}, {3, 1}} {
					got := NewRun(c, nil).primesMergeBy(Tl.Clone(), Tr.Clone(), cl, cr, limits[0], limits[1])
					same := got.Count == want.Count
					for k := 0; same && k < got.Count; k++ {
						same = got.At(k).Equal(want.At(k))
					}
					if !same {
						t.Fatalf("trial %d, limits %v: merged\n%v\nby definition\n%v", trial, limits, got, want)
					}
				}
			}
		})
	}
}
