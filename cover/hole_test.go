package cover

import (
	"math/rand/v2"
	"testing"
)

// TestHoleCube checks HoleCube against the minterms themselves, on random
// lists over binary and multiple-valued variables: the cube it gives must
// be the smallest holding every minterm of the cube asked about that no
// other cube of the list holds. The lists are built, as TestHole's, to
// reach the special cases: dense ones (unate variables and unate lists),
// sparse ones (columns of zeros), and half of them in two groups over
// variables of their own (components).
func TestHoleCube(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 7))
	shapes := []struct {
		binary int
		mv     []int
	}{{6, nil}, {8, nil}, {5, []int{3}}, {4, []int{4, 3}}, {3, []int{5}}}
	asked, empty, single, whole := 0, 0, 0, 0
	for _, sh := range shapes {
		c, err := NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		k := c.NewTautologyChecker()
		got, want := c.NewSet(), c.NewSet()
		for iter := 0; iter < 1500; iter++ {
			var F *Cover
			switch iter % 4 {
			case 0, 1:
				F = randomCover(c, 1+rng.IntN(12), 0.1+0.5*rng.Float64(), rng)
			case 2:
				F = unateCover(c, 2+rng.IntN(14), rng)
			case 3:
				F = componentCover(c, 2+rng.IntN(14), rng)
			}
			var p Set
			switch {
			case iter%4 == 3 || iter%5 == 0:
				p = c.FullSet
			case rng.IntN(2) == 0:
				p = F.At(rng.IntN(F.Count))
			default:
				p = randomCover(c, 1, 0.5, rng).At(0)
			}
			want.Clear()
			forEachMinterm(c, func(m Set) {
				if !m.Implies(p) {
					return
				}
				for q := range F.All() {
					if &q[0] != &p[0] && m.Implies(q) {
						return
					}
				}
				want.Or(want, m)
			})
			found := k.HoleCube(c.NewCubeList(F), p, got)
			asked++
			if found != !want.IsEmpty() || !got.Equal(want) || got[0] != 0 {
				t.Fatalf("cube %v: list %v, cube %v: HoleCube gives %v (%v), the minterms %v", sh, F.Sets(), p, got, found, want)
			}
			switch n := want.Count(); {
			case n == 0:
				empty++
			case n == c.NumVars:
				single++
			case want.Equal(p):
				whole++
			}
		}
	}
	partial := asked - empty - single - whole
	if empty < asked/10 || single < asked/100 || whole < asked/20 || partial < asked/4 {
		t.Fatalf("%d questions: %d without holes, %d a minterm, %d the whole cube, %d others: the test shows too little", asked, empty, single, whole, partial)
	}
	t.Logf("%d questions: %d without holes, %d a minterm, %d the whole cube, %d others", asked, empty, single, whole, partial)
}

// unateCover returns n random cubes that, in about half of the variables,
// either are full or lack one part chosen for the variable: those
// variables are unate in the list, the others binate as chance has it.
func unateCover(c *Cube, n int, rng *rand.Rand) *Cover {
	F := randomCover(c, n, 0.3, rng)
	for v := 0; v < c.NumVars; v++ {
		if rng.IntN(2) == 0 {
			continue
		}
		j0 := c.FirstPart[v] + rng.IntN(c.PartSize[v])
		for p := range F.All() {
			if rng.IntN(3) == 0 {
				p.Or(p, c.VarMask[v])
			} else {
				p.Or(p, c.VarMask[v])
				p.Remove(j0)
			}
		}
	}
	return F
}

// componentCover returns n random cubes in two groups over variables of
// their own, each full in the other's.
func componentCover(c *Cube, n int, rng *rand.Rand) *Cover {
	F := randomCover(c, n, 0.2, rng)
	half := 1 + rng.IntN(c.NumVars-1)
	for i := 0; i < F.Count; i++ {
		lo, hi := 0, half
		if i%2 == 1 {
			lo, hi = half, c.NumVars
		}
		for v := lo; v < hi; v++ {
			F.At(i).Or(F.At(i), c.VarMask[v])
		}
	}
	return F
}
