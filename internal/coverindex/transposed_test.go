package coverindex

import (
	"cmp"
	"github.com/espresso-go/espresso/cover"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTransposedNear compares Near, Lower and Held with Dist01,
// ForceLower and a scan of the cubes, and Near and Feasible on the active
// cubes packed (Pack) with the same on all, on random covers with and without
// multiple-valued variables, some of them with void cubes, for random
// active sets and query cubes of every density (a query may hold every
// part of a variable, or none).
func TestTransposedNear(t *testing.T) {
	for k, tc := range []struct {
		name   string
		binary int
		mv     []int
		n      int
		pFull  float64
		void   bool // make some cubes void in some variable
	}{
		{"binary", 10, nil, 150, 0.3, false},
		{"binary, one word past 64 cubes", 20, nil, 65, 0.5, false},
		{"with outputs", 12, []int{7}, 200, 0.3, false},
		{"multiple-valued", 6, []int{3, 5, 40}, 130, 0.3, false},
		{"many words", 70, []int{80}, 300, 0.6, false},
		{"void cubes", 9, []int{4}, 140, 0.4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(k)))
			c, err := cover.NewCube(tc.binary, tc.mv)
			if err != nil {
				t.Fatal(err)
			}
			F := randomCover(c, tc.n, tc.pFull, rng)
			if tc.void {
				for i := 0; i < F.Count; i += 5 {
					v := rng.IntN(c.NumVars)
					F.At(i).Diff(F.At(i), c.VarMask[v])
				}
			}
			tr := Transpose(c, F)
			groups := tr.Groups()
			if tr.Len() != F.Count || groups != (F.Count+63)/64 {
				t.Fatalf("Len %d, Groups %d for %d cubes", tr.Len(), groups, F.Count)
			}
			every := tr.All(make([]uint64, groups))
			for i := 0; i < 64*groups; i++ {
				if got := every[i/64]>>(i%64)&1 != 0; got != (i < F.Count) {
					t.Fatalf("All holds cube %d: %v, with %d cubes", i, got, F.Count)
				}
			}
			active := make([]uint64, groups)
			dist0 := make([]uint64, groups)
			dist1 := make([]uint64, groups)
			near0 := make([]uint64, groups)
			counts := [3]int{}
			feasibleCount := map[bool]int{}
			var packed Transposed
			for q := 0; q < 200; q++ {
				s := c.NewSet()
				density := rng.Float64()
				for e := 0; e < c.Size; e++ {
					if rng.Float64() < density {
						s.Insert(e)
					}
				}
				// Most cubes active, or a few (then some parts are
				// held by inactive cubes alone).
				pActive := [...]float64{0.75, 0.05, 0.01}[q%3]
				clear(active)
				for i := 0; i < F.Count; i++ {
					if rng.Float64() < pActive {
						active[i/64] |= 1 << (i % 64)
					}
				}
				tr.Near(s, active, dist0, dist1)
				tr.Near(s, active, near0, nil)
				wantLower, lower := c.NewSet(), c.NewSet()
				tr.Lower(s, active, dist1, lower)
				for i := 0; i < F.Count; i++ {
					g, bit := i/64, uint64(1)<<(i%64)
					if active[g]&bit == 0 {
						continue
					}
					p := F.At(i)
					d := c.Dist01(p, s)
					if got := nearDistance(dist0, dist1, i); got != d {
						t.Fatalf("query %d, cube %d: Near gives distance %d, Dist01 %d", q, i, got, d)
					}
					if (near0[g]&bit != 0) != (d == 0) {
						t.Fatalf("query %d, cube %d: Near without dist1 disagrees (distance %d)", q, i, d)
					}
					if d == 1 {
						c.ForceLower(wantLower, p, s)
					}
					counts[d]++
				}
				if !lower.Equal(wantLower) {
					t.Fatalf("query %d: Lower gives %v, ForceLower %v", q, lower, wantLower)
				}
				feasLower := c.NewSet()
				feasible := tr.Feasible(s, active, feasLower)
				anyDist0 := false
				for g := range active {
					anyDist0 = anyDist0 || active[g]&dist0[g] != 0
				}
				if feasible == anyDist0 {
					t.Fatalf("query %d: Feasible = %v with an active cube at distance 0: %v", q, feasible, anyDist0)
				}
				if feasible && !feasLower.Equal(wantLower) {
					t.Fatalf("query %d: Feasible lowers %v, ForceLower %v", q, feasLower, wantLower)
				}
				feasibleCount[feasible]++

				// Pack: the active cubes in order, 64 to a group; the
				// same storage is reused from query to query.
				var order []int
				for i := 0; i < F.Count; i++ {
					if active[i/64]>>(i%64)&1 != 0 {
						order = append(order, i)
					}
				}
				if n := tr.Pack(active, &packed); n != len(order) || packed.Len() != n {
					t.Fatalf("query %d: Pack holds %d cubes (Len %d), %d active", q, n, packed.Len(), len(order))
				}
				packedAct := packed.All(make([]uint64, packed.Groups()))
				pd0 := make([]uint64, packed.Groups())
				pd1 := make([]uint64, packed.Groups())
				packed.Near(s, packedAct, pd0, pd1)
				for k, i := range order {
					got := nearDistance(pd0, pd1, k)
					if d := c.Dist01(F.At(i), s); got != d {
						t.Fatalf("query %d: packed cube %d (cube %d) at distance %d, Dist01 %d", q, k, i, got, d)
					}
				}
				packedLower := c.NewSet()
				if got := packed.Feasible(s, packedAct, packedLower); got != feasible || feasible && !packedLower.Equal(wantLower) {
					t.Fatalf("query %d: packed Feasible = %v lowering %v, unpacked %v lowering %v", q, got, packedLower, feasible, wantLower)
				}
				held := c.NewSet()
				tr.Held(s, active, held)
				for j := 0; j < c.Size; j++ {
					want := false
					for i := 0; i < F.Count && !want; i++ {
						want = active[i/64]>>(i%64)&1 != 0 && F.At(i).Has(j)
					}
					want = want && s.Has(j)
					if got := held.Has(j); got != want {
						t.Fatalf("query %d: Held has part %d: %v, want %v", q, j, got, want)
					}
				}
			}
			// The queries must reach each distance, and each answer of
			// Feasible, for the test to mean something.
			for d, n := range counts {
				if n == 0 {
					t.Errorf("no active cube at distance %d in any query", d)
				}
			}
			if feasibleCount[true] == 0 || feasibleCount[false] == 0 {
				t.Errorf("Feasible answered %v", feasibleCount)
			}
		})
	}
}

