package cover

import (
	"math/rand/v2"
	"testing"
)

// Helpers shared by the tests of setc, cofactor, tautology, unate, compl and
// sharp. Names start with tb to keep clear of other test files.

// tbCube builds a cube structure or fails the test.
func tbCube(t testing.TB, nbin int, mv ...int) *Cube {
	t.Helper()
	c, err := NewCube(nbin, mv)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// tbParse reads a cube in its text form (ParseCube), failing the test on
// an error.
func tbParse(t testing.TB, c *Cube, s string) Set {
	t.Helper()
	p, err := ParseCube(c, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// tbCover builds a cover from cubes written as for tbParse.
func tbCover(t testing.TB, c *Cube, cubes ...string) *Cover {
	t.Helper()
	f := c.NewCover(len(cubes))
	for _, s := range cubes {
		f.Append(tbParse(t, c, s))
	}
	return f
}

// tbRandCube returns a random cube; each part is present with probability
// pin, and no variable is empty.
func tbRandCube(r *rand.Rand, c *Cube, pin float64) Set {
	p := c.NewSet()
	for v := 0; v < c.NumVars; v++ {
		for {
			for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
				if r.Float64() < pin {
					p.Insert(e)
				}
			}
			if c.mvMeets(p, c.FullSet, v) {
				break
			}
		}
	}
	return p
}

// tbRandSet returns a random set of parts, where variables may be empty.
func tbRandSet(r *rand.Rand, c *Cube, pin float64) Set {
	p := c.NewSet()
	for e := 0; e < c.Size; e++ {
		if r.Float64() < pin {
			p.Insert(e)
		}
	}
	return p
}

// tbMeets is the part-by-part definition: a and b share a part of v.
func tbMeets(c *Cube, a, b Set, v int) bool {
	for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
		if a.Has(e) && b.Has(e) {
			return true
		}
	}
	return false
}

// tbFullIn reports whether a holds every part of v.
func tbFullIn(c *Cube, a Set, v int) bool {
	for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
		if !a.Has(e) {
			return false
		}
	}
	return true
}

// tbShapes are cube structures that put binary and multiple-valued parts
// across word boundaries in several ways.
func tbShapes(t testing.TB) []*Cube {
	return []*Cube{
		tbCube(t, 3, 4, 2),
		tbCube(t, 0, 3, 5),
		tbCube(t, 5),
		tbCube(t, 31, 3),
		tbCube(t, 32, 70),
		tbCube(t, 40, 3, 30, 5),
		tbCube(t, 70, 2, 7),
	}
}

func TestDistances(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range tbShapes(t) {
		for n := 0; n < 3000; n++ {
			pin := []float64{0.3, 0.6, 0.9}[n%3]
			a, b := tbRandSet(r, c, pin), tbRandSet(r, c, pin)
			// Rule: the distance is the number of variables in which a and
			// b share no part.
			want := 0
			for v := 0; v < c.NumVars; v++ {
				if !tbMeets(c, a, b, v) {
					want++
				}
			}
			if got := c.Dist(a, b); got != want {
				t.Fatalf("%d vars: Dist(%s,%s) = %d, want %d", c.NumVars, a, b, got, want)
			}
			want01 := min(want, 2)
			if got := c.Dist01(a, b); got != want01 {
				t.Fatalf("Dist01(%s,%s) = %d, want %d", a, b, got, want01)
			}
			if got := c.Dist0(a, b); got != (want == 0) {
				t.Fatalf("Dist0(%s,%s) = %v, want %v", a, b, got, want == 0)
			}
		}
	}
}

func TestConsensusForceLower(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range tbShapes(t) {
		for n := 0; n < 2000; n++ {
			a, b := tbRandSet(r, c, 0.5), tbRandSet(r, c, 0.5)
			// Rule: per variable, the consensus is a∩b where that is
			// non-empty and a∪b otherwise; ForceLower adds a's parts of
			// the variables where a∩b is empty.
			want := c.NewSet()
			base := tbRandSet(r, c, 0.2)
			wantLower := base.Clone()
			for v := 0; v < c.NumVars; v++ {
				meet := tbMeets(c, a, b, v)
				for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
					if meet && a.Has(e) && b.Has(e) || !meet && (a.Has(e) || b.Has(e)) {
						want.Insert(e)
					}
					if !meet && a.Has(e) {
						wantLower.Insert(e)
					}
				}
			}
			got := c.NewSet()
			got[0] = Prime | 7<<sizeShift
			c.Consensus(got, a, b)
			if !got.Equal(want) || got[0] != 0 {
				t.Fatalf("Consensus(%s,%s) = %s (header %#x), want %s", a, b, got, got[0], want)
			}
			lower := c.ForceLower(base, a, b)
			if !lower.Equal(wantLower) {
				t.Fatalf("ForceLower(%s,%s) = %s, want %s", a, b, lower, wantLower)
			}
		}
	}
}

func TestActiveCommon(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range tbShapes(t) {
		for n := 0; n < 3000; n++ {
			// Mostly full sets, so that few variables are active.
			a := tbRandSet(r, c, 0.995)
			b := tbRandSet(r, c, 0.99)
			cof := tbRandSet(r, c, 0.05)
			if n%7 == 0 {
				a = c.FullSet.Clone()
				a.Remove(r.IntN(c.Size))
			}
			// Rule: Active is the only variable a is not full in, else -1.
			want, nact := -1, 0
			for v := 0; v < c.NumVars; v++ {
				if !tbFullIn(c, a, v) {
					nact++
					want = v
				}
			}
			if nact != 1 {
				want = -1
			}
			if got := c.Active(a); got != want {
				t.Fatalf("Active(%s) = %d, want %d", a, got, want)
			}
			// Rule: common holds when some variable is not full in both
			// a∪cof and b∪cof.
			ac, bc := c.NewSet().Or(a, cof), c.NewSet().Or(b, cof)
			wantC := false
			for v := 0; v < c.NumVars; v++ {
				if !tbFullIn(c, ac, v) && !tbFullIn(c, bc, v) {
					wantC = true
				}
			}
			if got := c.common(a, b, cof); got != wantC {
				t.Fatalf("common(%s,%s,%s) = %v, want %v", a, b, cof, got, wantC)
			}
			wantF := ac.isFull(c.Size)
			if got := c.FullRow(a, cof); got != wantF {
				t.Fatalf("FullRow(%s,%s) = %v, want %v", a, cof, got, wantF)
			}
		}
	}
}

func TestParseHelper(t *testing.T) {
	c := tbCube(t, 3, 4, 2)
	p := tbParse(t, c, "01- 1001 10")
	if got := p.String(); got != "[0,3,4,5,6,9,10]" {
		t.Errorf("tbParse = %s", got)
	}
}
