package coverindex

import (
	"github.com/espresso-go/espresso/cover"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestNearPrefix checks Near on sorted covers large enough to be searched
// through their prefix tree against Dist01, cube by cube: with and
// without dist1, with dist0 the active mask itself, for few or many
// active cubes, and with cubes appended to the tree's cover after the
// sort; and AppendMeetingOf and Feasible (also of the active cubes
// packed), which walk the same tree; and AppendMeetingGroups and
// Feasible over every cube, through the tree and group by group.
func TestNearPrefix(t *testing.T) {
	for k, tc := range []struct {
		name   string
		binary int
		mv     []int
		n      int
		void   bool // some cubes void in some variable
		append int  // cubes appended after the first query
		early  bool // append them before it instead
	}{
		{"binary", 14, nil, 5000, false, 0, false},
		{"with outputs", 16, []int{3}, 9000, false, 0, false},
		{"multiple-valued", 12, []int{3, 70}, 4200, false, 0, false},
		{"void cubes", 13, []int{4}, 6000, true, 0, false},
		{"appended", 15, []int{2}, 4500, false, 300, false},
		{"appended before the first query", 15, []int{2}, 4500, false, 300, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(43, uint64(k)))
			c, err := cover.NewCube(tc.binary, tc.mv)
			if err != nil {
				t.Fatal(err)
			}
			// Variables bound by most cubes and by few, as in an OFF-set,
			// so that the tree's variables are not taken in index order.
			F := c.NewCover(tc.n)
			pFull := make([]float64, c.NumVars)
			for v := range pFull {
				pFull[v] = rng.Float64() * 0.8
			}
			for range tc.n {
				F.Append(randomCubeFull(c, pFull, rng))
			}
			if tc.void {
				for i := 0; i < F.Count; i += 37 {
					v := rng.IntN(c.NumVars)
					F.At(i).Diff(F.At(i), c.VarMask[v])
				}
			}
			tr := TransposeSorted(c, F)
			if !tr.usePrefix() {
				t.Fatalf("a sorted cover of %d cubes is not searched through a prefix tree", F.Count)
			}
			counts := [3]int{}
			feasible, packedTrees := map[bool]int{}, 0
			var packed Transposed
			for q := range 120 {
				if (q == 1 && !tc.early || q == 0 && tc.early) && tc.append > 0 {
					for range tc.append {
						tr.Append(F.Append(randomCubeFull(c, pFull, rng)))
					}
				}
				groups := tr.Groups()
				// A cube of F, one with a variable changed, or any cube.
				var s cover.Set
				switch q % 3 {
				case 0:
					s = c.NewSet().Copy(F.At(rng.IntN(F.Count)))
				case 1:
					s = c.NewSet().Copy(F.At(rng.IntN(F.Count)))
					v := rng.IntN(c.NumVars)
					s.Diff(s, c.VarMask[v])
					s.Insert(c.FirstPart[v] + rng.IntN(c.PartSize[v]))
				default:
					s = randomCubeFull(c, pFull, rng)
				}
				pActive := [...]float64{1, 0.3, 0.02}[q%3]
				active := make([]uint64, groups)
				for i := range tr.Len() {
					// Every other query, none of the cubes meeting s
					// (as in EXPAND, where s is orthogonal to the OFF-set).
					if rng.Float64() < pActive && (q%2 == 0 || c.Dist01(F.At(tr.Index(i)), s) > 0) {
						active[i/64] |= 1 << (i % 64)
					}
				}
				dist0, dist1 := make([]uint64, groups), make([]uint64, groups)
				only0 := make([]uint64, groups)
				for g := range groups {
					// What Near must overwrite.
					dist0[g], dist1[g], only0[g] = rng.Uint64(), rng.Uint64(), rng.Uint64()
				}
				tr.Near(s, active, dist0, dist1)
				tr.Near(s, active, only0, nil)
				inPlace := append([]uint64(nil), active...)
				tr.Near(s, inPlace, inPlace, nil)
				for g := range groups {
					if extra := (dist0[g] | dist1[g] | only0[g] | inPlace[g]) &^ active[g]; extra != 0 {
						t.Fatalf("query %d: group %d holds inactive cubes %x", q, g, extra)
					}
				}
				// AppendMeetingOf: the cubes at distance 0 other than s,
				// in the sorted order.
				var want []cover.Set
				for k := range tr.Len() {
					if p := F.At(tr.Index(k)); c.Dist01(p, s) == 0 && !sameSet(p, s) {
						want = append(want, p)
					}
				}
				got := tr.AppendMeetingOf(nil, F, s)
				if len(got) != len(want) {
					t.Fatalf("query %d: %d cubes meet s, want %d", q, len(got), len(want))
				}
				for i := range got {
					if &got[i][0] != &want[i][0] {
						t.Fatalf("query %d: meeting cube %d is not the one of the sorted order", q, i)
					}
				}
				// AppendMeetingGroups and Feasible over every cube, through
				// the tree and group by group (on the cover unsorted).
				plain := Transpose(c, F)
				for _, x := range []*Transposed{tr, plain} {
					checkMeetingGroups(t, q, c, F, x, s)
				}
				// Feasible, on the cover and on its active cubes packed
				// (which stay sorted): no active cube at distance 0, and
				// then the parts the cubes at distance 1 force low.
				wantFeasible, wantLower := true, c.NewSet()
				for k := range tr.Len() {
					if active[k/64]>>(k%64)&1 == 0 {
						continue
					}
					switch p := F.At(tr.Index(k)); c.Dist01(p, s) {
					case 0:
						wantFeasible = false
					case 1:
						c.ForceLower(wantLower, p, s)
					}
				}
				feasible[wantFeasible]++
				lower := c.NewSet()
				if got := tr.Feasible(s, active, lower); got != wantFeasible || got && !lower.Equal(wantLower) {
					t.Fatalf("query %d: Feasible %v lowering %v; want %v lowering %v", q, got, lower, wantFeasible, wantLower)
				}
				// Parts in xlower from the start stay, and the walk
				// leaves out what they make dead.
				if wantFeasible {
					pre := c.NewSet()
					for j := range c.Size {
						if rng.IntN(3) == 0 {
							pre.Insert(j)
						}
					}
					lower.Copy(pre)
					if tr.Feasible(s, active, lower); !lower.Equal(c.NewSet().Or(pre, wantLower)) {
						t.Fatalf("query %d: Feasible lowering %v from the start lowers %v; want that and %v", q, pre, lower, wantLower)
					}
				}
				tr.Pack(active, &packed)
				sortedActive := 0
				for k := range tr.sorted {
					sortedActive += int(active[k/64] >> (k % 64) & 1)
				}
				if packed.sorted != sortedActive {
					t.Fatalf("query %d: %d cubes packed taken as sorted, of %d active in sorted positions", q, packed.sorted, sortedActive)
				}
				if packed.usePrefix() {
					packedTrees++
				}
				lower.Clear()
				if got := packed.Feasible(s, packed.All(make([]uint64, packed.Groups())), lower); got != wantFeasible || got && !lower.Equal(wantLower) {
					t.Fatalf("query %d: packed, Feasible %v lowering %v; want %v lowering %v", q, got, lower, wantFeasible, wantLower)
				}
				for k := range tr.Len() {
					g, bit := k/64, uint64(1)<<(k%64)
					if active[g]&bit == 0 {
						continue
					}
					d := c.Dist01(F.At(tr.Index(k)), s)
					if got := nearDistance(dist0, dist1, k); got != d {
						t.Fatalf("query %d, cube %d: Near gives distance %d, Dist01 %d", q, tr.Index(k), got, d)
					}
					if (only0[g]&bit != 0) != (d == 0) || (inPlace[g]&bit != 0) != (d == 0) {
						t.Fatalf("query %d, cube %d at distance %d: Near without dist1 %v, in place %v", q, tr.Index(k), d, only0[g]&bit != 0, inPlace[g]&bit != 0)
					}
					counts[d]++
				}
			}
			if len(tr.prefix.nodes) < 8 {
				t.Errorf("the prefix tree has %d nodes", len(tr.prefix.nodes))
			}
			for d, n := range counts {
				if n == 0 {
					t.Errorf("no active cube at distance %d in any query", d)
				}
			}
			if feasible[true] == 0 || feasible[false] == 0 {
				t.Errorf("Feasible answered %v", feasible)
			}
			if packedTrees == 0 {
				t.Errorf("no packed cover was searched through a prefix tree")
			}
		})
	}
}