// nearDistance returns the distance of cube i as Near's masks dist0 and
// dist1 give it: 0, 1, or 2 for farther.
func nearDistance(dist0, dist1 []uint64, i int) int {
	g, bit := i/64, uint64(1)<<(i%64)
	switch {
	case dist0[g]&bit != 0:
		return 0
	case dist1[g]&bit != 0:
		return 1
	}
	return 2
}

// TestTransposedCountDisjoint compares CountDisjoint with a scan, on lists
// loaded one after another into the same Transposed (so that storage left
// from a longer list must not count).
func TestTransposedCountDisjoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	c, err := cover.NewCube(14, []int{9})
	if err != nil {
		t.Fatal(err)
	}
	var tr Transposed
	for _, n := range []int{200, 70, 64, 1, 130} {
		F := randomCover(c, n, 0.3, rng)
		list := F.Sets()
		tr.Load(c, list)
		for q := 0; q < 100; q++ {
			s := c.NewSet()
			for k := rng.IntN(6); k >= 0; k-- {
				s.Insert(rng.IntN(c.Size))
			}
			want := 0
			for _, p := range list {
				if s.Disjoint(p) {
					want++
				}
			}
			if got := tr.CountDisjoint(s); got != want {
				t.Fatalf("%d cubes, query %d: CountDisjoint = %d, want %d", n, q, got, want)
			}
		}
	}
}

