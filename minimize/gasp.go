package minimize

import (
	"errors"

	"github.com/espresso-go/espresso/cover"
)

// errEmptyReduction is 2.3's fatal error in reduce_gasp: a cube of an
// irredundant cover cannot reduce to nothing.
var errEmptyReduction = errors.New("empty reduction in reduce_gasp, shouldn't happen")

// reduceGasp returns the maximal reduction of each cube of F, each taken
// against the unreduced cover, in the order of F; cubes that did not
// reduce are flagged Prime, the others not (reduce_gasp).
func (r *Run) reduceGasp(F, D *cover.Cover) (*cover.Cover, error) {
	cube := r.cube
	r.progress(GReduceTime, -1, F.Count)
	// Each reduction is taken against the unreduced cover, whatever the
	// others give: they are spread over the run's workers, and taken in
	// F's order.
	// Traced (REDUCE1), they are taken in order in one goroutine.
	work := F.Count * (F.Count + D.Count)
	if r.opt.Debug&DebugReduce1 != 0 {
		work = 0
	}
	under := make([]cover.Set, F.Count)
	if table := r.denseTable(F, D); table != nil {
		// Where the space is small, through a table of its points
		// (dense.go), which the reductions only read.
		err := forEachParallel(F.Count, r.workersFor(work), parallelChunk, func(w, i int) {
			under[i] = table.reduction(F.At(i))
		})
		if err != nil {
			return nil, err
		}
	} else {
		FD := cube.NewCubeList(F, D)
		reducers := r.reducers(work)
		reducers[0].sccc.useIndex(F, D)
		for _, s := range reducers[1:] {
			s.sccc.shareIndex(reducers[0].sccc)
		}
		err := forEachParallel(F.Count, len(reducers), parallelChunk, func(w, i int) {
			under[i] = reducers[w].reduceCube(FD, F.At(i))
		})
		if err != nil {
			return nil, err
		}
	}
	G := cube.NewCover(F.Count)
	for i, cunder := range under {
		p := F.At(i)
		switch {
		case cunder.IsEmpty():
			return nil, errEmptyReduction
		case cunder.Equal(p):
			// 2.3 flags cunder, then adds p itself.
			G.Append(p)
		default:
			cunder.ResetFlag(cover.Prime)
			G.Append(cunder)
		}
		if r.opt.Debug&DebugGasp != 0 {
			r.debugf(DebugGasp, "REDUCE_GASP: %s reduced to %s\n", formatCube(cube, p), formatCube(cube, cunder))
		}
	}
	return G, nil
}

// expandGasp expands each cube of F, the reductions of the cubes of
// Foriginal, and keeps the expansions that cover some other reduced cube;
// these are made prime and returned (expand_gasp).
func (r *Run) expandGasp(F, D, R, Foriginal *cover.Cover) (*cover.Cover, error) {
	cube := r.cube
	r.progress(GExpandTime, -1, F.Count)
	G := cube.NewCover(10)
	e := r.newExpander()
	defer e.work.end()
	s := r.newReducer()
	FD := cube.NewCubeList(Foriginal, D)
	// F is the covering matrix of every expansion.
	e.CC = r.newCovering(F)
	e.work.start(F, R, false)
	for c1 := range F.Count {
		var err error
		if G, err = e.expand1Gasp(s, F, R, Foriginal, FD, c1, G); err != nil {
			return nil, err
		}
	}
	if err := e.work.end(); err != nil { // R's Active flags, before Expand reads them
		return nil, err
	}
	G = G.Distinct()
	return r.Expand(G, R, false)
}

