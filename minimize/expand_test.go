package minimize

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestSameQuestions checks sameQuestions against comparing RAISE ∪ c for
// every two candidates: each asked candidate points to the first earlier
// asked candidate with the same union, or asks itself if there is none,
// and the candidates not asked stay so. The candidates are few cubes
// drawn again and again, so most rounds have repeats, in tables of every
// size from 2 on.
func TestSameQuestions(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	c, err := cover.NewCube(9, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	e := NewRun(c, nil).newExpander()
	repeats := 0
	for round := 0; round < 300; round++ {
		e.raise.Clear()
		for j := range c.Size {
			if rng.IntN(3) == 0 {
				e.raise.Insert(j)
			}
		}
		pool := make([]cover.Set, 1+rng.IntN(6))
		for k := range pool {
			pool[k] = c.NewSet()
			for j := range c.Size {
				if rng.IntN(2) == 0 {
					pool[k].Insert(j)
				}
			}
		}
		n := rng.IntN(40)
		feas := make([]cover.Set, n)
		asked, wantAsked := make([]bool, n), make([]bool, n)
		for i := range feas {
			feas[i] = pool[rng.IntN(len(pool))]
			asked[i] = rng.IntN(5) != 0
		}
		union := func(i int) cover.Set { return c.NewSet().Or(e.raise, feas[i]) }
		wantFirst := make([]int32, n)
		for i := range feas {
			wantFirst[i], wantAsked[i] = -1, asked[i]
			if !asked[i] {
				continue
			}
			for j := 0; j < i; j++ {
				if asked[j] && union(j).Equal(union(i)) {
					wantFirst[i], wantAsked[i] = int32(j), false
					repeats++
					break
				}
			}
		}
		e.sameQuestions(feas, asked)
		for i := range feas {
			if e.askFirst[i] != wantFirst[i] || asked[i] != wantAsked[i] {
				t.Fatalf("round %d, candidate %d: first %d, asked %v; want %d, %v",
					round, i, e.askFirst[i], asked[i], wantFirst[i], wantAsked[i])
			}
		}
	}
	if repeats == 0 {
		t.Fatal("no round had a repeated question")
	}
}
