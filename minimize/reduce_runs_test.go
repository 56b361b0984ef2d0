package minimize

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestReduceWorkers checks that REDUCE with the cubes of each run of them
// that meet no other of the run reduced at once over three goroutines
// leaves the cover one goroutine leaves, on irredundant covers of random
// functions, in both of its orders; and so does REDUCE finding the cubes
// meeting each cube through indexes of D and of F as it stood (made
// whatever their sizes, in the covers' order or sorted), in one goroutine
// and in three. Under -race it also shows that the reducers share nothing
// they write.
func TestReduceWorkers(t *testing.T) {
	reduced, runs := 0, 0
	forWorkerCovers(t, rand.New(rand.NewPCG(71, 19)), 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		one := NewRun(c, &Options{Workers: 1})
		F, err := one.Irredundant(F, D)
		if err != nil {
			t.Fatal(err)
		}
		var variants []*Run
		for _, v := range []struct {
			workers         int
			indexed, sorted bool
		}{{3, false, false}, {1, true, false}, {3, true, false}, {1, true, true}, {3, true, true}} {
			r := NewRun(c, &Options{Workers: v.workers})
			r.parallelFrom = 0
			if v.indexed {
				r.reduceIndexFrom.D, r.reduceIndexFrom.F = 0, 0
			}
			r.sortedFrom = math.MaxInt
			if v.sorted {
				r.sortedFrom = 0
			}
			variants = append(variants, r)
		}
		for range 2 {
			want := must(t)(one.Reduce(F.Clone(), D))
			for k, r := range variants {
				got, chosen := reduceWatched(t, r, F.Clone(), D)
				if k == 0 {
					runs += chosen.runs
				}
				if !sameCubes(want, got) {
					t.Fatalf("%s: REDUCE gives %v in variant %d, %v in one goroutine without indexes", what, got.Sets(), k, want.Sets())
				}
			}
			for p := range want.All() {
				if !p.Test(cover.Prime) {
					reduced++
				}
			}
		}
	})
	if reduced == 0 || runs < 100 {
		t.Fatalf("%d cubes reduced, %d runs of cubes reduced at once: the test shows too little", reduced, runs)
	}
	t.Logf("%d cubes reduced, %d runs of cubes reduced at once", reduced, runs)
}

// watchedReductions is the cubeReductions REDUCE chose, watched: it counts
// the runs of two cubes or more reduced at once.
type watchedReductions struct {
	cubeReductions
	runs int
}

func (w *watchedReductions) reduceFrom(from int) ([]cover.Set, error) {
	under, err := w.cubeReductions.reduceFrom(from)
	if len(under) > 1 {
		w.runs++
	}
	return under, err
}

// reduceWatched is r.Reduce(F, D), which returns as well the reductions
// REDUCE chose (reductionsFor), watched.
func reduceWatched(t *testing.T, r *Run, F, D *cover.Cover) (*cover.Cover, *watchedReductions) {
	t.Helper()
	D = r.compactDC(D)
	F = r.reduceOrder(F)
	w := &watchedReductions{cubeReductions: r.reductionsFor(F, D)}
	F, err := r.reduceBy(F, w)
	if err != nil {
		t.Fatal(err)
	}
	return F, w
}

// isDense reports whether REDUCE's reductions are through a dense table.
func (w *watchedReductions) isDense() bool {
	_, ok := w.cubeReductions.(*denseReductions)
	return ok
}
