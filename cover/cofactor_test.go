package cover

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tbMinterms returns every minterm of the cube structure: the cubes with
// exactly one part in each variable.
func tbMinterms(c *Cube) []Set {
	out := []Set{c.NewSet()}
	for v := 0; v < c.NumVars; v++ {
		var next []Set
		for _, m := range out {
			for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
				n := m.Clone()
				n.Insert(e)
				next = append(next, n)
			}
		}
		out = next
	}
	return out
}

// tbIn reports whether minterm m lies in some cube of f.
func tbIn(f *Cover, m Set) bool {
	for i := 0; i < f.Count; i++ {
		if m.Implies(f.At(i)) {
			return true
		}
	}
	return false
}

// tbListIn reports whether minterm m lies in some cube p ∪ T.Cof of T.
func tbListIn(T CubeList, m Set) bool {
	for _, p := range T.Cubes {
		q := p.Clone().Or(p, T.Cof)
		if m.Implies(q) {
			return true
		}
	}
	return false
}

// tbRandCover returns n random cubes.
func tbRandCover(r *rand.Rand, c *Cube, n int, pin float64) *Cover {
	f := c.NewCover(n)
	for i := 0; i < n; i++ {
		f.Append(tbRandCube(r, c, pin))
	}
	return f
}

// tbSmallShapes are cube structures small enough to enumerate minterms.
func tbSmallShapes(t testing.TB) []*Cube {
	return []*Cube{
		tbCube(t, 4),
		tbCube(t, 3, 3),
		tbCube(t, 2, 3, 4),
		tbCube(t, 0, 3, 2, 4),
		tbCube(t, 6, 2),
		tbCube(t, 5, 5),
		tbCube(t, 1, 66), // the output spans two words
	}
}

func TestCubeListAndUnlist(t *testing.T) {
	c := tbCube(t, 3, 2)
	a := tbCover(t, c, "01- 10", "1-0 11")
	b := tbCover(t, c, "--- 01")
	T := c.NewCubeList(a, b)
	if len(T.Cubes) != 3 || !sameSet(T.Cubes[0], a.At(0)) || !sameSet(T.Cubes[2], b.At(0)) || !T.Cof.IsEmpty() {
		t.Fatalf("NewCubeList: %v", T)
	}
	T.Cof = tbParse(t, c, "1?? 00")
	u := c.Unlist(T)
	// Rule: each cube of the unlisted cover is p ∪ cof.
	want := tbCover(t, c, "-1- 10", "1-0 11", "--- 01")
	for i := 0; i < 3; i++ {
		if !u.At(i).Equal(want.At(i)) {
			t.Errorf("Unlist[%d] = %s, want %s", i, u.At(i), want.At(i))
		}
	}
}

func TestCofactor(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range tbSmallShapes(t) {
		ms := tbMinterms(c)
		for n := 0; n < 200; n++ {
			f := tbRandCover(r, c, 1+r.IntN(8), 0.6)
			p := tbRandCube(r, c, 0.6)
			T := c.NewCubeList(f)
			// A cube p of the list itself is skipped (pointer equality).
			self := r.IntN(3) == 0
			if self {
				p = f.At(r.IntN(f.Count))
			}
			got := c.Cofactor(T, p)
			// Rule: the list keeps, in order, the cubes other than p that
			// intersect p.
			var want []Set
			for _, q := range T.Cubes {
				if !sameSet(q, p) && c.Dist(q, p) == 0 {
					want = append(want, q)
				}
			}
			if len(got.Cubes) != len(want) {
				t.Fatalf("Cofactor kept %d cubes, want %d", len(got.Cubes), len(want))
			}
			for i := range want {
				if !sameSet(got.Cubes[i], want[i]) {
					t.Fatalf("Cofactor cube %d differs", i)
				}
			}
			// Rule: on the minterms of p the cofactor agrees with f (less
			// p itself); the cofactor holds every part outside p.
			g := f
			if self {
				g = c.NewCover(f.Count)
				for i := 0; i < f.Count; i++ {
					if !sameSet(f.At(i), p) {
						g.Append(f.At(i))
					}
				}
			}
			for _, m := range ms {
				if m.Implies(p) && tbListIn(got, m) != tbIn(g, m) {
					t.Fatalf("cofactor of %v against %s wrong at %s", f.Sets(), p, m)
				}
			}
			if !c.NewSet().Or(got.Cof, p).isFull(c.Size) {
				t.Fatalf("Cof %s does not complete %s", got.Cof, p)
			}
		}
	}
}

