package mincov

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestRowDominanceSince grows random tables the way irredundant's table
// builder does (rows added in batches, each batch followed by a
// reduction), reducing one copy with RowDominance and another with
// RowDominanceSince, and compares them after every batch. Rows repeat and
// contain one another often, so every kind of deletion happens.
func TestRowDominanceSince(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(59, seed))
		ncols := 3 + rng.IntN(12)
		full, inc := NewMatrix(), NewMatrix()
		done := -1
		deleted := 0
		for batch := 0; batch < 6; batch++ {
			next := 0
			if last := full.LastRow(); last != nil {
				next = last.Num + 1
			}
			if last := inc.LastRow(); last != nil && last.Num+1 != next {
				t.Fatalf("seed %d: the copies number their rows differently", seed)
			}
			for i := 0; i < 1+rng.IntN(25); i++ {
				n := 1 + rng.IntN(min(ncols, 4))
				for k := 0; k < n; k++ {
					c := rng.IntN(ncols)
					full.Insert(next+i, c)
					inc.Insert(next+i, c)
				}
			}
			a := full.RowDominance()
			b := inc.RowDominanceSince(done)
			if a != b {
				t.Fatalf("seed %d batch %d: RowDominance deleted %d rows, RowDominanceSince %d", seed, batch, a, b)
			}
			if x, y := contents(t, full), contents(t, inc); !reflect.DeepEqual(x, y) {
				t.Fatalf("seed %d batch %d:\nRowDominance      %v\nRowDominanceSince %v", seed, batch, x, y)
			}
			deleted += a
			if last := inc.LastRow(); last != nil {
				done = last.Num
			}
		}
		if deleted == 0 {
			t.Errorf("seed %d: no row deleted: the case tells nothing", seed)
		}
	}
}
