package cover

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// caRandomCube returns a cube of cb: each binary variable 0, 1 or - (dash with
// probability dash/8), each multiple-valued variable a non-empty random
// subset of its parts.
func caRandomCube(r *rand.Rand, cb *Cube, dash int) Set {
	p := cb.NewSet()
	for v := 0; v < cb.NumVars; v++ {
		if v < cb.NumBinaryVars {
			val := Zero + r.IntN(2)
			if r.IntN(8) < dash {
				val = Dash
			}
			SetInput(p, v, val)
			continue
		}
		for i := cb.FirstPart[v]; i <= cb.LastPart[v]; i++ {
			if r.IntN(2) == 0 {
				p.Insert(i)
			}
		}
		p.Insert(cb.FirstPart[v] + r.IntN(cb.PartSize[v]))
	}
	return p
}

// caRandomCover returns n random cubes of cb, some repeated, each with a
// distinct flag pattern in its header so that tests can tell copies apart.
func caRandomCover(r *rand.Rand, cb *Cube, n, dash int) *Cover {
	c := cb.NewCover(n)
	for i := 0; i < n; i++ {
		var p Set
		if i > 0 && r.IntN(5) == 0 {
			p = c.At(r.IntN(i)).Clone()
		} else {
			p = caRandomCube(r, cb, dash)
		}
		p[0] = uint64(i) << 16 & 0x7fff0000 // a tag in the flag bits above 2.3's flags
		c.Append(p)
	}
	return c
}

func caTag(p Set) int { return int(p[0]&0x7fff0000) >> 16 }

const caMarkB = 1 << 31

type caCase struct {
	name    string
	nbin    int
	mv      []int
	n, dash int
}

var caCases = []caCase{
	{"empty", 4, []int{3}, 0, 3},
	{"one", 4, []int{3}, 1, 3},
	{"small", 5, []int{3}, 40, 3},
	{"oneword", 20, []int{10}, 300, 4},
	{"twowords", 40, []int{20}, 300, 5},
	{"threewords", 60, []int{30, 5}, 200, 6},
	{"denseDash", 8, []int{2}, 400, 6},
	{"noMV", 10, nil, 200, 4},
}

func (tc caCase) build(t testing.TB, seed uint64) (*Cube, *Cover) {
	cb, err := NewCube(tc.nbin, tc.mv)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, uint64(tc.n)))
	return cb, caRandomCover(r, cb, tc.n, tc.dash)
}

// caLastCopy returns, for each distinct set of c, the tag of its last copy.
func caLastCopy(c *Cover) map[string]int {
	m := make(map[string]int)
	for i := 0; i < c.Count; i++ {
		m[c.At(i).String()] = caTag(c.At(i))
	}
	return m
}

// caCheckSorted checks that the sets of r are strictly increasing under cmp.
func caCheckSorted(t *testing.T, r *Cover, cmp func(a, b Set) int) {
	t.Helper()
	for i := 1; i < r.Count; i++ {
		if cmp(r.At(i-1), r.At(i)) >= 0 {
			t.Fatalf("sets %d and %d out of order: %s, %s", i-1, i, r.At(i-1), r.At(i))
		}
	}
}

// Rules for Contain: the result holds the sets of the input not strictly
// contained in another input set, once each, as the last copy of the input
// (rm_equal keeps the last of a run and the sort is stable), in strictly
// descending order with SIZE = element count. Minimal: the same with
// "containing" and ascending.
func TestContainRules(t *testing.T) {
	for _, tc := range caCases {
		for _, rev := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/rev=%v", tc.name, rev), func(t *testing.T) {
				_, in := tc.build(t, 7)
				orig := in.Clone()
				var out *Cover
				cmp := Descend
				if rev {
					out, cmp = in.Minimal(), Ascend
				} else {
					out = in.Maximal()
				}
				caCheckSorted(t, out, cmp)
				want := make(map[string]bool)
				for i := 0; i < orig.Count; i++ {
					a := orig.At(i)
					keep := true
					for j := 0; j < orig.Count && keep; j++ {
						b := orig.At(j)
						if !a.Equal(b) && (!rev && a.Implies(b) || rev && b.Implies(a)) {
							keep = false
						}
					}
					if keep {
						want[a.String()] = true
					}
				}
				last := caLastCopy(orig)
				if out.Count != len(want) {
					t.Fatalf("got %d sets, want %d", out.Count, len(want))
				}
				for i := 0; i < out.Count; i++ {
					p := out.At(i)
					if !want[p.String()] {
						t.Fatalf("set %s should not be in the result", p)
					}
					if caTag(p) != last[p.String()] {
						t.Errorf("set %s is copy %d, want the last copy %d", p, caTag(p), last[p.String()])
					}
					if p.Size() != p.Count() {
						t.Errorf("set %s has SIZE %d", p, p.Size())
					}
				}
				// The input keeps its sets, in order.
				for i := 0; i < orig.Count; i++ {
					if !in.At(i).Equal(orig.At(i)) {
						t.Fatalf("input set %d changed", i)
					}
				}
			})
		}
	}
}

