package cover

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMeetIndex compares the index with a scan of the list, on random
// covers of every test shape, the query cubes drawn both from the list and
// at random.
func TestMeetIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	queries, found := 0, 0
	for _, c := range append(tbSmallShapes(t), tbShapes(t)...) {
		// An empty list: nothing meets anything.
		if got := c.NewMeetIndex(nil).Meeting(nil, c.FullSet); len(got) != 0 {
			t.Fatalf("%v: an empty index finds %v", c, got)
		}
		for iter := 0; iter < 20; iter++ {
			f := tbRandCover(r, c, 1+r.IntN(300), 0.5+0.5*r.Float64())
			cubes := make([]Set, f.Count)
			for i := range cubes {
				cubes[i] = f.At(i)
			}
			x := c.NewMeetIndex(cubes)
			for k := 0; k < 30; k++ {
				q := tbRandSet(r, c, 0.6*r.Float64())
				if k%2 == 0 {
					q = cubes[r.IntN(len(cubes))]
				}
				var want []int32
				for i, p := range cubes {
					if c.Dist0(q, p) {
						want = append(want, int32(i))
					}
				}
				got := x.Meeting([]int32{-1}, q)
				slices.Sort(got)
				if got[0] != -1 || !slices.Equal(got[1:], want) {
					t.Fatalf("%v: cubes meeting %v: %v, a scan finds %v", c, q, got, want)
				}
				queries++
				found += len(want)
			}
		}
	}
	if found == 0 {
		t.Fatal("no query met any cube: the test shows nothing")
	}
	t.Logf("%d queries, %d cubes met, as a scan finds", queries, found)
}
