package cover

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Rule: minterm z is in Minterms(t) iff some cube of t holds, for every
// variable v, the part whose position is digit v of z in mixed radix
// (variable 0 least significant).
func TestMintermsByDecoding(t *testing.T) {
	shapes := []struct {
		nbin int
		mv   []int
	}{
		{0, []int{70}}, {3, []int{3}}, {4, []int{5, 3}}, {6, []int{2}}, {2, []int{3, 70}}, {9, []int{4}}, {5, nil},
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, sh := range shapes {
		cb, err := NewCube(sh.nbin, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for _, dash := range []int{1, 4, 7} {
			c := caRandomCover(r, cb, 6, dash)
			m, err := cb.Minterms(c)
			if err != nil {
				t.Fatal(err)
			}
			size, _ := cb.mintermCount()
			for z := 0; z < size; z++ {
				want := false
				for i := 0; i < c.Count && !want; i++ {
					p, y, in := c.At(i), z, true
					for v := 0; v < cb.NumVars; v++ {
						in = in && p.Has(cb.FirstPart[v]+y%cb.PartSize[v])
						y /= cb.PartSize[v]
					}
					want = in
				}
				if m.Has(z) != want {
					t.Fatalf("shape %v dash %d: minterm %d: got %v, want %v", sh, dash, z, m.Has(z), want)
				}
			}
			for z := size; z < (len(m)-1)*64; z++ {
				if m.Has(z) {
					t.Fatalf("shape %v: element %d beyond the minterm space", sh, z)
				}
			}
		}
	}
}

func TestMintermsTooLarge(t *testing.T) {
	cb, err := NewCube(31, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cb.Minterms(cb.NewCover(0)); err == nil {
		t.Error("Minterms accepted a space of 2^32 minterms")
	}
	var b strings.Builder
	if err := cb.Map(&b, cb.NewCover(0)); err == nil {
		t.Error("Map accepted a space of 2^32 minterms")
	}
}

// Map of a 2-input function (rules of map.c): mapindex row 0 starts 0 1 3 2,
// so with minterms 0 and 1 the row reads "11.." then a spacer; only the four
// in-range cells are printed; the frame is cut, without a final newline,
// after row 3 since row 4 starts out of range. The suite test compares whole
// maps with 2.3's.
func TestMapSmall(t *testing.T) {
	cb, err := NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	f := cb.NewCover(2)
	for _, in := range [][2]int{{Zero, Zero}, {One, Zero}} {
		p := cb.NewSet()
		SetInput(p, 0, in[0])
		SetInput(p, 1, in[1])
		p.Insert(4)
		f.Append(p)
	}
	var b strings.Builder
	if err := cb.Map(&b, f); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if !strings.HasPrefix(got, "\n\nOutput space # 0\n11.. ") {
		t.Errorf("map starts %q", got[:min(len(got), 30)])
	}
	if strings.Count(got, "1") != 2 || strings.Count(got, ".") != 2 {
		t.Errorf("map %q: want two 1s and two dots", got)
	}
	if strings.HasSuffix(got, "\n") {
		t.Errorf("map %q: 2.3 breaks before the newline after row 3", got)
	}
}