// checkMeetingGroups checks x.AppendMeetingGroups(s), and x.Feasible(s)
// over every cube, against Dist01 for each cube of F that x holds.
func checkMeetingGroups(t *testing.T, q int, c *cover.Cube, F *cover.Cover, x *Transposed, s cover.Set) {
	t.Helper()
	var want []GroupBits
	wantFeasible, wantLower := true, c.NewSet()
	for k := range x.Len() {
		switch c.Dist01(F.At(x.Index(k)), s) {
		case 0:
			wantFeasible = false
			if n := len(want); n > 0 && want[n-1].G == int32(k/64) {
				want[n-1].Mask |= 1 << (k % 64)
			} else {
				want = append(want, GroupBits{int32(k / 64), 1 << (k % 64)})
			}
		case 1:
			c.ForceLower(wantLower, F.At(x.Index(k)), s)
		}
	}
	prefix := x.usePrefix()
	got := x.AppendMeetingGroups([]GroupBits{{-1, 1}}, s)
	if got[0] != (GroupBits{-1, 1}) || !slices.Equal(got[1:], want) {
		t.Fatalf("query %d (prefix tree %v): AppendMeetingGroups gives %v, want %v after what it was given", q, prefix, got, want)
	}
	lower := c.NewSet()
	if got := x.Feasible(s, nil, lower); got != wantFeasible || got && !lower.Equal(wantLower) {
		t.Fatalf("query %d (prefix tree %v): Feasible over every cube %v lowering %v; want %v lowering %v", q, prefix, got, lower, wantFeasible, wantLower)
	}
}