// TestTransposedKeepWithin compares KeepWithin, KeepHolding, Lacking and
// CountParts, on covers loaded with LoadCover into storage used before,
// with Implies and Has over the active cubes, for random active
// sets and query cubes from nearly empty to full.
func TestTransposedKeepWithin(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	c, err := cover.NewCube(12, []int{5, 3})
	if err != nil {
		t.Fatal(err)
	}
	var tr Transposed
	for _, n := range []int{300, 64, 1, 129, 0, 70} {
		F := randomCover(c, n, 0.3, rng)
		tr.LoadCover(c, F)
		for q := 0; q < 100; q++ {
			s := c.NewSet()
			density := rng.Float64()
			for j := range c.Size {
				if rng.Float64() < density {
					s.Insert(j)
				}
			}
			active := make([]uint64, tr.Groups())
			for i := range F.Count {
				if rng.IntN(4) != 0 {
					active[i/64] |= 1 << (i % 64)
				}
			}
			isActive := func(i int) bool { return active[i/64]>>(i%64)&1 != 0 }

			want := make([]int, c.Size)
			for i := range F.Count {
				if isActive(i) {
					for j := range c.Size {
						if F.At(i).Has(j) {
							want[j]++
						}
					}
				}
			}
			got := make([]int, c.Size)
			for j := range got {
				got[j] = -1 // left alone where s does not hold j
			}
			tr.CountParts(s, active, got)
			for j := range c.Size {
				if !s.Has(j) {
					want[j] = -1
				}
				if got[j] != want[j] {
					t.Fatalf("%d cubes, query %d: CountParts gives part %d %d, want %d", n, q, j, got[j], want[j])
				}
			}

			wantLacking := c.NewSet()
			for i := range F.Count {
				if isActive(i) {
					s.Elements(func(j int) bool {
						if !F.At(i).Has(j) {
							wantLacking.Insert(j)
						}
						return true
					})
				}
			}
			lacking := c.NewSet()
			lacking.Insert(0) // cleared by Lacking
			if tr.Lacking(s, active, lacking); !lacking.Equal(wantLacking) {
				t.Fatalf("%d cubes, query %d: Lacking gives %v, want %v", n, q, lacking, wantLacking)
			}
			holding := slices.Clone(active)
			tr.KeepHolding(s, holding)
			for i := range F.Count {
				want := isActive(i) && s.Implies(F.At(i))
				if got := holding[i/64]>>(i%64)&1 != 0; got != want {
					t.Fatalf("%d cubes, query %d: cube %d kept %v by KeepHolding, want %v", n, q, i, got, want)
				}
			}

			var keep []bool
			wantCleared := 0
			for i := range F.Count {
				k := isActive(i) && F.At(i).Implies(s)
				if isActive(i) && !k {
					wantCleared++
				}
				keep = append(keep, k)
			}
			if cleared := tr.KeepWithin(s, active); cleared != wantCleared {
				t.Fatalf("%d cubes, query %d: KeepWithin cleared %d, want %d", n, q, cleared, wantCleared)
			}
			for i := range F.Count {
				if isActive(i) != keep[i] {
					t.Fatalf("%d cubes, query %d: cube %d active %v after KeepWithin, want %v", n, q, i, isActive(i), keep[i])
				}
			}
		}
	}
}

// TestTransposedAppendTruncate grows and shrinks a Transposed at its end,
// as a stack, and checks that AppendMeetingOf and Near answer as a
// Transposed built afresh from the same cubes, with void cubes among
// those pushed (which change the plan of a query) and popped (which
// leave a stale someVoid behind).
func TestTransposedAppendTruncate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	for _, mv := range [][]int{nil, {4}, {3, 70}} {
		c, err := cover.NewCube(11, mv)
		if err != nil {
			t.Fatal(err)
		}
		pool := randomCover(c, 400, 0.4, rng)
		for i := 0; i < pool.Count; i += 7 {
			pool.At(i).Diff(pool.At(i), c.VarMask[rng.IntN(c.NumVars)])
		}
		F := c.NewCover(0)
		tr := Transpose(c, F)
		for step := 0; step < 300; step++ {
			if rng.IntN(3) == 0 {
				n := F.Count - rng.IntN(min(F.Count, 70)+1)
				F.Truncate(n)
				tr.Truncate(n)
			} else {
				for k := rng.IntN(90); k > 0; k-- {
					F.Append(pool.At(rng.IntN(pool.Count)))
					tr.Append(F.At(F.Count - 1))
				}
			}
			fresh := Transpose(c, F)
			if tr.Len() != F.Count || tr.Groups() != fresh.Groups() {
				t.Fatalf("step %d: Len %d, Groups %d; want %d, %d", step, tr.Len(), tr.Groups(), F.Count, fresh.Groups())
			}
			for q := 0; q < 4; q++ {
				s := randomCover(c, 1, rng.Float64(), rng).At(0)
				got := tr.AppendMeetingOf(nil, F, s)
				want := fresh.AppendMeetingOf(nil, F, s)
				if len(got) != len(want) {
					t.Fatalf("step %d: %d cubes meet the query; want %d", step, len(got), len(want))
				}
				for i := range got {
					if !sameSet(got[i], want[i]) {
						t.Fatalf("step %d: meeting cube %d differs", step, i)
					}
				}
				active := tr.All(make([]uint64, tr.Groups()))
				d0, d1 := make([]uint64, len(active)), make([]uint64, len(active))
				w0, w1 := make([]uint64, len(active)), make([]uint64, len(active))
				tr.Near(s, active, d0, d1)
				fresh.Near(s, active, w0, w1)
				for g := range d0 {
					if d0[g] != w0[g] || d1[g] != w1[g] {
						t.Fatalf("step %d: Near of group %d: %x %x; want %x %x", step, g, d0[g], d1[g], w0[g], w1[g])
					}
				}
			}
		}
	}
}

