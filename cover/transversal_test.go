package cover

import (
	"math/rand/v2"
	"testing"
)

// TestTransversalUnion checks the union against the one taken over
// UnateComplement's transversals, on random families with repeated, nested and
// empty sets.
func TestTransversalUnion(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 2000 {
		size := 1 + rng.IntN(70)
		a := tbRandFamily(rng, rng.IntN(9), size, 0.05+rng.Float64()*0.45)
		for i := 1; i < a.Count; i++ {
			if rng.IntN(4) == 0 {
				a.At(i).Copy(a.At(rng.IntN(i))) // a repeat
			}
		}
		if trial%50 == 0 && a.Count > 0 {
			a.At(rng.IntN(a.Count)).Clear() // an empty set now and then
		}
		got, err := transversalUnion(a)
		if err != nil {
			t.Fatal(err)
		}
		all, err := UnateComplement(a.Clone())
		if err != nil {
			t.Fatal(err)
		}
		want := NewSet(size)
		for i := 0; i < all.Count; i++ {
			want.Or(want, all.At(i))
		}
		if !got.Equal(want) {
			t.Fatalf("trial %d: family\n%v\nunion %v, over UnateComplement %v", trial, a, got, want)
		}
	}
}
