package cover

import (
	"math/rand/v2"
	"testing"
)

// TestHole checks Hole against CubeIsCovered and against the minterms
// themselves, on random lists over binary and multiple-valued variables:
// it must find a hole exactly when the cube is not covered, and the
// cube of minterms it gives must hold a part of each variable, lie inside
// the cube and meet no other cube of the list. So that it gives more than
// minterms, some of its cubes must hold two parts of a variable or more. Half the lists are made
// of two groups of cubes over variables of their own, asked whether they
// cover everything, for the component reduction (which a few dozen of
// them reach with a hole in each group).
func TestHole(t *testing.T) {
	rng := rand.New(rand.NewPCG(83, 29))
	shapes := []struct {
		binary int
		mv     []int
	}{{6, nil}, {8, nil}, {5, []int{3}}, {4, []int{4, 3}}, {3, []int{5}}}
	asked, holes, wide := 0, 0, 0
	for _, sh := range shapes {
		c, err := NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		k := c.NewTautologyChecker()
		hole := c.NewSet()
		for iter := 0; iter < 1000; iter++ {
			F := randomCover(c, 1+rng.IntN(24), 0.3+0.5*rng.Float64(), rng)
			if iter%2 == 0 {
				F = randomCover(c, 4+rng.IntN(12), 0.2+0.3*rng.Float64(), rng)
				// Two groups of cubes over variables of their own,
				// for the component reduction.
				half := c.NumVars / 2
				for i := 0; i < F.Count; i++ {
					lo, hi := 0, half
					if i%2 == 1 {
						lo, hi = half, c.NumVars
					}
					for v := lo; v < hi; v++ {
						F.At(i).Or(F.At(i), c.VarMask[v])
					}
				}
			}
			T := c.NewCubeList(F)
			// The cube asked about: one of the list (left out of
			// it, as cube_is_covered does), or another.
			var p Set
			if iter%2 == 0 {
				p = c.FullSet
			} else if rng.IntN(2) == 0 {
				p = F.At(rng.IntN(F.Count))
			} else {
				p = randomCover(c, 1, 0.5, rng).At(0)
			}
			covered := k.CubeIsCovered(T, p)
			hole.Clear()
			found := k.Hole(T, p, hole)
			asked++
			if found == covered {
				t.Fatalf("cube %v: list %v, cube %v: Hole says %v, CubeIsCovered %v", sh, F.Sets(), p, found, covered)
			}
			if !found {
				continue
			}
			holes++
			for v := 0; v < c.NumVars; v++ {
				n := 0
				for j := c.FirstPart[v]; j <= c.LastPart[v]; j++ {
					if hole.Has(j) {
						n++
					}
				}
				if n == 0 {
					t.Fatalf("cube %v: list %v, cube %v: the hole %v has no part in variable %d", sh, F.Sets(), p, hole, v)
				}
				if n > 1 {
					wide++
				}
			}
			if !hole.Implies(p) {
				t.Fatalf("cube %v: list %v, cube %v: the hole %v is not inside it", sh, F.Sets(), p, hole)
			}
			for q := range F.All() {
				if &q[0] != &p[0] && c.Dist0(hole, q) {
					t.Fatalf("cube %v: list %v, cube %v: the hole %v meets %v", sh, F.Sets(), p, hole, q)
				}
			}
		}
	}
	if holes < asked/8 || holes > asked*3/4 || wide < holes {
		t.Fatalf("%d questions, %d holes, %d variables with two parts or more in them: the test shows too little", asked, holes, wide)
	}
	t.Logf("%d questions, %d holes, %d variables with two parts or more in them", asked, holes, wide)
}
