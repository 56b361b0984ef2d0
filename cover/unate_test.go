package cover

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// tbMinimalHittingSets enumerates the minimal sets of columns (0..ncol-1)
// that meet every set of a: the rule both UnateComplement and
// ExactMinimumCover follow. The result is a list of element lists.
func tbMinimalHittingSets(a *Cover, ncol int) [][]int {
	var hits []uint64
	for m := uint64(0); m < 1<<ncol; m++ {
		ok := true
		for i := 0; i < a.Count && ok; i++ {
			ok = a.At(i)[1]&m != 0
		}
		if ok {
			hits = append(hits, m)
		}
	}
	var out [][]int
	for _, m := range hits {
		minimal := true
		for _, h := range hits {
			if h != m && h&m == h {
				minimal = false
				break
			}
		}
		if minimal {
			var e []int
			for i := 0; i < ncol; i++ {
				if m>>i&1 != 0 {
					e = append(e, i)
				}
			}
			out = append(out, e)
		}
	}
	return out
}

func tbElems(p Set) []int {
	var e []int
	p.Elements(func(x int) bool { e = append(e, x); return true })
	return e
}

// tbSameFamily reports whether f holds exactly the sets of want, each once.
func tbSameFamily(f *Cover, want [][]int) bool {
	if f.Count != len(want) {
		return false
	}
	used := make([]bool, len(want))
	for i := 0; i < f.Count; i++ {
		e := tbElems(f.At(i))
		found := false
		for j, w := range want {
			if !used[j] && slices.Equal(e, w) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func tbRandFamily(r *rand.Rand, n, ncol int, pin float64) *Cover {
	a := NewCover(n, ncol)
	for i := 0; i < n; i++ {
		p := a.AppendEmpty()
		for j := 0; j < ncol; j++ {
			if r.Float64() < pin {
				p.Insert(j)
			}
		}
		if p.IsEmpty() {
			p.Insert(r.IntN(ncol))
		}
	}
	return a
}

func TestUnateComplTable(t *testing.T) {
	tests := []struct {
		name string
		sets [][]int
		ncol int
		want [][]int // minimal hitting sets, in Ascend order
	}{
		{"no sets: the universe", nil, 3, [][]int{nil}},
		{"one set: De Morgan", [][]int{{0, 2}}, 3, [][]int{{0}, {2}}},
		{"essential column", [][]int{{1}, {0, 2}}, 3, [][]int{{0, 1}, {1, 2}}},
		{"chain", [][]int{{0, 1}, {1, 2}, {2, 3}}, 4, [][]int{{0, 2}, {1, 2}, {1, 3}}},
	}
	for _, tc := range tests {
		a := NewCover(len(tc.sets), tc.ncol)
		for _, s := range tc.sets {
			p := a.AppendEmpty()
			for _, e := range s {
				p.Insert(e)
			}
		}
		if !tbSameFamily(FromSets(tc.ncol, tbFamilySets(tc.want, tc.ncol)), tbMinimalHittingSets(a, tc.ncol)) {
			t.Fatalf("%s: table entry is not the minimal hitting sets", tc.name)
		}
		got, err := UnateComplement(a)
		if err != nil {
			t.Fatal(err)
		}
		var gotE [][]int
		for i := 0; i < got.Count; i++ {
			gotE = append(gotE, tbElems(got.At(i)))
		}
		if !slices.EqualFunc(gotE, tc.want, slices.Equal) {
			t.Errorf("%s: UnateComplement = %v, want %v", tc.name, gotE, tc.want)
		}
	}
}

func tbFamilySets(sets [][]int, ncol int) []Set {
	var out []Set
	for _, s := range sets {
		p := NewSet(ncol)
		for _, e := range s {
			p.Insert(e)
		}
		out = append(out, p)
	}
	return out
}

func TestUnateComplRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for n := 0; n < 500; n++ {
		ncol := 1 + r.IntN(10)
		a := tbRandFamily(r, r.IntN(9), ncol, 0.2+0.5*r.Float64())
		want := tbMinimalHittingSets(a, ncol)
		b := a.Clone()
		got, err := UnateComplement(a)
		if err != nil {
			t.Fatal(err)
		}
		if !tbSameFamily(got, want) {
			t.Fatalf("UnateComplement(%v) = %v, want %v", b.Sets(), got.Sets(), want)
		}
		// Rule: the result is in Ascend order (size, then value).
		for i := 1; i < got.Count; i++ {
			if Ascend(got.At(i-1), got.At(i)) > 0 {
				t.Fatalf("UnateComplement result not in Ascend order: %v", got.Sets())
			}
		}
		// Rule: ExactMinimumCover finds the same family, except that, as
		// in 2.3, unate_intersect drops empty intersections, so that a
		// single hitting set made of every column is lost; with no rows it
		// returns no set.
		em := ExactMinimumCover(b, nil)
		if len(want) == 1 && len(want[0]) == ncol || b.Count == 0 {
			want = nil
		}
		if !tbSameFamily(em, want) {
			t.Fatalf("ExactMinimumCover(%v) = %v, want %v", b.Sets(), em.Sets(), want)
		}
	}
}

func TestUnateIntersect(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for n := 0; n < 300; n++ {
		ncol := 1 + r.IntN(10)
		// Enough sets to pass the 500-set batches now and then.
		na, nb := 1+r.IntN(45), 1+r.IntN(45)
		a := tbRandFamily(r, na, ncol, 0.6)
		b := tbRandFamily(r, nb, ncol, 0.6)
		for _, largest := range []bool{false, true} {
			// Rule: the maximal distinct non-empty pairwise intersections
			// (with largest, those of the largest size).
			var all []uint64
			maxOrd := 0
			for i := 0; i < na; i++ {
				for j := 0; j < nb; j++ {
					if x := a.At(i)[1] & b.At(j)[1]; x != 0 {
						all = append(all, x)
						maxOrd = max(maxOrd, tbPop(x))
					}
				}
			}
			var want [][]int
			seen := map[uint64]bool{}
			for _, x := range all {
				if seen[x] || largest && tbPop(x) != maxOrd {
					continue
				}
				maximal := true
				for _, y := range all {
					if y != x && y&x == x {
						maximal = false
						break
					}
				}
				if maximal {
					seen[x] = true
					want = append(want, tbElems(Set{0, x}))
				}
			}
			got := UnateIntersect(a, b, largest)
			if !tbSameFamily(got, want) {
				t.Fatalf("UnateIntersect(largest=%v) = %v, want %v", largest, got.Sets(), want)
			}
			for i := 1; i < got.Count; i++ {
				if Descend(got.At(i-1), got.At(i)) > 0 {
					t.Fatalf("UnateIntersect result not in Descend order")
				}
			}
		}
	}
}

func tbPop(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func TestUnateComplWeightError(t *testing.T) {
	// Sets of more than 1025 elements weigh 1024/(n-1) = 0, so no column
	// can be selected: 2.3 stops with a fatal error; we return an error.
	a := NewCover(2, 2300)
	p, q := a.AppendEmpty(), a.AppendEmpty()
	for i := 0; i < 1100; i++ {
		p.Insert(i)
		q.Insert(1100 + i)
	}
	if _, err := UnateComplement(a); err == nil {
		t.Error("UnateComplement succeeded, want an error")
	}
}

// tbUnateComplementByFamilies is unate_complement as 2.3 writes it: each
// call returns a new family, to which its caller adds the columns it split
// on. unateComplementRec must give the same sets in the same order.
func tbUnateComplementByFamilies(a *Cover) *Cover {
	size := a.SetSize
	switch a.Count {
	case 0:
		r := NewCover(1, size)
		r.AppendEmpty()
		return r
	case 1:
		p := a.At(0)
		r := NewCover(size, size)
		for i := 0; i < size; i++ {
			if p.Has(i) {
				r.AppendEmpty().Insert(i)
			}
		}
		return r
	}
	restrict := NewSet(size)
	minOrd := size + 1
	for i := 0; i < a.Count; i++ {
		p := a.At(i)
		if s := p.Size(); s < minOrd {
			restrict.Copy(p)
			minOrd = s
		} else if s == minOrd {
			restrict.Or(restrict, p)
		}
	}
	switch minOrd {
	case 0:
		return NewCover(0, size)
	case 1:
		sub := NewCover(a.Count, size)
		for i := 0; i < a.Count; i++ {
			if p := a.At(i); p.Disjoint(restrict) {
				sub.Append(p)
			}
		}
		r := tbUnateComplementByFamilies(sub)
		for i := 0; i < r.Count; i++ {
			r.At(i).Or(r.At(i), restrict)
		}
		return r
	}
	count := a.elementCountsRestricted(restrict)
	maxI, best := -1, 0
	for i, n := range count {
		if n > best {
			maxI, best = i, n
		}
	}
	sub := NewCover(a.Count, size)
	for i := 0; i < a.Count; i++ {
		if p := a.At(i); !p.Has(maxI) {
			sub.Append(p)
		}
	}
	r := tbUnateComplementByFamilies(sub)
	for i := 0; i < r.Count; i++ {
		r.At(i).Insert(maxI)
	}
	for i := 0; i < a.Count; i++ {
		if p := a.At(i); p.Has(maxI) {
			p.Remove(maxI)
			p.PutSize(p.Size() - 1)
		}
	}
	return r.AppendCover(tbUnateComplementByFamilies(a))
}

func TestUnateComplementOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	splits := 0
	for n := 0; n < 2000; n++ {
		ncol := 1 + r.IntN(150)
		// About half a set to four columns a set: the complement stays
		// small at up to 150 columns.
		a := tbRandFamily(r, r.IntN(10), ncol, (0.5+3.5*r.Float64())/float64(ncol))
		for i := 0; i < a.Count; i++ {
			a.At(i).PutSize(a.At(i).Count())
		}
		b := a.Clone()
		want := tbUnateComplementByFamilies(a.Clone())
		got, err := unateComplementRec(a)
		if err != nil {
			t.Fatal(err)
		}
		if got.Count != want.Count {
			t.Fatalf("unateComplementRec(%v): %d sets, want %d", b.Sets(), got.Count, want.Count)
		}
		for i := 0; i < got.Count; i++ {
			if !slices.Equal(got.At(i), want.At(i)) {
				t.Fatalf("unateComplementRec(%v): set %d is %v, want %v", b.Sets(), i, got.At(i), want.At(i))
			}
		}
		if got.Count > 2 {
			splits++
		}
	}
	if splits < 500 {
		t.Fatalf("only %d of the families split more than once", splits)
	}
}
