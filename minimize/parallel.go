package minimize

import (
	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/workpool"
)

// Some steps ask the same question of each cube of a cover, independently
// of the answers for the others: irredundant's split asks whether each
// cube is covered by the rest, essential whether each is essential,
// reduce_gasp for each one's reduction against the unreduced cover;
// mv_reduce asks irredundant of each part of the output variable;
// select_feasible asks whether each candidate is feasibly covered. Those
// questions are spread over [Options.Workers] goroutines, each with a
// tautology checker (and, for reductions, an arena) of its own, and the
// answers are taken in the cover's order: the result is the same as in
// one goroutine.

// checkers returns the tautology checkers of the goroutines over which a
// step with the given work, in cube pairs, spreads its questions: one for
// each worker, or only the run's own one when the work is small.
func (r *Run) checkers(work int) []*cover.TautologyChecker {
	r.resetScratch()
	if r.tautTrace != nil {
		return []*cover.TautologyChecker{r.tracedTaut}
	}
	n := r.workersFor(work)
	if n <= 1 {
		return r.tauts[:1]
	}
	for len(r.tauts) < n {
		r.tauts = append(r.tauts, r.cube.NewTautologyChecker())
	}
	return r.tauts[:n]
}

// workersFor returns the number of goroutines over which a step with the
// given work, in cube pairs, spreads its questions: the run's workers, or
// one when the work is small.
func (r *Run) workersFor(work int) int {
	if work < r.parallelFrom {
		return 1
	}
	return max(r.opt.Workers, 1)
}

// reducers returns a reducer for each goroutine over which a step with
// the given work, in cube pairs, spreads its reductions (see checkers):
// the first uses the run's checker and arena, the others their own.
func (r *Run) reducers(work int) []*reducer {
	checkers := r.checkers(work)
	for len(r.arenas) < len(checkers) {
		r.arenas = append(r.arenas, r.cube.NewCubeListArena())
	}
	out := make([]*reducer, len(checkers))
	for w, taut := range checkers {
		if w == 0 {
			out[w] = r.newReducer()
		} else {
			out[w] = r.newReducerWith(taut, r.arenas[w])
		}
	}
	return out
}

// forEachParallel calls ask(w, i) for each i < n, with w the goroutine,
// below workers, that asks it, each goroutine taking chunk questions at a
// time; with one worker, or no more than chunk questions, in order in the
// calling goroutine. ask must write only what belongs to its i and its w.
// A panic in ask comes back as a *workpool.PanicError.
func forEachParallel(n, workers, chunk int, ask func(w, i int)) error {
	return workpool.Run(n, workers, chunk, func(w, i int) error {
		ask(w, i)
		return nil
	})
}
