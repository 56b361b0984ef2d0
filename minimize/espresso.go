package minimize

import (
	"fmt"
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
	"github.com/espresso-go/espresso/mincov"
)

// Run is the state of one minimization session: the cube structure, the
// options, the statistics, and what 2.3 keeps between calls in globals and
// statics (the alternation of reduce's cube orders, and the unwrapping of
// the ON-set, which 2.3 turns off for the rest of the process once it has
// made a result grow). Steps called on one Run behave as the same calls in
// one 2.3 process. A Run must not be used by two goroutines at once;
// separate Runs are independent.
type Run struct {
	cube *cover.Cube
	opt  Options
	out  io.Writer

	// Stats accumulates the time and calls of each step.
	Stats Stats

	reduceToggle bool
	// offsetComplete: R is the complement of F ∪ D (SetOffsetComplete).
	offsetComplete bool
	start          int64 // Clock when the run began, for times in debugging lines

	// Scratch storage reused from one step to the next, for the cube
	// structure scratchCube; see [Run.checker].
	scratchCube *cover.Cube
	taut        *cover.TautologyChecker
	tauts       []*cover.TautologyChecker // taut, then those of other workers
	// tautTrace prints 2.3's TAUT debugging lines (-v taut), or is nil;
	// tracedTaut is the checker that prints them, which asks 2.3's
	// questions of cube_is_covered (essential, irredundant) in 2.3's
	// order, each step then taking no shortcut that would leave one out.
	tautTrace  *tautTrace
	tracedTaut *cover.TautologyChecker
	arenas     []*cover.CubeListArena // arena, then those of other workers
	partRuns   []*Run                 // mv_reduce's runs, one per worker
	irredList  []cover.Set            // the cube list of irredDeriveTable
	arena      *cover.CubeListArena
	consensus  *cover.Cover
	// tuning holds the thresholds tests change (tuning.go).
	tuning
	// expandTable is the matrix expand's mincov builds its covering
	// problems in (it does not depend on the cube structure).
	expandTable *mincov.Matrix
	// expandCC holds the covering family of the run's Expand part by
	// part (indexedCovering.cols), kept from one Expand to the next.
	expandCC coverindex.Transposed

	// dense is what the dense tables (dense.go) keep from one step to
	// the next.
	dense denseState

	// primes bounds the ways AllPrimes tries (package doc of primes.go).
	primes primeLimits
}

// checker returns the run's tautology checker, and makes sure the run's
// scratch storage is for the current cube structure.
func (r *Run) checker() *cover.TautologyChecker {
	r.resetScratch()
	return r.taut
}

// irredScratch returns the run's storage for irredDeriveTable.
func (r *Run) irredScratch() irredScratch {
	r.resetScratch()
	return irredScratch{taut: r.taut, list: &r.irredList}
}

// listArena returns the run's arena for the cube lists of recursions over
// cofactors (reduce's sccc).
func (r *Run) listArena() *cover.CubeListArena {
	r.resetScratch()
	return r.arena
}

// resetScratch sets up the scratch storage for the current cube structure.
func (r *Run) resetScratch() {
	if r.scratchCube != r.cube {
		r.scratchCube = r.cube
		r.taut = r.cube.NewTautologyChecker()
		r.tauts = append(r.tauts[:0], r.taut)
		if r.tautTrace != nil {
			r.tracedTaut = r.cube.NewTautologyChecker()
			r.tracedTaut.SetTrace(r.out)
		}
		r.arena = r.cube.NewCubeListArena()
		r.arenas = append(r.arenas[:0], r.arena)
		r.consensus = r.cube.NewCover(0)
	}
}

// dropScratch lets the scratch storage go, to be made anew when next
// asked for. The lists its arenas keep hold cubes of the covers they last
// listed (the loop's DC-set, ESSENTIAL's consensus), which they keep from
// the collector: MakeSparse drops them, its DC-set not being the loop's.
func (r *Run) dropScratch() {
	r.scratchCube = nil
}

// NewRun starts a session for functions of the given cube structure. opt
// may be nil for [DefaultOptions]; it is copied.
func NewRun(cube *cover.Cube, opt *Options) *Run {
	if opt == nil {
		opt = DefaultOptions()
	}
	r := &Run{cube: cube, opt: *opt, out: opt.Out, reduceToggle: true, start: Clock(),
		tuning: defaultTuning(), expandTable: mincov.NewMatrix(),
		primes: primeLimits{work: consensusWork, nodes: implicitNodes, table: tablePrimes}}
	if r.out == nil {
		r.out = io.Discard
	}
	if r.opt.Debug&DebugTaut != 0 {
		r.tautTrace = &tautTrace{w: r.out}
	}
	return r
}