func TestCofactorVarMatchesCofactor(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, c := range append(tbSmallShapes(t), tbShapes(t)...) {
		for n := 0; n < 300; n++ {
			f := tbRandCover(r, c, 1+r.IntN(10), 0.6)
			T := c.NewCubeList(f)
			T.Cof = tbRandSet(r, c, 0.1)
			v := r.IntN(c.NumVars)
			p := c.FullSet.Clone()
			for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
				if r.IntN(2) == 0 {
					p.Remove(e)
				}
			}
			// Rule: for a cube active in one variable only, scofactor
			// and cofactor agree.
			a, b := c.CofactorVar(T, p, v), c.Cofactor(T, p)
			if !a.Cof.Equal(b.Cof) || len(a.Cubes) != len(b.Cubes) {
				t.Fatalf("CofactorVar %v / Cofactor %v", a, b)
			}
			for i := range a.Cubes {
				if !sameSet(a.Cubes[i], b.Cubes[i]) {
					t.Fatalf("cube %d differs", i)
				}
			}
		}
	}
}

func TestMassiveCount(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, c := range append(tbSmallShapes(t), tbShapes(t)...) {
		for n := 0; n < 200; n++ {
			f := tbRandCover(r, c, 1+r.IntN(10), 0.7)
			T := c.NewCubeList(f)
			T.Cof = tbRandSet(r, c, 0.2)
			d := tbMassiveCount(c, T)
			// Rule: PartZeros counts the cubes p with the part outside
			// p ∪ cof; a variable is active with k > 0 such parts, unate
			// with exactly one.
			act, un := 0, 0
			for v := 0; v < c.NumVars; v++ {
				zeros, parts, most := 0, 0, 0
				for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
					z := 0
					for _, p := range T.Cubes {
						if !p.Has(e) && !T.Cof.Has(e) {
							z++
						}
					}
					if d.PartZeros[e] != z {
						t.Fatalf("PartZeros[%d] = %d, want %d", e, d.PartZeros[e], z)
					}
					zeros += z
					if z > 0 {
						parts++
					}
					most = max(most, z)
				}
				if d.VarZeros[v] != zeros || d.PartsActive[v] != parts || d.IsUnate[v] != (parts == 1) {
					t.Fatalf("var %d: zeros %d active %d unate %v; want %d %d", v, d.VarZeros[v], d.PartsActive[v], d.IsUnate[v], zeros, parts)
				}
				if parts > 0 {
					act++
				}
				if parts == 1 {
					un++
				}
			}
			if d.VarsActive != act || d.VarsUnate != un {
				t.Fatalf("active %d unate %d, want %d %d", d.VarsActive, d.VarsUnate, act, un)
			}
			// Rule: Best has the most active parts and, among those, the
			// most zeros.
			for v := 0; v < c.NumVars; v++ {
				b := d.Best
				if d.PartsActive[v] > d.PartsActive[b] ||
					d.PartsActive[v] == d.PartsActive[b] && d.VarZeros[v] > d.VarZeros[b] {
					t.Fatalf("Best = %d but variable %d is better", b, v)
				}
			}
		}
	}
}

