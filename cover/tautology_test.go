package cover

import (
	"math/rand/v2"
	"testing"
)

// tbIsTautology is the definition: every minterm lies in a cube of f.
func tbIsTautology(c *Cube, f *Cover) bool {
	for _, m := range tbMinterms(c) {
		if !tbIn(f, m) {
			return false
		}
	}
	return true
}

// tbRandTautish returns a random cover that is often a tautology or close
// to one: random cubes, then, when fill is set, random cubes grown around
// each uncovered minterm, then possibly one cube dropped.
func tbRandTautish(r *rand.Rand, c *Cube, ms []Set) *Cover {
	f := tbRandCover(r, c, 1+r.IntN(10), 0.4+0.5*r.Float64())
	if r.IntN(3) != 0 {
		for _, m := range ms {
			if tbIn(f, m) {
				continue
			}
			q := m.Clone()
			for e := 0; e < c.Size; e++ {
				if r.IntN(3) == 0 {
					q.Insert(e)
				}
			}
			f.Append(q)
		}
		if r.IntN(3) == 0 && f.Count > 1 {
			f.Delete(r.IntN(f.Count))
		}
	}
	return f
}

func TestTautologyTable(t *testing.T) {
	c := tbCube(t, 3, 3)
	tests := []struct {
		name  string
		cubes []string
		want  bool // rule: true iff every minterm is covered
	}{
		{"empty cover", nil, false},
		{"full cube", []string{"--- 111"}, true},
		{"x + x'", []string{"1-- 111", "0-- 111"}, true},
		{"x alone", []string{"1-- 111"}, false},
		{"mv parts split", []string{"--- 100", "--- 011"}, true},
		{"mv part missing", []string{"--- 100", "--- 010"}, false},
		{"xy + x'y + y'", []string{"11- 111", "01- 111", "-0- 111"}, true},
		{"xy + x'y' misses xy'", []string{"11- 111", "00- 111"}, false},
		{"consensus terms", []string{"1-1 111", "0-- 110", "--0 111", "01- 001", "00- 001"}, true},
		{"binate needs split", []string{"11- 111", "10- 111", "0-1 111", "0-0 110", "0-0 001"}, true},
		{"one minterm short", []string{"11- 111", "10- 111", "0-1 111", "0-0 110", "000 001"}, false},
	}
	for _, tc := range tests {
		f := tbCover(t, c, tc.cubes...)
		if got := tbIsTautology(c, f); got != tc.want {
			t.Fatalf("%s: table entry wrong by enumeration", tc.name)
		}
		if got := c.NewTautologyChecker().Tautology(c.NewCubeList(f)); got != tc.want {
			t.Errorf("%s: Tautology = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestTautologyRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, c := range tbSmallShapes(t) {
		ms := tbMinterms(c)
		counts := [2]int{}
		for n := 0; n < 400; n++ {
			f := tbRandTautish(r, c, ms)
			want := tbIsTautology(c, f)
			counts[b2i(want)]++
			if got := c.NewTautologyChecker().Tautology(c.NewCubeList(f)); got != want {
				t.Fatalf("%v: Tautology = %v, want %v", f.Sets(), got, want)
			}
			// With a random cofactor: rule, tautology of the cubes p ∪ cof.
			T := c.NewCubeList(f)
			T.Cof = tbRandSet(r, c, 0.15)
			u := c.Unlist(T)
			if got, want := c.NewTautologyChecker().Tautology(T), tbIsTautology(c, u); got != want {
				t.Fatalf("with cof: Tautology = %v, want %v", got, want)
			}
		}
		if counts[0] == 0 || counts[1] == 0 {
			t.Errorf("shape %v: answers %v, want both kinds", c.PartSize, counts)
		}
	}
}

func TestCubeIsCovered(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for _, c := range tbSmallShapes(t) {
		ms := tbMinterms(c)
		for n := 0; n < 200; n++ {
			f := tbRandTautish(r, c, ms)
			i := r.IntN(f.Count)
			p := f.At(i)
			// Rule: p is covered by the other cubes iff each minterm of p
			// lies in one of them.
			others := c.NewCover(f.Count)
			for j := 0; j < f.Count; j++ {
				if j != i {
					others.Append(f.At(j))
				}
			}
			want := true
			for _, m := range ms {
				if m.Implies(p) && !tbIn(others, m) {
					want = false
					break
				}
			}
			if got := c.NewTautologyChecker().CubeIsCovered(c.NewCubeList(f), p); got != want {
				t.Fatalf("CubeIsCovered(%s) = %v, want %v", p, got, want)
			}
		}
	}
}

func TestTautologyComponents(t *testing.T) {
	// Covers made of two groups of cubes on disjoint variables, which the
	// component reduction splits apart. Rule: the result is that of
	// minterm enumeration.
	r := rand.New(rand.NewPCG(17, 18))
	c := tbCube(t, 8)
	counts := [2]int{}
	for n := 0; n < 300; n++ {
		f := c.NewCover(0)
		for half := 0; half < 2; half++ {
			k := 3 + r.IntN(8)
			for i := 0; i < k; i++ {
				q := c.FullSet.Clone()
				for v := 4 * half; v < 4*half+4; v++ {
					SetInput(q, v, 1+r.IntN(3))
				}
				f.Append(q)
			}
		}
		want := tbIsTautology(c, f)
		counts[b2i(want)]++
		if got := c.NewTautologyChecker().Tautology(c.NewCubeList(f)); got != want {
			t.Fatalf("%v: Tautology = %v, want %v", f.Sets(), got, want)
		}
	}
	if counts[0] == 0 || counts[1] == 0 {
		t.Errorf("answers %v, want both kinds", counts)
	}
}

func TestTautologyChecker(t *testing.T) {
	// Rule: a checker reused across questions answers as fresh calls do.
	r := rand.New(rand.NewPCG(31, 32))
	for _, c := range tbSmallShapes(t) {
		ms := tbMinterms(c)
		k := c.NewTautologyChecker()
		for n := 0; n < 100; n++ {
			f := tbRandTautish(r, c, ms)
			if got, want := k.Tautology(c.NewCubeList(f)), tbIsTautology(c, f); got != want {
				t.Fatalf("checker Tautology = %v, want %v", got, want)
			}
			T := c.NewCubeList(f)
			for i := 0; i < f.Count; i++ {
				if got, want := k.CubeIsCovered(T, f.At(i)), c.NewTautologyChecker().Tautology(c.Cofactor(T, f.At(i))); got != want {
					t.Fatalf("checker CubeIsCovered = %v, want %v", got, want)
				}
			}
		}
	}
}