// indContain: the result equals Contain's, and the row labels follow the
// sets: result set k is input set rowIndices[k] when labels are 0..n-1.
func TestIndContain(t *testing.T) {
	for _, tc := range caCases {
		_, in := tc.build(t, 3)
		want := in.Clone().Maximal()
		rows := make([]int, in.Count)
		for i := range rows {
			rows[i] = i
		}
		got := in.Clone().indContain(rows)
		if got.Count != want.Count {
			t.Fatalf("%s: %d sets, want %d", tc.name, got.Count, want.Count)
		}
		for k := 0; k < got.Count; k++ {
			if !got.At(k).Equal(want.At(k)) || got.At(k)[0] != want.At(k)[0] {
				t.Fatalf("%s: set %d differs from Contain's", tc.name, k)
			}
			if in.At(rows[k])[0]&flagMask != got.At(k)[0]&flagMask || !in.At(rows[k]).Equal(got.At(k)) {
				t.Fatalf("%s: row %d labelled %d, which is another set", tc.name, k, rows[k])
			}
		}
	}
}

// Distinct: every distinct input set once, as its last copy, strictly descending.
func TestDupl(t *testing.T) {
	for _, tc := range caCases {
		_, in := tc.build(t, 5)
		last := caLastCopy(in)
		out := in.Distinct()
		caCheckSorted(t, out, Descend)
		if out.Count != len(last) {
			t.Fatalf("%s: %d sets, want %d", tc.name, out.Count, len(last))
		}
		for i := 0; i < out.Count; i++ {
			if p := out.At(i); caTag(p) != last[p.String()] {
				t.Fatalf("%s: set %s is copy %d, want %d", tc.name, p, caTag(p), last[p.String()])
			}
		}
	}
}

// DistinctGroups gives Distinct's sets, headers included, and for each the indices
// of every input set equal to it, increasing.
func TestDuplGroups(t *testing.T) {
	for _, tc := range caCases {
		_, in := tc.build(t, 5)
		want := in.Clone().Distinct()
		got, of, start := in.DistinctGroups()
		if got.Count != want.Count || len(start) != got.Count+1 || start[got.Count] != in.Count {
			t.Fatalf("%s: %d sets and %d groups over %d indices, want %d sets over %d",
				tc.name, got.Count, len(start)-1, start[len(start)-1], want.Count, in.Count)
		}
		seen := make([]bool, in.Count)
		for k := 0; k < got.Count; k++ {
			if !got.At(k).Equal(want.At(k)) || got.At(k)[0] != want.At(k)[0] {
				t.Fatalf("%s: set %d is not Distinct's", tc.name, k)
			}
			group := of[start[k]:start[k+1]]
			for j, i := range group {
				if seen[i] || !in.At(i).Equal(got.At(k)) || j > 0 && group[j-1] >= i {
					t.Fatalf("%s: group %d is %v", tc.name, k, group)
				}
				seen[i] = true
			}
		}
	}
}

