package cover

import (
	"math/rand/v2"
	"testing"
)

// tbCheckFunction fails unless, on every minterm, membership in got equals
// want(m).
func tbCheckFunction(t *testing.T, what string, ms []Set, got *Cover, want func(m Set) bool) {
	t.Helper()
	for _, m := range ms {
		if tbIn(got, m) != want(m) {
			t.Fatalf("%s wrong at minterm %s: got cover %v", what, m, got.Sets())
		}
	}
}

// tbDisjointCubes fails unless the cubes of f are pairwise disjoint.
func tbDisjointCubes(t *testing.T, what string, c *Cube, f *Cover) {
	t.Helper()
	for i := 0; i < f.Count; i++ {
		for j := i + 1; j < f.Count; j++ {
			if c.Dist0(f.At(i), f.At(j)) {
				t.Fatalf("%s: cubes %s and %s intersect", what, f.At(i), f.At(j))
			}
		}
	}
}

func TestSharpTable(t *testing.T) {
	c := tbCube(t, 3, 3)
	tests := []struct {
		name       string
		a, b       string
		sharp, dsh []string // rule: sharp lists a with only a−b in each variable where that is not empty; dsharp also keeps a∩b in the earlier such variables
	}{
		{"disjoint cubes give a", "1-- 110", "0-- 111", []string{"1-- 110"}, []string{"1-- 110"}},
		{"contained gives nothing", "10- 100", "1-- 110", nil, nil},
		{"two variables", "--- 111", "11- 011",
			[]string{"0-- 111", "-0- 111", "--- 100"},
			[]string{"0-- 111", "10- 111", "11- 100"}},
	}
	for _, tc := range tests {
		a, b := tbParse(t, c, tc.a), tbParse(t, c, tc.b)
		for k, f := range []*Cover{c.sharp(a, b), c.dSharp(a, b)} {
			want := [][]string{tc.sharp, tc.dsh}[k]
			if f.Count != len(want) {
				t.Fatalf("%s/%d: got %v, want %v", tc.name, k, f.Sets(), want)
			}
			for i, w := range want {
				if !f.At(i).Equal(tbParse(t, c, w)) {
					t.Errorf("%s/%d: cube %d = %s, want %s", tc.name, k, i, f.At(i), w)
				}
			}
		}
	}
}

func TestSharpRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	for _, c := range tbSmallShapes(t) {
		ms := tbMinterms(c)
		for n := 0; n < 150; n++ {
			a := tbRandCover(r, c, r.IntN(6), 0.6)
			b := tbRandCover(r, c, r.IntN(6), 0.6)
			p, q := tbRandCube(r, c, 0.6), tbRandCube(r, c, 0.6)
			pc, qc := FromSets(c.Size, []Set{p}), FromSets(c.Size, []Set{q})
			diff := func(m Set) bool { return tbIn(a, m) && !tbIn(b, m) }
			cubeDiff := func(m Set) bool { return m.Implies(p) && !m.Implies(q) }

			// Rules, by minterms: a # b holds a − b; the disjoint sharp
			// of cubes gives pairwise disjoint cubes; the intersection
			// holds a ∩ b; MakeDisjoint keeps the function with disjoint
			// cubes.
			tbCheckFunction(t, "Sharp", ms, c.sharp(p, q), cubeDiff)
			ds := c.dSharp(p, q)
			tbCheckFunction(t, "dSharp", ms, ds, cubeDiff)
			tbDisjointCubes(t, "dSharp", c, ds)
			tbCheckFunction(t, "SharpCover", ms, c.SharpCover(a, b, nil), diff)
			tbCheckFunction(t, "DSharpCover", ms, c.DSharpCover(a, b), diff)
			dc := c.dSharpCubeCover(p, b)
			tbCheckFunction(t, "dSharpCubeCover", ms, dc, func(m Set) bool { return m.Implies(p) && !tbIn(b, m) })
			tbDisjointCubes(t, "dSharpCubeCover", c, dc)
			tbCheckFunction(t, "SharpCubeCover", ms, c.sharpCubeCover(p, b, nil, false), func(m Set) bool { return m.Implies(p) && !tbIn(b, m) })
			tbCheckFunction(t, "dSharpCoverCube", ms, c.dSharpCoverCube(a, q), func(m Set) bool { return tbIn(a, m) && !m.Implies(q) })
			tbCheckFunction(t, "Intersect", ms, c.Intersect(a, b), func(m Set) bool { return tbIn(a, m) && tbIn(b, m) })
			tbCheckFunction(t, "Intersect of cubes", ms, c.Intersect(pc, qc), func(m Set) bool { return m.Implies(p) && m.Implies(q) })
			md := c.MakeDisjoint(a)
			tbCheckFunction(t, "MakeDisjoint", ms, md, func(m Set) bool { return tbIn(a, m) })
			tbDisjointCubes(t, "MakeDisjoint", c, md)
		}
	}
}

func TestIntersectBatches(t *testing.T) {
	// More than 500 intersections: the batched containment must still
	// give a ∩ b with no cube contained in another.
	r := rand.New(rand.NewPCG(29, 30))
	c := tbCube(t, 6, 3)
	ms := tbMinterms(c)
	a := tbRandCover(r, c, 40, 0.8)
	b := tbRandCover(r, c, 40, 0.8)
	got := c.Intersect(a, b)
	tbCheckFunction(t, "Intersect", ms, got, func(m Set) bool { return tbIn(a, m) && tbIn(b, m) })
	for i := 0; i < got.Count; i++ {
		for j := 0; j < got.Count; j++ {
			if i != j && got.At(i).Implies(got.At(j)) {
				t.Fatalf("cube %s contained in %s", got.At(i), got.At(j))
			}
		}
	}
}

func TestSharpHeaders(t *testing.T) {
	// Rule (see garbageSize): the first cube sharp and dsharp build has
	// SIZE garbageSize, the others a cleared header; a cube returned
	// whole keeps its header.
	c := tbCube(t, 3, 3)
	a, b := tbParse(t, c, "--- 111"), tbParse(t, c, "11- 011")
	for k, f := range []*Cover{c.sharp(a, b), c.dSharp(a, b)} {
		if f.Count != 3 || f.At(0).Size() != garbageSize || f.At(1)[0] != 0 || f.At(2)[0] != 0 {
			t.Errorf("%d: headers %#x %#x %#x", k, f.At(0)[0], f.At(1)[0], f.At(2)[0])
		}
	}
	p := tbParse(t, c, "1-- 110")
	p.PutSize(7)
	p.SetFlag(Prime)
	q := tbParse(t, c, "0-- 111")
	for k, f := range []*Cover{c.sharp(p, q), c.dSharp(p, q)} {
		if f.Count != 1 || f.At(0)[0] != p[0] {
			t.Errorf("%d: header %#x, want %#x", k, f.At(0)[0], p[0])
		}
	}
}
