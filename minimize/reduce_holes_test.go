package minimize

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestReducerHolesSameAsSccc checks the reduction gathered from the holes,
// with and without indexes of D and F, against 2.3's sccc recursion, cube by
// cube, on random covers with and without multiple-valued variables.
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
			FD := c.NewCubeList(F, D)
			for i := 0; i < F.Count; i++ {
				p := F.At(i)
				want := s.reduceCube(FD, p)
				// No call of sccc: holes only; three: sccc
				// gives up midway.
				for _, calls := range []int{0, 3} {
					for _, index := range []bool{false, true} {
						h.sccc.index = nil
						if index {
							h.sccc.indexMin, h.sccc.fIndexMin = 0, 0
							h.sccc.useIndex(F, D)
						}
						h.scccCalls = calls
						got := h.reduceCube(FD, p)
						if !got.Equal(want) || got[0] != 0 {
							t.Fatalf("cube %v: F=%v D=%v: reduction of %v is %v (sccc calls %d, index %v), sccc gives %v",
								sh, F.Sets(), D.Sets(), p, got, calls, index, want)
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