// TestPack checks Pack and PackList part by part against the cubes they
// were given, for groups of every density, packed at every offset within
// a group.
func TestPack(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	c, err := cover.NewCube(20, []int{5})
	if err != nil {
		t.Fatal(err)
	}
	F := c.NewCover(3000)
	pFull := make([]float64, c.NumVars)
	for v := range pFull {
		pFull[v] = 0.4
	}
	for range 3000 {
		F.Append(randomCubeFull(c, pFull, rng))
	}
	for _, sorted := range []bool{false, true} {
		src := Transpose(c, F)
		if sorted {
			src = TransposeSorted(c, F)
		}
		packedCubes := 0
		for trial := range 40 {
			active := make([]uint64, src.Groups())
			var list []GroupBits
			for g := range active {
				// Each group empty, with a cube or two, half full or full.
				switch p := rng.IntN(4); {
				case p == 0:
				case p == 1:
					active[g] = 1<<rng.IntN(64) | 1<<rng.IntN(64)
				case p == 2 || trial%2 == 0:
					active[g] = rng.Uint64()
				default:
					active[g] = ^uint64(0)
				}
				active[g] &= src.groupMask(g)
				if active[g] != 0 {
					list = append(list, GroupBits{int32(g), active[g]})
				}
			}
			var packed, fromList Transposed
			n := src.Pack(active, &packed)
			if m := src.PackList(list, &fromList); m != n || !slices.Equal(packed.bits, fromList.bits) || packed.sorted != fromList.sorted {
				t.Fatalf("trial %d: PackList holds %d cubes, Pack %d, or not the same", trial, m, n)
			}
			k, sortedCubes := 0, 0
			for g, a := range active {
				for ; a != 0; a &= a - 1 {
					from := 64*g + bits.TrailingZeros64(a)
					if from < src.sorted {
						sortedCubes++
					}
					for j := range c.Size {
						got := packed.bits[k/64*packed.stride+j] >> (k % 64) & 1
						want := src.bits[g*src.stride+j] >> (from % 64) & 1
						if got != want {
							t.Fatalf("trial %d: packed cube %d (position %d) part %d is %d, want %d", trial, k, from, j, got, want)
						}
					}
					k++
				}
			}
			if k != n || packed.Len() != n || packed.sorted != sortedCubes {
				t.Fatalf("trial %d: %d cubes packed (%d sorted), Pack says %d, Len %d (%d sorted)", trial, k, sortedCubes, n, packed.Len(), packed.sorted)
			}
			packedCubes += n
		}
		if packedCubes == 0 {
			t.Error("no cube packed")
		}
	}
}
