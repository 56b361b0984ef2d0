package cover

import (
	"slices"
	"testing"
)

func TestNewCubeLayout(t *testing.T) {
	c, err := NewCube(3, []int{4, 2})
	if err != nil {
		t.Fatal(err)
	}
	if c.Size != 12 || c.NumVars != 5 || c.Output != 4 {
		t.Fatalf("size=%d vars=%d output=%d", c.Size, c.NumVars, c.Output)
	}
	if got, want := c.FirstPart, []int{0, 2, 4, 6, 10}; !slices.Equal(got, want) {
		t.Errorf("FirstPart = %v, want %v", got, want)
	}
	if got := c.BinaryMask.String(); got != "[0,1,2,3,4,5]" {
		t.Errorf("BinaryMask = %s", got)
	}
	if !c.FullSet.isFull(c.Size) || c.FullSet.Count() != 12 {
		t.Errorf("FullSet = %s", c.FullSet)
	}
	if c.InMask != 0x15 || c.InWord != 1 {
		t.Errorf("InMask=%#x InWord=%d", c.InMask, c.InWord)
	}
	if _, err := NewCube(-1, nil); err == nil {
		t.Error("NewCube(-1) succeeded")
	}
}

func TestSetOps(t *testing.T) {
	a, b := NewSet(130), NewSet(130)
	for _, e := range []int{0, 5, 64, 129} {
		a.Insert(e)
	}
	for _, e := range []int{5, 64, 100} {
		b.Insert(e)
	}
	r := NewSet(130)
	if r.And(a, b).String() != "[5,64]" {
		t.Errorf("And = %s", r)
	}
	if r.Or(a, b).String() != "[0,5,64,100,129]" {
		t.Errorf("Or = %s", r)
	}
	if r.Diff(a, b).String() != "[0,129]" {
		t.Errorf("Diff = %s", r)
	}
	if a.Dist(b) != 2 || a.Implies(b) || a.Disjoint(b) {
		t.Error("Dist/Implies/Disjoint wrong")
	}
	a.PutSize(70000)
	a.SetFlag(Prime)
	if a.Size() != 70000 || !a.Test(Prime) || a.Test(Active) {
		t.Errorf("header: size=%d", a.Size())
	}
}

func TestSortMatchesMergeOrder(t *testing.T) {
	type kv struct{ k, v int }
	in := []kv{{3, 0}, {1, 1}, {3, 2}, {2, 3}, {1, 4}, {0, 5}, {3, 6}}
	Sort(in, func(x, y kv) int { return x.k - y.k })
	want := []kv{{0, 5}, {1, 1}, {1, 4}, {2, 3}, {3, 0}, {3, 2}, {3, 6}}
	if !slices.Equal(in, want) {
		t.Errorf("Sort = %v, want %v", in, want)
	}
}

func TestElements32Order(t *testing.T) {
	s := NewSet(100)
	for _, e := range []int{1, 33, 40, 70, 99} {
		s.Insert(e)
	}
	var got []int
	s.elements32(words32(100), func(e int) bool { got = append(got, e); return true })
	// 32-bit words visited from the last (96..99) down to the first.
	if want := []int{99, 70, 33, 40, 1}; !slices.Equal(got, want) {
		t.Errorf("elements32 = %v, want %v", got, want)
	}
}

func TestCompareWords32(t *testing.T) {
	a, b := NewSet(64), NewSet(64)
	a.Insert(40) // high half of the first 64-bit word
	b.Insert(3)  // low half
	// In 2.3's 32-bit words, b's first word is larger.
	if compareWords32(a, b, true) != -1 {
		t.Error("ascending compare should read the low 32 bits first")
	}
	if compareWords32(a, b, false) != 1 {
		t.Error("descending compare should read the high 32 bits first")
	}
}

// TestCoverGrow checks that after Grow(n) the next n appends keep the
// cover's storage where it is, and that Grow of zero or less does nothing.
func TestCoverGrow(t *testing.T) {
	f := NewCover(1, 70)
	f.AppendEmpty().Insert(3)
	f.Grow(-1)
	f.Grow(0)
	f.Grow(5)
	first := &f.At(0)[0]
	for i := 0; i < 5; i++ {
		f.AppendEmpty().Insert(i)
	}
	if &f.At(0)[0] != first {
		t.Fatal("the appends after Grow(5) moved the cover's storage")
	}
	if f.Count != 6 || !f.At(0).Has(3) || !f.At(5).Has(4) {
		t.Fatalf("cover after the appends: %d sets, %v", f.Count, f.Sets())
	}
}