// ContainedUnion of two contained covers equals Contain of their join, and
// a set found in both comes from the first.
func TestContainedUnion(t *testing.T) {
	for _, tc := range caCases {
		cb, a := tc.build(t, 11)
		r := rand.New(rand.NewPCG(12, 13))
		b := cb.NewCover(a.Count)
		for i := 0; i < a.Count; i++ {
			switch r.IntN(3) {
			case 0:
				b.Append(a.At(i)) // shared set
			case 1:
				b.Append(caRandomCube(r, cb, tc.dash))
			}
		}
		for i := 0; i < b.Count; i++ {
			b.At(i)[0] = caMarkB
		}
		a, b = a.Maximal(), b.Maximal()
		want := Join(a, b).Maximal()
		got := ContainedUnion(a, b)
		if got.Count != want.Count {
			t.Fatalf("%s: %d sets, want %d", tc.name, got.Count, want.Count)
		}
		for i := 0; i < got.Count; i++ {
			if !got.At(i).Equal(want.At(i)) {
				t.Fatalf("%s: set %d is %s, want %s", tc.name, i, got.At(i), want.At(i))
			}
			p := got.At(i)
			inA := false
			for j := 0; j < a.Count; j++ {
				inA = inA || a.At(j).Equal(p)
			}
			if inA && p[0]&caMarkB != 0 {
				t.Fatalf("%s: set %s taken from b, want a's copy", tc.name, p)
			}
		}
	}
}

// caMinterms enumerates the minterms of a cover by brute force.
func caMinterms(t *testing.T, cb *Cube, c *Cover) Set {
	t.Helper()
	m, err := cb.Minterms(c)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Distance1Merge: the result covers the same minterms; no two result cubes are
// equal outside the variable; the result is strictly in d1Order; each result
// cube is the union of the input cubes equal to it outside the variable, with
// the header of the first of them in d1Order.
func TestD1MergeRules(t *testing.T) {
	cases := []caCase{
		{"empty", 4, []int{3}, 0, 3},
		{"small", 5, []int{3}, 40, 3},
		{"mv", 6, []int{4, 3}, 300, 3},
		{"many", 10, []int{4}, 800, 2},
		{"noMV", 10, nil, 600, 2},
	}
	for _, tc := range cases {
		cb, in := tc.build(t, 21)
		for v := 0; v < cb.NumVars; v++ {
			mask := cb.VarMask[v]
			before := caMinterms(t, cb, in)
			src := in.Clone()
			out := in.Distance1Merge(cb.VarMask[v])
			if after := caMinterms(t, cb, out); !after.Equal(before) {
				t.Fatalf("%s var %d: minterms changed", tc.name, v)
			}
			caCheckSorted(t, out, d1Order(mask))
			for i := 0; i < out.Count; i++ {
				p := out.At(i)
				u := cb.NewSet()
				firstTag := -1
				for j := 0; j < src.Count; j++ {
					if q := src.At(j); d1Compare(p, q, mask) == 0 {
						u.Or(u, q)
						if firstTag < 0 {
							firstTag = caTag(q)
						}
					}
				}
				if !u.Equal(p) {
					t.Fatalf("%s var %d: cube %s is not the union %s", tc.name, v, p, u)
				}
				// The sort is stable, so the first in d1Order is the first in input order.
				if caTag(p) != firstTag {
					t.Fatalf("%s var %d: cube %s carries header of copy %d, want %d", tc.name, v, p, caTag(p), firstTag)
				}
			}
			in = out
		}
	}
}

// caBenchMinterms returns the 2^16 minterms of a 16-input, 1-output function,
// half of them on, in a scrambled order.
func caBenchMinterms(b *testing.B) (*Cube, *Cover) {
	cb, err := NewCube(16, []int{1})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	c := cb.NewCover(1 << 16)
	for _, m := range r.Perm(1 << 16) {
		if r.IntN(2) == 0 {
			continue
		}
		p := cb.NewSet()
		for v := 0; v < 16; v++ {
			SetInput(p, v, Zero+(m>>v)&1)
		}
		p.Insert(32)
		c.Append(p)
	}
	return cb, c
}

func BenchmarkD1Merge(b *testing.B) {
	cb, c := caBenchMinterms(b)
	b.ResetTimer()
	for b.Loop() {
		x := c.Clone()
		for v := 0; v < 16; v++ {
			x = x.Distance1Merge(cb.VarMask[v])
		}
	}
}

func BenchmarkContain(b *testing.B) {
	cb, c := caBenchMinterms(b)
	for v := 0; v < 16; v++ {
		c = c.Distance1Merge(cb.VarMask[v])
	}
	// Mix the merged cubes with the minterms they cover: many sizes, many
	// contained sets.
	_, mins := caBenchMinterms(b)
	all := Join(c, mins)
	b.Logf("%d sets", all.Count)
	b.ResetTimer()
	for b.Loop() {
		all.Clone().Maximal()
	}
}
