package cover

import (
	"math/rand/v2"

	"github.com/google/go-cmp/cmp"
	"testing"
)

// TestContainIndex compares the index's answer with a scan of every cube,
// for random covers dense and sparse in don't-cares, queries drawn from
// the cover itself with parts dropped (contained by construction) and
// random minterms, with and without multiple-valued variables and empty literals.
func TestContainIndex(t *testing.T) {
	for k, tc := range []struct {
		name   string
		binary int
		mv     []int
		n      int
		pFull  float64 // sizes chosen so that b covers about half the space
	}{
		{"binary sparse", 10, nil, 40, 0.1},
		{"binary dense", 24, nil, 35, 0.6},
		{"binary mostly dashes", 64, nil, 30, 0.85},
		{"with outputs", 12, []int{4}, 40, 0.3},
		{"multiple-valued", 8, []int{3, 5, 3}, 30, 0.3},
		{"many variables", 35, []int{3}, 2000, 0.2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(41, uint64(k)))
			c, err := NewCube(tc.binary, tc.mv)
			if err != nil {
				t.Fatal(err)
			}
			b := randomCover(c, tc.n, tc.pFull, rng)
			ix := c.newContainIndex(b)
			// Random minterms, some inside b and some not, then cubes
			// of b with parts dropped, inside b by construction.
			queries := c.NewCover(0)
			for i := 0; i < 500; i++ {
				q := queries.AppendEmpty()
				for v := 0; v < c.NumVars; v++ {
					q.Insert(c.FirstPart[v] + rng.IntN(c.PartSize[v]))
				}
			}
			for i := 0; i < b.Count; i += 3 {
				q := queries.AppendEmpty()
				q.Copy(b.At(i))
				// Drop parts at random: still inside b.At(i).
				for e := 0; e < c.Size; e++ {
					if rng.IntN(4) == 0 {
						q.Remove(e)
					}
				}
			}
			yes := 0
			for i := 0; i < queries.Count; i++ {
				q := queries.At(i)
				want := false
				for j := 0; j < b.Count; j++ {
					if q.Implies(b.At(j)) {
						want = true
						break
					}
				}
				if got := ix.containedInSome(q); got != want {
					t.Fatalf("query %d: index says %v, scan says %v", i, got, want)
				}
				if want {
					yes++
				}
			}
			if yes == 0 || yes == queries.Count {
				t.Errorf("%d of %d queries contained: the test does not tell the answers apart", yes, queries.Count)
			}
		})
	}
}

// TestDistance1Pairs compares the indexed enumeration of pairs at distance
// 1 with the nested loop, pair for pair and in order, on covers large
// enough to be indexed.
func TestDistance1Pairs(t *testing.T) {
	for k, tc := range []struct {
		name   string
		binary int
		mv     []int
		pFull  float64
	}{
		{"binary", 14, nil, 0.5},
		{"with outputs", 12, []int{5}, 0.55},
		{"multiple-valued", 8, []int{3, 4}, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(43, uint64(k)))
			c, err := NewCube(tc.binary, tc.mv)
			if err != nil {
				t.Fatal(err)
			}
			a := randomCover(c, 400, tc.pFull, rng)
			b := randomCover(c, 300, tc.pFull, rng)
			if a.Count*b.Count <= distance1Indexed {
				t.Fatalf("%d×%d pairs: not indexed", a.Count, b.Count)
			}
			var want, got [][2]int
			for i := 0; i < a.Count; i++ {
				for j := 0; j < b.Count; j++ {
					if c.Dist01(a.At(i), b.At(j)) == 1 {
						want = append(want, [2]int{i, j})
					}
				}
			}
			c.Distance1Pairs(a, b, func(i, j int) { got = append(got, [2]int{i, j}) })
			if len(want) == 0 {
				t.Fatal("no pairs at distance 1: the test tells nothing")
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%d pairs by the loop, %d by the index (-loop +index):\n%s", len(want), len(got), diff)
			}
		})
	}
}
