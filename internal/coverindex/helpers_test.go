package coverindex

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// randomCover returns n random cubes of c (randomCubeFull), each variable
// full with probability pFull.
func randomCover(c *cover.Cube, n int, pFull float64, rng *rand.Rand) *cover.Cover {
	each := make([]float64, c.NumVars)
	for v := range each {
		each[v] = pFull
	}
	f := c.NewCover(n)
	for range n {
		f.Append(randomCubeFull(c, each, rng))
	}
	return f
}

// randomCubeFull returns a random cube of c, full in variable v with
// probability pFull[v] and otherwise holding a random nonempty set of its
// parts: one drawn, each of the others with probability 1/2.
func randomCubeFull(c *cover.Cube, pFull []float64, rng *rand.Rand) cover.Set {
	p := c.NewSet()
	for v := range c.NumVars {
		if rng.Float64() < pFull[v] {
			p.Or(p, c.VarMask[v])
			continue
		}
		first, size := c.FirstPart[v], c.PartSize[v]
		p.Insert(first + rng.IntN(size))
		for e := range size {
			if rng.IntN(2) == 0 {
				p.Insert(first + e)
			}
		}
	}
	return p
}

// tbParse reads a cube in its text form (cover.ParseCube), failing the
// test on an error.
func tbParse(t testing.TB, c *cover.Cube, s string) cover.Set {
	t.Helper()
	p, err := cover.ParseCube(c, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sameSet reports whether a and b are the same storage.
func sameSet(a, b cover.Set) bool { return len(a) > 0 && len(b) > 0 && &a[0] == &b[0] }
