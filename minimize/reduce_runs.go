package minimize

import "github.com/espresso-go/espresso/cover"

// reductionRuns reduces F's cubes with reducers over the list of F and
// D, in 2.3's order, one at a time in one goroutine. Where the cubes are
// many, the run's workers reduce at once the cubes of a run of them that
// meet none of the others of the run, each against the cover as it stands
// before the run: a cube's reduction depends only on the cubes meeting
// it, so each is the one 2.3 makes. Traced (REDUCE1), in order in one
// goroutine.
type reductionRuns struct {
	r     *Run
	F     *cover.Cover
	FD    cover.CubeList
	team  []*reducer
	most  int         // the most cubes of a run
	under []cover.Set // the reductions of a run
}

// newReductionRuns returns the reducers for F against D, with indexes of
// D and F where they are long (useIndex), one per worker the step's work
// is worth.
func (r *Run) newReductionRuns(F, D *cover.Cover) *reductionRuns {
	work := F.Count * (F.Count + D.Count) / reduceRunWork
	if r.opt.Debug&DebugReduce1 != 0 {
		work = 0
	}
	team := r.reducers(work)
	team[0].sccc.useIndex(F, D)
	for _, s := range team[1:] {
		s.sccc.shareIndex(team[0].sccc)
	}
	most := 1
	if len(team) > 1 {
		most = reduceBatch * len(team)
	}
	return &reductionRuns{r: r, F: F, FD: r.cube.NewCubeList(F, D), team: team, most: most, under: make([]cover.Set, most)}
}

func (u *reductionRuns) reduceFrom(from int) ([]cover.Set, error) {
	F, cube := u.F, u.r.cube
	n := 1
grow:
	for ; n < u.most && from+n < F.Count; n++ {
		p := F.At(from + n)
		for k := from; k < from+n; k++ {
			if cube.Dist0(F.At(k), p) {
				break grow
			}
		}
	}
	under := u.under[:n]
	err := forEachParallel(n, len(u.team), 1, func(w, k int) {
		under[k] = u.team[w].reduceCube(u.FD, F.At(from+k))
	})
	return under, err
}
