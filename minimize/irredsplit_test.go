package minimize

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestIrredSplitIndexed checks that finding the cubes of D through an
// index of D splits F as the scan does, on random covers with and without
// multiple-valued variables.
func TestIrredSplitIndexed(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	split := [3]int{}
	for _, sh := range exactShapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 60; iter++ {
			F, D, _ := exactRandom(c, rng, 2+rng.IntN(14), rng.IntN(10))
			r := NewRun(c, nil)
			E, Rt, Rp := irredSplitIndexed(c, r.checker(), F, D, nil, D.Count+1)
			E2, Rt2, Rp2 := irredSplitIndexed(c, r.checker(), F, D, nil, 0)
			for k, pair := range [][2]*cover.Cover{{E, E2}, {Rt, Rt2}, {Rp, Rp2}} {
				if !exactSame(pair[0], pair[1]) {
					t.Fatalf("cube %v: F=%v D=%v: part %d of the split is %v with an index of D, %v without",
						sh, F.Sets(), D.Sets(), k, pair[1].Sets(), pair[0].Sets())
				}
				split[k] += pair[0].Count
			}
		}
	}
	if split[0] == 0 || split[1] == 0 || split[2] == 0 {
		t.Fatalf("E, Rt and Rp held %v cubes: the test shows too little", split)
	}
}
