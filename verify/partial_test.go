package verify

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

func randomCover(c *cover.Cube, n int, rng *rand.Rand) *cover.Cover {
	f := c.NewCover(n)
	for i := 0; i < n; i++ {
		p := f.AppendEmpty()
		for v := 0; v < c.NumVars; v++ {
			full := rng.IntN(3) == 0
			any := false
			for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
				if full || rng.IntN(2) == 0 {
					p.Insert(e)
					any = true
				}
			}
			if !any {
				p.Insert(c.FirstPart[v] + rng.IntN(c.PartSize[v]))
			}
		}
	}
	return f
}

func minterms(c *cover.Cube) []cover.Set {
	var out []cover.Set
	m := c.NewSet()
	var rec func(v int)
	rec = func(v int) {
		if v == c.NumVars {
			out = append(out, m.Clone())
			return
		}
		for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
			m.Insert(e)
			rec(v + 1)
			m.Remove(e)
		}
	}
	rec(0)
	return out
}

func in(f *cover.Cover, m cover.Set) bool {
	for i := 0; i < f.Count; i++ {
		if m.Implies(f.At(i)) {
			return true
		}
	}
	return false
}

// sides gives, for minterm m, membership in each side of the three
// conditions: D, F − D, R − D.
func sides(f Function, m cover.Set) [3]bool {
	d := in(f.D, m)
	return [3]bool{d, in(f.F, m) && !d, in(f.R, m) && !d}
}

var conditionNames = [3]string{"D_A = D_B", "F_A - D_A = F_B - D_B", "R_A - D_A = R_B - D_B"}

// TestSamePartialFunctionAgainstEnumeration compares the verdict on random
// pairs of small functions with the verdict of enumerating every minterm,
// and checks that each witness really separates the two sides.
func TestSamePartialFunctionAgainstEnumeration(t *testing.T) {
	c, err := cover.NewCube(4, []int{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	ms := minterms(c)
	rng := rand.New(rand.NewPCG(7, 11))
	counts := [3]int{}
	for trial := 0; trial < 400; trial++ {
		a := Function{randomCover(c, 4, rng), randomCover(c, 3, rng), randomCover(c, 4, rng)}
		var b Function
		switch trial % 4 {
		case 0: // identical
			b = Function{a.F.Clone(), a.D.Clone(), a.R.Clone()}
		case 1: // same partial function, covers written differently
			b = Function{cover.Join(a.F, c.Intersect(a.F, a.D)), a.D.Clone(), a.R.Clone()}
		default: // perturbed
			b = Function{a.F.Clone(), a.D.Clone(), a.R.Clone()}
			for _, x := range []*cover.Cover{b.F, b.D, b.R} {
				if rng.IntN(2) == 0 && x.Count > 0 {
					x.Delete(rng.IntN(x.Count))
				}
			}
		}
		var want [3]bool // condition fails
		for _, m := range ms {
			sa, sb := sides(a, m), sides(b, m)
			for k := range want {
				if sa[k] != sb[k] {
					want[k] = true
				}
			}
		}
		// Half the trials split the space down to single cubes.
		leaf := splitLeaf
		if trial%2 == 1 {
			leaf = 1
		}
		got, err := samePartialFunction(c, a, b, leaf)
		if err != nil {
			t.Fatal(err)
		}
		var fails [3]bool
		for _, mm := range got {
			k := -1
			for i, n := range conditionNames {
				if n == mm.Condition {
					k = i
				}
			}
			if k < 0 {
				t.Fatalf("unknown condition %q", mm.Condition)
			}
			fails[k] = true
			counts[k]++
			sa, sb := sides(a, mm.Witness), sides(b, mm.Witness)
			if mm.Witness.Count() != c.NumVars {
				t.Fatalf("witness %s is not a minterm", mm.Witness)
			}
			if sa[k] != mm.InA || sb[k] == mm.InA {
				t.Fatalf("trial %d: witness %s for %q does not separate (A %v, B %v, InA %v)",
					trial, FormatMinterm(c, mm.Witness), mm.Condition, sa[k], sb[k], mm.InA)
			}
		}
		if fails != want {
			t.Fatalf("trial %d: failing conditions %v, enumeration says %v", trial, fails, want)
		}
	}
	for k, n := range counts {
		if n == 0 {
			t.Errorf("no trial exercised a failure of %q", conditionNames[k])
		}
	}
}

func TestFormatMinterm(t *testing.T) {
	c, _ := cover.NewCube(3, []int{2, 3})
	m := c.NewSet()
	cover.SetInput(m, 0, cover.Zero)
	cover.SetInput(m, 1, cover.One)
	cover.SetInput(m, 2, cover.One)
	m.Insert(c.FirstPart[3] + 1)
	m.Insert(c.FirstPart[4] + 2)
	if got, want := FormatMinterm(c, m), "011 01 001"; got != want {
		t.Errorf("FormatMinterm = %q, want %q", got, want)
	}
}

func TestRelaxedOffSet(t *testing.T) {
	c, _ := cover.NewCube(4, []int{1})
	ms := minterms(c)
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := 0; trial < 200; trial++ {
		F, D, R := randomCover(c, 4, rng), randomCover(c, 3, rng), randomCover(c, 4, rng)
		blocking, witness := RelaxedOffSet(c, F, D, R)
		bad := false
		for _, m := range ms {
			if in(F, m) && in(R, m) && !in(D, m) {
				bad = true
			}
		}
		if bad != (witness != nil) {
			t.Fatalf("trial %d: overlap outside D is %v, witness %v", trial, bad, witness)
		}
		if witness != nil {
			if !in(F, witness) || !in(R, witness) || in(D, witness) {
				t.Fatalf("witness %s is not in F ∩ R − D", witness)
			}
			continue
		}
		for _, m := range ms {
			if in(blocking, m) != (in(R, m) && !in(D, m)) {
				t.Fatalf("blocking cover is not R − D at %s", m)
			}
		}
	}
}