// SetCube continues the session with functions of another cube structure,
// as 2.3 does when -Dmany reads the next PLA: statistics, reduce's
// alternation and a turned-off UnwrapOnset carry over.
func (r *Run) SetCube(cube *cover.Cube) { r.cube = cube }

// Cube returns the cube structure of the session.
func (r *Run) Cube() *cover.Cube { return r.cube }

// Options returns the options of the session as they stand (2.3 may turn
// UnwrapOnset off during a run).
func (r *Run) Options() Options { return r.opt }

// SetOffsetComplete tells the steps that follow whether the OFF-set they
// are given is the complement of the ON- and DC-sets (as when the reader
// computed it). Then every cube EXPAND makes is a prime of F ∪ D, and
// ESSENTIAL, whose answer for a prime depends on D's points and not on its
// cubes, asks it of D compacted (compactDC).
func (r *Run) SetOffsetComplete(complete bool) { r.offsetComplete = complete }

// SetSkipMakeSparse turns MAKE_SPARSE off or on for the steps that follow
// (Options.SkipMakeSparse), as 2.3's output phase assignment sets its
// global skip_make_sparse for its search and clears it after.
func (r *Run) SetSkipMakeSparse(skip bool) { r.opt.SkipMakeSparse = skip }

// Espresso minimizes the function whose ON-set is F, DC-set D and OFF-set
// R, and returns the minimized ON-set; the inputs are not changed.
//
// It is a shorthand for NewRun(cube, opt).Espresso on copies of F, D and
// R.
func Espresso(cube *cover.Cube, F, D, R *cover.Cover, opt *Options) (*cover.Cover, error) {
	return NewRun(cube, opt).Espresso(F.Clone(), D.Clone(), R.Clone())
}

// Espresso runs the ESPRESSO loop on the ON-set F, DC-set D and OFF-set R
// and returns the minimized ON-set (espresso in espresso.c): unwrap the
// outputs of F, EXPAND and IRREDUNDANT, take out the ESSENTIAL primes,
// iterate REDUCE, EXPAND, IRREDUNDANT and LAST_GASP (or SUPER_GASP) while
// the cost drops, put the essentials back and MAKE_SPARSE. If the result
// has more cubes than F, which unwrapping can cause, the whole is run again
// without unwrapping.
//
// F is consumed (its storage may be reused); D is not changed, but the
// flags of the cubes of D and R are.
func (r *Run) Espresso(F, D1, R *cover.Cover) (*cover.Cover, error) {
	cube := r.cube
	for {
		Fsave := F.Clone()
		D := D1.Clone()

		if r.opt.RecomputeOnset {
			t := Clock()
			F = cube.Simplify(cube.NewCubeList(F), r.ComplementTrace())
			r.exec(t, "SIMPLIFY   ", F)
		}
		cost := cube.CoverCost(F)
		last := cube.NumVars - 1
		if r.opt.UnwrapOnset && cube.PartSize[last] > 1 &&
			cost.Out != cost.Cubes*cube.PartSize[last] && cost.Out < unwrapLimit {
			t := Clock()
			U, err := cube.Unravel(F, last, cube.NumVars-1)
			if err != nil {
				return nil, fmt.Errorf("espresso: %w", err)
			}
			F = U.Maximal()
			r.exec(t, "SETUP      ", F)
		}

		// Initial expand and irredundant.
		for i := 0; i < F.Count; i++ {
			F.At(i).ResetFlag(cover.Prime)
		}
		var err error
		t := Clock()
		if F, err = r.Expand(F, R, false); err != nil {
			return nil, err
		}
		cost = r.totals(t, ExpandTime, F)
		dc := r.dcSet(D)
		// D's points compacted, for MakeSparse: D1's, whose copy D is.
		var points *cover.Cover
		if dc.points != dc.cubes {
			points = dc.points
		}
		t = Clock()
		if F, err = r.irredundant(F, dc); err != nil {
			return nil, err
		}
		cost = r.totals(t, IrredTime, F)

		if !r.opt.SingleExpand {
			var E *cover.Cover
			if r.opt.RemoveEssential {
				t = Clock()
				if F, dc, E, err = r.essential(F, dc); err != nil {
					return nil, err
				}
				r.totals(t, EssenTime, E)
			} else {
				E = cube.NewCover(0)
			}

			cost = cube.CoverCost(F)
			for {
				// Repeat the inner loop until the solution is stable.
				var best cover.Cost
				for {
					best = cost
					t = Clock()
					if F, err = r.reduce(F, dc.points); err != nil {
						return nil, err
					}
					r.totals(t, ReduceTime, F)
					t = Clock()
					if F, err = r.Expand(F, R, false); err != nil {
						return nil, err
					}
					r.totals(t, ExpandTime, F)
					t = Clock()
					if F, err = r.irredundant(F, dc); err != nil {
						return nil, err
					}
					cost = r.totals(t, IrredTime, F)
					if cost.Cubes >= best.Cubes {
						break
					}
				}

				// Perturb the solution to see if we can continue.
				best = cost
				if r.opt.UseSuperGasp {
					if F, cost, err = r.superGasp(F, dc, R); err != nil {
						return nil, err
					}
					if cost.Cubes >= best.Cubes {
						break
					}
				} else {
					if F, cost, err = r.lastGasp(F, dc, R); err != nil {
						return nil, err
					}
				}
				if !(cost.Cubes < best.Cubes ||
					(cost.Cubes == best.Cubes && cost.Total < best.Total)) {
					break
				}
			}

			// Append the essential cubes to F.
			F = F.AppendCover(E)
			if r.opt.Trace {
				SizeStamp(r.out, cube, F, "ADJUST     ")
			}
		}

		// Attempt to make the PLA matrix sparse.
		if !r.opt.SkipMakeSparse {
			if F, err = r.makeSparse(F, D1, R, points); err != nil {
				return nil, err
			}
		}

		// Check that the function is actually smaller; this can only fail
		// because of the initial unravel, and then we run again without it.
		if Fsave.Count < F.Count {
			F = Fsave
			r.opt.UnwrapOnset = false
			continue
		}
		return F, nil
	}
}