// massiveCountRule is massive_count's choice of variable written out over
// every variable, as 2.3 does it: most active parts, then most zeros, then
// the smallest balance (for a binary variable its larger count of zeros,
// for a multiple-valued one its number of active parts), the first
// variable winning ties; VarsActive and VarsUnate alongside.
func massiveCountRule(c *Cube, count []int) (best, active, unate int) {
	best, mostActive, mostZero, mostBalanced := -1, 0, 0, 32000
	for v := 0; v < c.NumVars; v++ {
		act, zeros, bal := 0, 0, 0
		for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
			zeros += count[e]
			if count[e] > 0 {
				act++
			}
			if v < c.NumBinaryVars {
				bal = max(bal, count[e])
			} else {
				bal = max(bal, act)
			}
		}
		switch {
		case act > mostActive:
			best, mostActive, mostZero, mostBalanced = v, act, zeros, bal
		case act == mostActive && zeros > mostZero:
			best, mostZero, mostBalanced = v, zeros, bal
		case act == mostActive && zeros == mostZero && bal < mostBalanced:
			best, mostBalanced = v, bal
		}
		if act > 0 {
			active++
		}
		if act == 1 {
			unate++
		}
	}
	return best, active, unate
}

// TestMassiveCountBest checks Best, VarsActive and VarsUnate against the
// rule over every variable, on lists where few variables are active (the
// cofactor and full cubes hide most columns) as well as many, through
// MassiveCountInto and through SummarizeCounts on the same counts.
func TestMassiveCountBest(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for _, c := range append(tbSmallShapes(t), tbShapes(t)...) {
		var d, e ColumnCounts
		for n := 0; n < 300; n++ {
			full := []float64{0.3, 0.9, 0.99, 1}[n%4]
			f := tbRandCover(r, c, 1+r.IntN(50), full)
			T := c.NewCubeList(f)
			T.Cof = tbRandSet(r, c, []float64{0, 0.2, 0.9}[n%3])
			c.MassiveCountInto(&d, T)
			best, active, unate := massiveCountRule(c, d.PartZeros)
			if d.Best != best || d.VarsActive != active || d.VarsUnate != unate {
				t.Fatalf("%d vars, list %d: Best %d active %d unate %d; rule says %d %d %d",
					c.NumVars, n, d.Best, d.VarsActive, d.VarsUnate, best, active, unate)
			}
			e.PartZeros = slices.Clone(d.PartZeros)
			c.SummarizeCounts(&e)
			if e.Best != d.Best || e.VarsActive != d.VarsActive || e.VarsUnate != d.VarsUnate ||
				!slices.Equal(e.VarZeros[:c.NumVars], d.VarZeros[:c.NumVars]) ||
				!slices.Equal(e.PartsActive[:c.NumVars], d.PartsActive[:c.NumVars]) ||
				!slices.Equal(e.IsUnate[:c.NumVars], d.IsUnate[:c.NumVars]) {
				t.Fatalf("%d vars, list %d: SummarizeCounts differs from MassiveCountInto", c.NumVars, n)
			}
		}
	}
}

func TestMassiveCountTieBreak(t *testing.T) {
	c := tbCube(t, 3)
	// Variables 0 and 1 both have 2 active parts and 3 zeros: zeros per
	// part (2,1) and (1,2). Rule: equal balance keeps the first variable.
	f := tbCover(t, c, "10-", "01-", "1--", "-0-")
	d := tbMassiveCount(c, c.NewCubeList(f))
	if d.Best != 0 {
		t.Errorf("Best = %d, want 0", d.Best)
	}
	// Variable 0 has zeros (3,1), variable 1 (2,2), both 4 in total.
	// Rule: the more balanced variable (largest count 2 < 3) wins.
	f = tbCover(t, c, "1-1", "10-", "11-", "0--", "-1-", "-0-")
	d = tbMassiveCount(c, c.NewCubeList(f))
	if d.VarZeros[0] != 4 || d.VarZeros[1] != 4 || d.Best != 1 {
		t.Errorf("zeros %v, Best = %d, want 1", d.VarZeros, d.Best)
	}
}