// expand1Gasp expands cube c1 of the reduced cover F against the OFF-set
// R and adds to G an expansion for each other reduced cube it can be
// expanded to cover (expand1_gasp).
//
// FD is the cube list of Foriginal and D.
func (e *expander) expand1Gasp(s *reducer, F, R, Foriginal *cover.Cover, FD cover.CubeList, c1 int, G *cover.Cover) (*cover.Cover, error) {
	cube := e.cube
	if e.trace.expand1 {
		e.debugf("\nEXPAND1_GASP:    \t%s\n", formatCube(cube, F.At(c1)))
	}
	temp := cube.NewSet()

	// Initialize the reduced ON-set: every cube of F but c1 and the prime
	// ones active.
	e.CC.setup(c1)

	// Initialize the OFF-set, the raising and unassigned sets, and
	// determine the parts which must be lowered.
	e.raise.Copy(F.At(c1))
	if err := e.work.firstStep(R, c1); err != nil {
		return nil, err
	}

	// Determine the parts which can always be raised.
	e.essenRaising()

	// See which, if any, of the reduced cubes we can cover (listed in the
	// buffer of select_feasible's candidates, unused here).
	active := e.CC.appendActive(e.sel.feasIdx[:0])
	e.sel.feasIdx = active[:0]
	for _, i := range active {
		c2 := F.At(int(i))
		if !c2.Implies(e.raise) && !e.feasiblyCovered(c2, temp) {
			continue
		}
		// See if c1under can be expanded to cover c2 reduced against
		// (F - c1) ∪ c1under; if so c2 can definitely be removed. 2.3
		// copies Foriginal to replace c1; the list FD of Foriginal and D
		// has entry c1 replaced instead (reduce_cube changes no cube of
		// the lists).
		FD.Cubes[c1] = F.At(c1)
		c2essential := s.reduceCube(FD, Foriginal.At(int(i)))
		FD.Cubes[c1] = Foriginal.At(c1)
		if e.feasiblyCovered(c2essential, temp) {
			temp.Or(e.raise, c2essential)
			temp.ResetFlag(cover.Prime)
			G.Append(temp)
		}
	}
	return G, nil
}

// irredGasp adds the new primes G to F and returns an irredundant subset
// (irred_gasp).
func (r *Run) irredGasp(F *cover.Cover, dc dcSet, G *cover.Cover) (*cover.Cover, error) {
	if G.Count == 0 {
		return F, nil
	}
	return r.irredundant(F.AppendCover(G), dc)
}

// LastGasp tries to improve the cover F: it reduces each cube without
// replacement, expands the reductions that can cover another reduced cube,
// and keeps an irredundant subset of F and these new primes (last_gasp).
// It returns the new cover and its cost.
func (r *Run) LastGasp(F, D, R *cover.Cover) (*cover.Cover, cover.Cost, error) {
	return r.lastGasp(F, r.dcSet(D), R)
}

// lastGasp is LastGasp with the loop's DC-set.
func (r *Run) lastGasp(F *cover.Cover, dc dcSet, R *cover.Cover) (*cover.Cover, cover.Cost, error) {
	G1, err := r.reduceExpandGasp(F, dc.points, func(G *cover.Cover) (*cover.Cover, error) {
		return r.expandGasp(G, dc.points, R, F)
	})
	if err != nil {
		return nil, cover.Cost{}, err
	}

	t := Clock()
	F, err = r.irredGasp(F, dc, G1)
	if err != nil {
		return nil, cover.Cost{}, err
	}
	cost := r.totals(t, GIrredTime, F)
	return F, cost, nil
}

// reduceExpandGasp is the first half of LastGasp and SuperGasp: reduce each
// cube of F without replacement, then expand the reductions with expand,
// timing both steps as 2.3 does.
func (r *Run) reduceExpandGasp(F, D *cover.Cover, expand func(G *cover.Cover) (*cover.Cover, error)) (*cover.Cover, error) {
	t := Clock()
	G, err := r.reduceGasp(F, D)
	if err != nil {
		return nil, err
	}
	r.totals(t, GReduceTime, G)

	t = Clock()
	G1, err := expand(G)
	if err != nil {
		return nil, err
	}
	r.totals(t, GExpandTime, G1)
	return G1, nil
}

// SuperGasp is the variant of [Run.LastGasp] that expands each reduced
// cube into all the primes covering it and keeps an irredundant subset of
// F and all of them (super_gasp).
func (r *Run) SuperGasp(F, D, R *cover.Cover) (*cover.Cover, cover.Cost, error) {
	return r.superGasp(F, r.dcSet(D), R)
}

// superGasp is SuperGasp with the loop's DC-set.
func (r *Run) superGasp(F *cover.Cover, dc dcSet, R *cover.Cover) (*cover.Cover, cover.Cost, error) {
	G1, err := r.reduceExpandGasp(F, dc.points, func(G *cover.Cover) (*cover.Cover, error) {
		return r.allPrimes(G, R)
	})
	if err != nil {
		return nil, cover.Cost{}, err
	}

	t := Clock()
	G := F.AppendCover(G1).Distinct()
	r.exec(t, "NEWPRIMES", G)

	t = Clock()
	F, err = r.irredundant(G, dc)
	if err != nil {
		return nil, cover.Cost{}, err
	}
	cost := r.totals(t, IrredTime, F)
	return F, cost, nil
}
