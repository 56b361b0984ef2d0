package minimize

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/suite"
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
			return all.Maximal()
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

// TestAllPrimesEachWay checks that AllPrimes gives primes_consensus's
// answer, cube for cube in the same order, whichever way it takes: to the
// end of primes_consensus (the default bounds on small functions), the
// implicit way (no consensus term allowed), and primes_consensus again
// after both bounds are passed. On the random functions a special case
// often settles the primes before any consensus term, and the implicit
// way is not tried (nor with multiple-valued inputs); on the suite PLAs
// it must be. F and D must come back unchanged.
func TestAllPrimesEachWay(t *testing.T) {
	ways := []struct {
		name        string
		work, nodes int
	}{
		{"default", consensusWork, implicitNodes},
		{"implicit", 0, implicitNodes},
		{"both bounds passed", 0, 1},
	}
	check := func(t *testing.T, c *cover.Cube, F, D *cover.Cover) int {
		t.Helper()
		want := NewRun(c, nil).Primes(c.NewCubeList(F.Clone(), D.Clone()))
		implicitWay := 0
		for _, w := range ways {
			r := NewRun(c, nil)
			r.primes.work, r.primes.nodes = w.work, w.nodes
			F0, D0 := F.Clone(), D.Clone()
			got, err := r.AllPrimes(F, D)
			if err != nil {
				t.Fatalf("%s: %v", w.name, err)
			}
			if !sameCubes(got, want) {
				t.Fatalf("%s: AllPrimes\n%v\nprimes_consensus\n%v", w.name, got, want)
			}
			if !sameCubes(F, F0) || !sameCubes(D, D0) {
				t.Fatalf("%s: AllPrimes changed F or D", w.name)
			}
			if w.nodes == 1 && r.primes.implicit > 0 {
				t.Fatalf("%s: the implicit way was taken", w.name)
			}
			if w.work == 0 {
				implicitWay += r.primes.implicit
			}
		}
		return implicitWay
	}
	for _, sh := range shapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(sh.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 11))
			implicitWay := 0
			for range 100 {
				F, D, _ := randomFunction(c, rng, 1+rng.IntN(12), rng.IntN(4))
				implicitWay += check(t, c, F, D)
			}
			t.Logf("%d of 100 functions found the implicit way", implicitWay)
		})
	}
	for _, name := range []string{"b4", "cps", "ex5", "prom1"} {
		t.Run(name, func(t *testing.T) {
			p := suite.ReadPLA(t, name)
			if check(t, p.Cube, p.F, p.D) != 1 {
				t.Errorf("%s: the implicit way was not taken", name)
			}
		})
	}
}
