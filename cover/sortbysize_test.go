package cover

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortBySize checks the counting sort against a stable sort by set
// size, both ways, on a random group of a random family.
func TestSortBySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		size := 1 + rng.IntN(130)
		c := tbRandFamily(rng, rng.IntN(40), size, 0.25)
		var group []int
		for k := 0; k < c.Count; k++ {
			if rng.IntN(3) != 0 {
				group = append(group, k)
			}
		}
		rng.Shuffle(len(group), func(i, j int) { group[i], group[j] = group[j], group[i] })
		for _, desc := range []bool{false, true} {
			got := c.SortBySize(group, desc, make([]int, size+1), nil)
			want := slices.Clone(group)
			slices.SortStableFunc(want, func(i, j int) int {
				d := c.At(i).Count() - c.At(j).Count()
				if desc {
					d = -d
				}
				return d
			})
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d, desc %v: got %v, want %v", trial, desc, got, want)
			}
		}
	}
}
