package cover

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Unravel rules: each input cube becomes, in place, the product of its
// parts in variables start..end, each result cube taking one part in each
// of them and equal to the input elsewhere, enumerated in mixed radix with
// variable start the most significant digit and parts in increasing order;
// headers are cleared; the minterms are unchanged.
func TestUnravel(t *testing.T) {
	cb, err := NewCube(3, []int{3, 4})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(8, 9))
	in := caRandomCover(r, cb, 30, 4)
	for _, rg := range [][2]int{{0, 4}, {0, 2}, {3, 4}, {1, 3}, {2, 2}} {
		start, end := rg[0], rg[1]
		out, err := cb.Unravel(in, start, end)
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		for i := 0; i < in.Count; i++ {
			p := in.At(i)
			// The parts taken in each unravelled variable.
			var parts [][]int
			for v := start; v <= end; v++ {
				var ps []int
				for e := cb.FirstPart[v]; e <= cb.LastPart[v]; e++ {
					if p.Has(e) {
						ps = append(ps, e)
					}
				}
				parts = append(parts, ps)
			}
			digits := make([]int, len(parts))
			for {
				q := out.At(k)
				k++
				want := p.Clone()
				want[0] = 0
				for v := start; v <= end; v++ {
					want.Diff(want, cb.VarMask[v])
					want.Insert(parts[v-start][digits[v-start]])
				}
				if !slices.Equal(q, want) {
					t.Fatalf("range %v: cube %d is %s, want %s", rg, k-1, q, want)
				}
				// Next digits, the last variable fastest.
				j := len(digits) - 1
				for ; j >= 0; j-- {
					if digits[j]++; digits[j] < len(parts[j]) {
						break
					}
					digits[j] = 0
				}
				if j < 0 {
					break
				}
			}
		}
		if k != out.Count {
			t.Fatalf("range %v: %d cubes, want %d", rg, out.Count, k)
		}
		a, _ := cb.Minterms(in)
		b, _ := cb.Minterms(out)
		if !a.Equal(b) {
			t.Fatalf("range %v: minterms changed", rg)
		}
	}
}