func TestBinateSplitSelect(t *testing.T) {
	c := tbCube(t, 2, 5)
	T := c.NewCubeList(tbCover(t, c, "1- 11000", "-0 00111"))
	T.Cof = tbParse(t, c, "00 01000")
	d := &ColumnCounts{Best: 2}
	cl, cr := c.NewSet(), c.NewSet()
	if got := c.BinateSplitSelect(T, d, cl, cr); got != 2 {
		t.Fatalf("returned %d", got)
	}
	// Rule: free parts 0,2,3,4 of the output; the first half (2) goes
	// left, the rest right; both full elsewhere.
	if want := tbParse(t, c, "-- 10100"); !cl.Equal(want) {
		t.Errorf("cl = %s, want %s", cl, want)
	}
	if want := tbParse(t, c, "-- 00011"); !cr.Equal(want) {
		t.Errorf("cr = %s, want %s", cr, want)
	}
}

func TestCubeListArena(t *testing.T) {
	// Rule: the arena's cofactors equal the allocating ones, and what was
	// taken before a mark survives taking and releasing after it.
	r := rand.New(rand.NewPCG(33, 34))
	for _, c := range append(tbSmallShapes(t), tbShapes(t)...) {
		x := c.NewCubeListArena()
		var d ColumnCounts
		for n := 0; n < 100; n++ {
			f := tbRandCover(r, c, 1+r.IntN(20), 0.6)
			T := c.NewCubeList(f)
			p := tbRandCube(r, c, 0.6)
			keep := x.Cofactor(T, p)
			want := c.Cofactor(T, p)
			m := x.Mark()
			v := r.IntN(c.NumVars)
			q := x.NewSet().Fill(c.Size)
			q.Remove(c.FirstPart[v])
			for k := 0; k < 50; k++ { // enough to grow the arena
				_ = x.CofactorVar(T, q, v)
			}
			s, ws := x.CofactorVar(T, q, v), c.CofactorVar(T, q, v)
			if !s.Cof.Equal(ws.Cof) || len(s.Cubes) != len(ws.Cubes) {
				t.Fatalf("arena CofactorVar differs")
			}
			x.Release(m)
			if !keep.Cof.Equal(want.Cof) || len(keep.Cubes) != len(want.Cubes) {
				t.Fatalf("arena Cofactor differs")
			}
			for i := range keep.Cubes {
				if !sameSet(keep.Cubes[i], want.Cubes[i]) {
					t.Fatalf("arena Cofactor cube %d differs", i)
				}
			}
			c.MassiveCountInto(&d, T)
			if e := tbMassiveCount(c, T); e.Best != d.Best || e.VarsActive != d.VarsActive || e.VarsUnate != d.VarsUnate {
				t.Fatalf("MassiveCountInto differs")
			}
		}
	}
}

// TestCountZerosVertical compares the vertical count of zeros in each
// column with a count cube by cube, for lists of every length around the
// adders' blocks of eight, with one and several words per cube and a
// cofactor that hides some columns.
func TestCountZerosVertical(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	for _, shape := range []struct {
		binary int
		mv     []int
	}{{20, nil}, {12, []int{9}}, {40, []int{70}}} {
		c, err := NewCube(shape.binary, shape.mv)
		if err != nil {
			t.Fatal(err)
		}
		var d ColumnCounts
		for _, n := range []int{1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200, 1031} {
			F := randomCover(c, n, 0.3, rng)
			cof := c.NewSet()
			for e := 0; e < c.Size; e++ {
				if rng.IntN(8) == 0 {
					cof.Insert(e)
				}
			}
			T := CubeList{Cof: cof, Cubes: F.Sets()}
			want := make([]int, c.Size)
			for _, p := range T.Cubes {
				for e := 0; e < c.Size; e++ {
					if !p.Has(e) && !cof.Has(e) {
						want[e]++
					}
				}
			}
			got := make([]int, c.Size)
			c.countZerosVertical(&d, T, got)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%d binary, mv %v, %d cubes: counts differ (-want +got):\n%s", shape.binary, shape.mv, n, diff)
			}
		}
	}
}

// tbMassiveCount returns the column counts of T (MassiveCountInto).
func tbMassiveCount(c *Cube, T CubeList) *ColumnCounts {
	d := &ColumnCounts{}
	c.MassiveCountInto(d, T)
	return d
}
