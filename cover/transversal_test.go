package cover

import (
	"math/rand/v2"
	"testing"
)

// TestTransversalUnion checks the union against the one taken over
// UnateCompl's transversals, on random families with repeated, nested and
// empty sets.
func TestTransversalUnion(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 2000 {
		size := 1 + rng.IntN(70)
		a := NewCover(0, size)
		for range rng.IntN(10) {
			p := a.AppendEmpty()
			density := rng.Float64() * 0.5
			for j := range size {
				if rng.Float64() < density {
					p.Insert(j)
				}
			}
			if trial%50 != 0 && p.IsEmpty() {
				p.Insert(rng.IntN(size)) // an empty set only now and then
			}
			if a.Count > 1 && rng.IntN(4) == 0 {
				p.Copy(a.At(rng.IntN(a.Count - 1))) // a repeat
			}
		}
		got, err := TransversalUnion(a)
		if err != nil {
			t.Fatal(err)
		}
		all, err := UnateCompl(a.Clone())
		if err != nil {
			t.Fatal(err)
		}
		want := NewSet(size)
		for i := 0; i < all.Count; i++ {
			want.Or(want, all.At(i))
		}
		if !got.Equal(want) {
			t.Fatalf("trial %d: family\n%v\nunion %v, over UnateCompl %v", trial, a, got, want)
		}
	}
}