func TestUnravelTooLarge(t *testing.T) {
	cb, err := NewCube(20, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	f := cb.NewCover(1)
	f.Append(cb.FullSet) // 2^20 * 2 > a million
	if _, err := cb.Unravel(f, 0, cb.NumVars-1); !errors.Is(err, errUnravelExpansion) {
		t.Errorf("Unravel of 2^21 minterms: err = %v", err)
	}
	f.At(0).Remove(cb.FirstPart[20]) // 2^20 = 1048576
	if _, err := cb.Unravel(f, 0, cb.NumVars-1); !errors.Is(err, errUnravelExpansion) {
		t.Errorf("Unravel of 2^20 minterms: err = %v", err)
	}
	SetInput(f.At(0), 0, One) // 2^19
	if u, err := cb.Unravel(f, 0, cb.NumVars-1); err != nil || u.Count != 1<<19 {
		t.Errorf("Unravel of 2^19 minterms: err = %v", err)
	}
}

// caCheckStableSort checks that out holds a permutation of in sorted by
// cmp, ties in input order (merge sort is stable).
func caCheckStableSort(t *testing.T, name string, in, out *Cover, cmp func(a, b Set) int) {
	t.Helper()
	if out.Count != in.Count {
		t.Fatalf("%s: %d sets, want %d", name, out.Count, in.Count)
	}
	seen := make(map[int]bool)
	for i := 0; i < out.Count; i++ {
		tg := caTag(out.At(i))
		if seen[tg] {
			t.Fatalf("%s: set tagged %d twice", name, tg)
		}
		seen[tg] = true
		if i > 0 {
			c := cmp(out.At(i-1), out.At(i))
			if c > 0 || c == 0 && caTag(out.At(i-1)) > caTag(out.At(i)) {
				t.Fatalf("%s: sets %d and %d out of order", name, i-1, i)
			}
		}
	}
}

func TestSorts(t *testing.T) {
	for _, tc := range caCases {
		cb, in := tc.build(t, 17)
		caCheckStableSort(t, tc.name+"/lex", in, in.Clone().LexSort(), lexOrder)
		size := in.Clone().sizeSort()
		caCheckStableSort(t, tc.name+"/size", in, size, Descend)
		for i := 0; i < size.Count; i++ {
			if p := size.At(i); p.Size() != p.Count() {
				t.Fatalf("sizeSort left SIZE %d on a set of %d", p.Size(), p.Count())
			}
		}
		for _, cmp := range []func(a, b Set) int{Ascend, Descend} {
			out := in.Clone().MiniSort(cmp)
			caCheckStableSort(t, tc.name+"/mini", in, out, cmp)
			count := in.elementCounts()
			for i := 0; i < out.Count; i++ {
				p, w := out.At(i), 0
				p.Elements(func(e int) bool { w += count[e]; return true })
				if p.Size() != w%65536 {
					t.Fatalf("MiniSort weight %d, want %d mod 65536", p.Size(), w)
				}
			}
		}
		out := cb.SortReduce(in.Clone())
		caCheckStableSort(t, tc.name+"/reduce", in, out, Descend)
		if in.Count > 0 {
			var largest Set
			for i := 0; i < in.Count; i++ {
				if largest == nil || in.At(i).Count() > largest.Count() {
					largest = in.At(i)
				}
			}
			for i := 0; i < out.Count; i++ {
				p := out.At(i)
				want := (cb.NumVars-cb.Dist(largest, p))*128 + min(p.Count(), 127)
				if p.Size() != want {
					t.Fatalf("SortReduce key %d, want %d", p.Size(), want)
				}
			}
		}
	}
}

// MiniSort keeps its weights modulo 65536 like 2.3's 16-bit SIZE field: 2000
// copies of a cube of 40 elements weigh 80000 each, stored as 14464.
func TestMiniSortWeight16Bits(t *testing.T) {
	c := NewCover(2000, 40)
	p := NewSet(40).Fill(40)
	for i := 0; i < 2000; i++ {
		c.Append(p)
	}
	out := c.MiniSort(Descend)
	if got := out.At(0).Size(); got != 80000%65536 {
		t.Errorf("weight %d, want %d", got, 80000%65536)
	}
}

// RandomOrder swaps set i with set 997 mod i for i from the last down: on
// [0 1 2 3], i=3 swaps 1,3; i=2 swaps 1,2; i=1 swaps 0,1, giving [2 0 3 1].
func TestRandomOrder(t *testing.T) {
	c := NewCover(4, 8)
	for i := 0; i < 4; i++ {
		s := NewSet(8)
		s.Insert(i)
		c.Append(s)
	}
	c.RandomOrder()
	var got []int
	for i := 0; i < c.Count; i++ {
		c.At(i).Elements(func(e int) bool { got = append(got, e); return false })
	}
	if want := []int{2, 0, 3, 1}; !slices.Equal(got, want) {
		t.Errorf("RandomOrder = %v, want %v", got, want)
	}
}

// cubelistPartition: 11-- and 1--- share variable 0, --0- and --01 share
// nothing with them; the first cube's component is gathered.
func TestCubelistPartition(t *testing.T) {
	cb, err := NewCube(4, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	f := cb.NewCover(4)
	for _, s := range []string{"11-- 1", "--0- 1", "1--- 1", "--01 1"} {
		f.Append(tbParse(t, cb, s))
	}
	T := cb.NewCubeList(f)
	var debug strings.Builder
	a, b, left, err := cb.cubelistPartition(T, &debug)
	if err != nil {
		t.Fatal(err)
	}
	if left != 2 || len(a.Cubes) != 2 || len(b.Cubes) != 2 {
		t.Fatalf("left=%d |a|=%d |b|=%d", left, len(a.Cubes), len(b.Cubes))
	}
	if !sameSet(a.Cubes[0], f.At(0)) || !sameSet(a.Cubes[1], f.At(2)) ||
		!sameSet(b.Cubes[0], f.At(1)) || !sameSet(b.Cubes[1], f.At(3)) {
		t.Error("wrong split")
	}
	if !f.At(0).Test(Covered) || f.At(1).Test(Covered) {
		t.Error("Covered flags wrong")
	}
	if debug.String() != "COMPONENT_REDUCTION: split into 2 2\n" {
		t.Errorf("debug line %q", debug.String())
	}
	// One component: nothing left.
	g := cb.NewCover(2)
	g.Append(tbParse(t, cb, "11-- 1"))
	g.Append(tbParse(t, cb, "1-0- 1"))
	if _, _, left, _ := cb.cubelistPartition(cb.NewCubeList(g), nil); left != 0 {
		t.Errorf("one component: left = %d", left)
	}
	if _, _, left, _ := cb.cubelistPartition(cb.NewCubeList(cb.NewCover(0)), nil); left != 0 {
		t.Errorf("empty list: left = %d", left)
	}
}

// CofactorOutput keeps the cubes holding the output part, with the output
// variable made full and Prime cleared; uncofOutput puts the part back;
// ForEachOutputFunction does both around its callbacks, for every output.
func TestOutputCofactors(t *testing.T) {
	cb, err := NewCube(2, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	f := cb.NewCover(3)
	for _, s := range []string{"01 110", "1- 011", "-0 100"} {
		p := tbParse(t, cb, s)
		p.SetFlag(Prime)
		f.Append(p)
	}
	first := cb.FirstPart[cb.Output]
	var calls []string
	fn := func(pla *OutputFunction, i int) (bool, error) {
		var b strings.Builder
		for k := 0; k < pla.F.Count; k++ {
			p := pla.F.At(k)
			if p.Test(Prime) || !cb.fullIn(p, cb.Output) {
				t.Errorf("output %d: cofactor cube %s", i, p)
			}
			b.WriteString(p.String())
		}
		calls = append(calls, b.String())
		return true, nil
	}
	fn1 := func(pla *OutputFunction, i int) (bool, error) {
		for k := 0; k < pla.F.Count; k++ {
			p := pla.F.At(k)
			for e := first; e < first+3; e++ {
				if p.Has(e) != (e == first+i) {
					t.Errorf("output %d: uncofactored cube %s", i, p)
				}
			}
		}
		if pla.D.Count != 0 || pla.R != nil {
			t.Errorf("output %d: D or R wrong", i)
		}
		return i < 1, nil // stop after output 1
	}
	if err := cb.ForEachOutputFunction(f, cb.NewCover(0), nil, fn, fn1); err != nil {
		t.Fatal(err)
	}
	want := []string{"[0,3,4,5,6][0,1,2,4,5,6]", "[0,3,4,5,6][1,2,3,4,5,6]"}
	if !slices.Equal(calls, want) {
		t.Errorf("cofactors %v, want %v", calls, want)
	}
}
