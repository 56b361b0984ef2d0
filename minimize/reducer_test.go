package minimize

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestReducerHolesSameAsSccc checks the reduction found from holes, and
// the one found with an index of D, and the one whose last parts two
// goroutines ask about, against 2.3's sccc recursion, cube by
// cube, on random covers with and without
// multiple-valued variables.
func TestReducerHolesSameAsSccc(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	shapes := append(exactShapes, struct {
		binary int
		mv     []int
	}{7, []int{4}})
	n, reduced, emptied := 0, 0, 0
	for _, sh := range shapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 80; iter++ {
			F, D, _ := exactRandom(c, rng, 1+rng.IntN(12), rng.IntN(4))
			r := NewRun(c, nil)
			s, h := r.newScccer(), r.newReducer()
			// A reducer of another goroutine, asking about the last
			// parts of each reduction with h (askParts).
			helper := r.newReducerWith(c.NewTautologyChecker(), c.NewCubeListArena())
			FD := c.NewCubeList(F, D)
			// The same with the cubes of D meeting p found from an
			// index of D.
			indexed := r.newScccer()
			indexed.indexMin = 0
			indexed.useIndex(F, D)
			for i := 0; i < F.Count; i++ {
				p := F.At(i)
				want := s.reduceCube(FD, p)
				if got := indexed.reduceCube(FD, p); !got.Equal(want) {
					t.Fatalf("cube %v: F=%v D=%v: reduction of %v is %v with an index of D, %v without",
						sh, F.Sets(), D.Sets(), p, got, want)
				}
				// No call of sccc: holes only; three: sccc
				// gives up midway. A search of one node sends
				// most questions to the tautology check.
				for _, calls := range []int{0, 3} {
					for _, nodes := range []int{1, searchNodes} {
						for _, index := range []bool{false, true} {
							for _, helped := range []bool{false, true} {
								h.sccc.index = nil
								if index {
									h.sccc.indexMin = 0
									h.sccc.useIndex(F, D)
								}
								h.scccCalls, h.searchNodes = calls, nodes
								h.helpers, h.partsFrom = nil, partsParallelFrom
								if helped {
									h.helpers, h.partsFrom = []*reducer{helper}, 0
								}
								got := h.reduceCube(FD, p)
								if !got.Equal(want) {
									t.Fatalf("cube %v: F=%v D=%v: reduction of %v is %v (sccc calls %d, search nodes %d, index %v, helped %v), sccc gives %v",
										sh, F.Sets(), D.Sets(), p, got, calls, nodes, index, helped, want)
								}
							}
						}
					}
				}
				n++
				if !want.Equal(p) {
					reduced++
				}
				if want.IsEmpty() {
					emptied++
				}
			}
		}
	}
	if reduced == 0 || emptied == 0 {
		t.Fatalf("%d cubes, %d reduced, %d to nothing: the test shows too little", n, reduced, emptied)
	}
	t.Logf("%d cubes (%d reduced, %d to nothing): same reduction", n, reduced, emptied)
}