// dcSet is the DC-set as the loop holds it: its cubes, from which
// IRREDUNDANT's covering table and ESSENTIAL's consensus are built, and a
// cover of its points (points), which the questions about them take: the
// cubes themselves, or, where they are many, compacted (compactDC).
type dcSet struct {
	cubes, points *cover.Cover
}

// dcSet returns D as the loop holds it.
func (r *Run) dcSet(D *cover.Cover) dcSet {
	return dcSet{cubes: D, points: r.compactDC(D)}
}

// withEssential returns the DC-set once ESSENTIAL has made the essential
// primes E don't-cares, D being its cubes then (espresso.c's D grown by
// E): the cover of its points is D itself where it was the cubes, and
// otherwise the compacted cover with E's cubes added.
func (dc dcSet) withEssential(D, E *cover.Cover) dcSet {
	switch {
	case dc.points == dc.cubes:
		return dcSet{cubes: D, points: D}
	case E.Count > 0:
		return dcSet{cubes: D, points: cover.Join(dc.points, E)}
	}
	return dcSet{cubes: D, points: dc.points}
}

// essential is Essential on the loop's DC-set, which the essential primes
// join.
func (r *Run) essential(F *cover.Cover, dc dcSet) (newF *cover.Cover, newDC dcSet, E *cover.Cover, err error) {
	F, D, E, err := r.essentialOf(F, dc.cubes, dc.points)
	if err != nil {
		return nil, dc, nil, err
	}
	return F, dc.withEssential(D, E), E, nil
}

// denseState is what the dense tables keep from one step to the next, in
// one value: their storage (count, excess), the table of the DC-set's
// points kept from the last REDUCE (dc), the cube structure for which a
// count passed what a table holds (overflowed: no table is made for it
// any more), and the counts IRREDUNDANT's split leaves counting the cover
// it keeps (kept, see keepCounts). Those are shared between the steps
// because they are what the next REDUCE counts: taking them saves a pass
// over the points of every cube of F, and REDUCE takes them only where
// they count the same cubes against the same DC-set.
type denseState struct {
	dc         *denseDC
	count      []uint8
	excess     []uint16 // counts past wideCount (each at most tuning.denseExcessMax)
	overflowed *cover.Cube
	kept       *keptCounts
}