// TestTransposeSorted checks a Transposed made by TransposeSorted against
// one in the cover's order: each cube held once, in sortedOrder, the same
// cubes meeting a query (in the sorted order), the same distances cube for
// cube through Index, and cubes appended afterwards found too.
func TestTransposeSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	for _, mv := range [][]int{nil, {4}, {3, 70}} {
		c, err := cover.NewCube(11, mv)
		if err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 40; round++ {
			F := randomCover(c, 1+rng.IntN(300), 0.4, rng)
			// Every other round, the binary variables in an order of
			// their own, as bindingOrder gives them on a large cover.
			var rank []int
			if round%4 >= 2 {
				rank = rng.Perm(c.NumBinaryVars)
			}
			sorted := transposeSorted(c, F, rank)
			at := make([]int, F.Count) // the position of each cube
			for i := range at {
				at[i] = -1
			}
			for k := range F.Count {
				i := sorted.Index(k)
				if at[i] >= 0 {
					t.Fatalf("cube %d held twice", i)
				}
				at[i] = k
				if k > 0 && compareParts(ranked(c, F.At(sorted.Index(k-1)), rank), ranked(c, F.At(i), rank)) > 0 {
					t.Fatalf("cubes %d and %d held out of order", sorted.Index(k-1), i)
				}
			}
			if round%2 == 1 {
				for range 1 + rng.IntN(70) {
					sorted.Append(F.Append(randomCover(c, 1, 0.4, rng).At(0)))
					at = append(at, F.Count-1)
				}
			}
			plain := Transpose(c, F)
			for q := 0; q < 8; q++ {
				s := randomCover(c, 1, rng.Float64(), rng).At(0)
				got := sorted.AppendMeetingOf(nil, F, s)
				want := plain.AppendMeetingOf(nil, F, s)
				slices.SortFunc(got, func(p, q cover.Set) int { return compareParts(p, q) })
				slices.SortFunc(want, func(p, q cover.Set) int { return compareParts(p, q) })
				if len(got) != len(want) {
					t.Fatalf("%d cubes meet the query; want %d", len(got), len(want))
				}
				for i := range got {
					if !got[i].Equal(want[i]) {
						t.Fatalf("meeting cube %d differs", i)
					}
				}
				active := plain.All(make([]uint64, plain.Groups()))
				d0, d1 := make([]uint64, len(active)), make([]uint64, len(active))
				w0, w1 := make([]uint64, len(active)), make([]uint64, len(active))
				sorted.Near(s, active, d0, d1)
				plain.Near(s, active, w0, w1)
				for i, k := range at {
					got := [2]uint64{d0[k/64] >> (k % 64) & 1, d1[k/64] >> (k % 64) & 1}
					want := [2]uint64{w0[i/64] >> (i % 64) & 1, w1[i/64] >> (i % 64) & 1}
					if got != want {
						t.Fatalf("cube %d: distance 0, 1 bits %v; want %v", i, got, want)
					}
				}
			}
		}
	}
}

// ranked returns p with the parts of each binary variable v moved to
// those of variable rank[v] (p itself if rank is nil).
func ranked(c *cover.Cube, p cover.Set, rank []int) cover.Set {
	if rank == nil {
		return p
	}
	q := p.Clone()
	for _, r := range rank {
		q.Remove(2 * r)
		q.Remove(2*r + 1)
	}
	for v, r := range rank {
		if p.Has(2 * v) {
			q.Insert(2 * r)
		}
		if p.Has(2*v + 1) {
			q.Insert(2*r + 1)
		}
	}
	return q
}

func TestBindingOrder(t *testing.T) {
	c, err := cover.NewCube(4, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	// Variable 2 is bound in 3 cubes, 0 and 3 in 2, 1 in none.
	F := c.NewCover(4)
	for _, s := range []string{"0-01 100", "1-0- 010", "--1- 001", "---0 111"} {
		F.Append(tbParse(t, c, s))
	}
	if got, want := bindingOrder(c, F), []int{1, 3, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("bindingOrder = %v; want %v", got, want)
	}
}

// compareParts orders cubes as sortedOrder does, their parts in order.
func compareParts(p, q cover.Set) int {
	for w := 1; w < len(p); w++ {
		if x, y := bits.Reverse64(p[w]), bits.Reverse64(q[w]); x != y {
			return cmp.Compare(x, y)
		}
	}
	return 0
}
