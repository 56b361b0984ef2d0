package minimize

// EXPAND (expand.c) grows each nonprime cube of the ON-set into a prime
// implicant, so as to cover as many other cubes of the ON-set as it can.
// If no cube can be covered, the cube is grown into a large prime by
// turning the problem into a minimum covering problem. Everything turns
// on a representation of the OFF-set; as in 2.3 it is not unwrapped.
//
// The names of expand.c:
//
//	SUPER_CUBE         the supercube of the cubes an expansion of the cube being expanded covers
//	OVEREXPANDED_CUBE  the cube being expanded with every part raised that can be raised on its own
//	RAISE              the current expansion of the cube being expanded
//	FREESET            the parts not yet raised or lowered
//	INIT_LOWER         the parts removed from FREESET before the expansion starts
//	BB                 the blocking matrix: the OFF-set, whose active cubes RAISE must not meet
//	CC                 the covering matrix: the cubes of the ON-set, whose active cubes RAISE may still cover
//
// The expander holds these sets. It asks BB and CC whole questions of the
// algorithm (the interfaces blocking and covering below), and leaves to an
// expandWork the two parts of the work that the fast path spreads over the
// workers: the first step of each expansion, and select_feasible's rounds
// of feasibility questions. expand_plain.go answers as 2.3 does, cube by
// cube over the Active flags, one question at a time; expand_index.go from
// the covers held part by part, 64 cubes at a time, packed, with a round's
// questions spread over the workers, and expand_ahead.go works the first
// steps out ahead. Run.plainExpand chooses once; TestExpandPlain holds the
// second to the first.

import (
	"errors"
	"fmt"
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/mincov"
)

// ErrNotOrthogonal is returned when a cube of the ON-set meets the OFF-set
// during expansion, which means the ON-set, DC-set and OFF-set given to the
// minimizer are inconsistent.
var ErrNotOrthogonal = errors.New("ON-set and OFF-set are not orthogonal")

// blocking is the blocking matrix BB: the cubes of the OFF-set, each active
// or not, asked about its active cubes as a whole.
type blocking interface {
	// activate makes BB the OFF-set, every cube of it active (the BB half
	// of setup_BB_CC).
	activate(BB *cover.Cover)
	// activeCount returns the number of active cubes (BB->active_count).
	activeCount() int
	// lowerNear adds to xlower the parts that the active cubes at
	// distance 1 from raise force low and deactivates those cubes; it
	// returns false if some active cube meets raise (essen_parts).
	lowerNear(raise, xlower cover.Set) bool
	// keepMeeting deactivates the cubes that do not meet over (the BB half
	// of elim_lowering).
	keepMeeting(over cover.Set)
	// held sets held to the parts of freeset some active cube holds (the
	// union of essen_raising).
	held(freeset, held cover.Set)
	// feasible reports whether no active cube meets r, and adds to
	// newLower the parts the cubes at distance 1 from r force low
	// (feasibly_covered's loop).
	feasible(r, newLower cover.Set) bool
	// active returns the active cubes in BB's order.
	active() []cover.Set
	// satisfy makes the count of active cubes 0, their flags left as
	// they are (mincov's BB->active_count = 0).
	satisfy()
}

// expandWork does the parts of an EXPAND (or EXPAND_GASP) that the fast
// path spreads over the workers. plainWork (expand_plain.go) does them in
// place, one question at a time, as 2.3 does; indexedWork
// (expand_ahead.go) works the first steps out ahead and asks a round's
// questions at once, over the workers.
type expandWork interface {
	// start begins the expansions of the cubes of F (with notPrime, of
	// those not prime), in F's order, against the OFF-set BB.
	start(F, BB *cover.Cover, notPrime bool)
	// firstStep takes the first step of the expansion of cube ci of CC,
	// RAISE holding it: setup_BB_CC's BB half, FREESET less INIT_LOWER
	// (with elim_lowering), and the first essen_parts.
	firstStep(BB *cover.Cover, ci int) error
	// leave records that cube i of CC has become prime or covered.
	leave(i int)
	// feasibleRound asks feasibly_covered of RAISE and each cube of feas
	// that ask holds: ask[i] receives its answer, and, if true,
	// newLower[i] the parts it forces low (the others are left as they
	// are). The answers are those of BB's feasible, asked one by one.
	feasibleRound(raise cover.Set, feas []cover.Set, ask []bool, newLower []cover.Set) error
	// end ends the expansions (it may be called again): BB's Active flags
	// are then 2.3's. Its error is that of a worker.
	end() error
}

// covering is the covering matrix CC: the cubes of the cover being
// expanded, those neither covered nor prime live, and of those the ones
// the current expansion may still cover active.
type covering interface {
	// at returns cube i.
	at(i int) cover.Set
	// setup activates the live cubes but skip (the CC half of
	// setup_BB_CC).
	setup(skip int)
	// leave records that cube i has become prime or covered.
	leave(i int)
	// activeCount returns the number of active cubes (CC->active_count).
	activeCount() int
	// isActive reports whether cube i is active.
	isActive(i int) bool
	// keepWithin deactivates the cubes not inside over (the CC half of
	// elim_lowering).
	keepWithin(over cover.Set)
	// countParts sets count[j], for each part j of freeset, to the number
	// of active cubes holding it (most_frequent's count).
	countParts(freeset cover.Set, count []int)
	// appendActive appends the index of each active cube to idx, in order.
	appendActive(idx []int32) []int32
	// holdFeasible holds feas, the feasibly covered cubes of a round of
	// select_feasible, for countDisjoint.
	holdFeasible(feas []cover.Set)
	// countDisjoint returns the number of cubes held by holdFeasible with
	// no part in lower.
	countDisjoint(lower cover.Set) int
}

// expander holds expand.c's sets for one EXPAND (or EXPAND_GASP, or
// all_primes), and BB and CC.
type expander struct {
	cube                                               *cover.Cube
	raise, freeset, initLower, superCube, overexpanded cover.Set
	xlower, tmp                                        cover.Set // essen_parts' parts forced low, and scratch (cube.temp[0])
	count                                              []int     // most_frequent's count of each part

	BB   blocking
	CC   covering // nil for all_primes
	work expandWork

	sel   selectBuffers  // select_feasible's, kept from one cube to the next
	table *mincov.Matrix // mincov's covering problems, the run's
	trace expandTrace
}

// selectBuffers are select_feasible's lists: the cubes possibly feasibly
// covered (feas) and their indices in CC, the sets of parts each forces
// low (feas_new_lower), and whether each is asked about.
type selectBuffers struct {
	feas, lowerSets []cover.Set
	feasIdx         []int32
	lower           *cover.Cover
	ask             []bool
}

// expandTrace is what the expander prints: 2.3's -v expand1 lines to out
// (expand1), its -d lines of the exact minimum cover (mincov), and its -v
// mincov1 listing of that cover's result (mincov1).
type expandTrace struct {
	expand1, mincov, mincov1 bool
	out                      io.Writer
}

// newExpander returns an expander for the cube structure of the run, with
// no covering matrix yet (see newCovering).
func (r *Run) newExpander() *expander {
	cube := r.cube
	e := &expander{
		cube:         cube,
		raise:        cube.NewSet(),
		freeset:      cube.NewSet(),
		initLower:    cube.NewSet(),
		superCube:    cube.NewSet(),
		overexpanded: cube.NewSet(),
		xlower:       cube.NewSet(),
		tmp:          cube.NewSet(),
		count:        make([]int, cube.Size),
		table:        r.expandTable,
		trace: expandTrace{
			expand1: r.opt.Debug&DebugExpand1 != 0,
			mincov:  r.opt.Debug&DebugMincov != 0,
			mincov1: r.opt.Debug&DebugMincov1 != 0,
			out:     r.out,
		},
	}
	if r.plainExpand {
		e.BB = newPlainBlocking(cube)
		e.work = &plainWork{e: e, tmp: cube.NewSet()}
	} else {
		bb := newIndexedBlocking(cube, r.opt.Workers, r.tuning)
		e.BB = bb
		e.work = &indexedWork{e: e, bb: bb}
	}
	return e
}

// newCovering returns F as the covering matrix of the expansions to come,
// every cube live but the prime ones.
func (r *Run) newCovering(F *cover.Cover) covering {
	if r.plainExpand {
		return newPlainCovering(F)
	}
	return newIndexedCovering(r.cube, &r.expandCC, F)
}

// Expand expands each nonprime cube of F into a prime implicant against the
// OFF-set R, deleting the cubes of F covered on the way, and returns the
// resulting cover (expand). When nonsparse is true only the variables not
// marked sparse are expanded. F is reordered and overwritten.
func (r *Run) Expand(F, R *cover.Cover, nonsparse bool) (*cover.Cover, error) {
	cube := r.cube
	// Order the cubes according to "chewing-away from the edges" of mini.
	if r.opt.UseRandomOrder {
		F = F.RandomOrder()
	} else {
		F = F.MiniSort(cover.Ascend)
	}

	e := r.newExpander()
	defer e.work.end()
	// Set up the initial lowering set (differs only for nonsparse).
	if nonsparse {
		for v := 0; v < cube.NumVars; v++ {
			if cube.Sparse[v] {
				e.initLower.Or(e.initLower, cube.VarMask[v])
			}
		}
	}

	// Mark all cubes as not covered, and maybe essential.
	for p := range F.All() {
		p.ResetFlag(cover.Covered)
		p.ResetFlag(cover.NonEssential)
	}
	e.CC = r.newCovering(F)
	e.work.start(F, R, true)

	// Try to expand each nonprime and noncovered cube.
	for i := range F.Count {
		r.progress(ExpandTime, i, F.Count)
		p := F.At(i)
		if p.Test(cover.Prime) || p.Test(cover.Covered) {
			continue
		}
		numCovered, err := e.expand1(R, i)
		if err != nil {
			return nil, err
		}
		if r.opt.Debug&DebugExpand != 0 {
			r.debugf(DebugExpand, "EXPAND: %s (covered %d)\n", formatCube(cube, p), numCovered)
		}
		p.Copy(e.raise)
		p.SetFlag(cover.Prime)
		p.ResetFlag(cover.Covered)
		// See if we generated an inessential prime.
		if numCovered == 0 && !p.Equal(e.overexpanded) {
			p.SetFlag(cover.NonEssential)
		}
	}

	// The expansions are done (the workers no longer read F).
	if err := e.work.end(); err != nil {
		return nil, err
	}

	// Delete the cubes of F which became covered during the expansion.
	F.ActiveCount = 0
	change := false
	for p := range F.All() {
		if p.Test(cover.Covered) {
			p.ResetFlag(cover.Active)
			change = true
		} else {
			p.SetFlag(cover.Active)
			F.ActiveCount++
		}
	}
	if change {
		F = F.RemoveInactive()
	}
	return F, nil
}

// expand1 expands cube ci of CC against the OFF-set BB, covering as many
// other cubes of CC as it can; the result is left in RAISE and the number
// of cubes of CC covered is returned (expand1).
func (e *expander) expand1(BB *cover.Cover, ci int) (int, error) {
	c := e.CC.at(ci)
	if e.trace.expand1 {
		e.debugf("\nEXPAND1:    \t%s\n", formatCube(e.cube, c))
	}

	// Initialize CC; don't try to cover ourself.
	c.SetFlag(cover.Prime)
	e.leave(ci)
	e.CC.setup(ci)

	// The count of cubes covered, and their supercube.
	numCovered := 0
	e.superCube.Copy(c)

	// Initialize BB, the raising and unassigned sets, remove the parts
	// forced into the lowering set, and determine what can be raised.
	e.raise.Copy(c)
	if err := e.work.firstStep(BB, ci); err != nil {
		return 0, err
	}
	e.overexpanded.Or(e.raise, e.freeset)

	// While there are still cubes which can be covered, cover them.
	if e.CC.activeCount() > 0 {
		n, err := e.selectFeasible()
		if err != nil {
			return 0, err
		}
		numCovered = n
	}

	// While there are still cubes covered by the overexpanded cube ...
	for e.CC.activeCount() > 0 {
		best := e.mostFrequent(e.CC)
		if best < 0 {
			return 0, ErrNotOrthogonal
		}
		e.raise.Insert(best)
		e.freeset.Remove(best)
		if err := e.essenParts(e.CC); err != nil {
			return 0, err
		}
	}

	// Finally, when all else fails, choose the largest possible prime.
	for e.BB.activeCount() > 0 {
		if err := e.mincov(); err != nil {
			return 0, err
		}
	}

	// Raise any remaining free coordinates.
	e.raise.Or(e.raise, e.freeset)
	return numCovered, nil
}

// firstStep is the first step of expand1 and expand1_gasp as 2.3 takes it,
// for the cube RAISE holds: every cube of BB active (setup_BB_CC's BB
// half), FREESET all RAISE lacks, less the parts forced into the lowering
// set (with elim_lowering), and the first essen_parts.
func (e *expander) firstStep(BB *cover.Cover) error {
	e.BB.activate(BB)
	e.freeset.Diff(e.cube.FullSet, e.raise)
	if !e.initLower.IsEmpty() {
		e.freeset.Diff(e.freeset, e.initLower)
		e.elimLowering(e.CC)
	}
	return e.essenParts(e.CC)
}

// essenParts lowers the parts that must be lowered for RAISE to stay
// orthogonal to the OFF-set: a cube of BB at distance 1 from RAISE forces
// the parts of the conflicting variable low, and is then out of the way;
// with parts lowered, elim_lowering drops the cubes of BB and CC that no
// expansion can meet or cover any more (essen_parts). CC may be nil.
func (e *expander) essenParts(CC covering) error {
	xlower := e.xlower.Clear()
	if !e.BB.lowerNear(e.raise, xlower) {
		return ErrNotOrthogonal
	}
	if !xlower.IsEmpty() {
		e.freeset.Diff(e.freeset, xlower)
		e.elimLowering(CC)
	}
	if e.trace.expand1 {
		e.debugf("ESSEN_PARTS:\tRAISE=%s FREESET=%s\n", formatCube(e.cube, e.raise), formatCube(e.cube, e.freeset))
	}
	return nil
}

// essenRaising raises the free parts that no active cube of BB holds: they
// never restrict a later expansion (essen_raising).
func (e *expander) essenRaising() {
	xraise := e.tmp
	e.BB.held(e.freeset, xraise)
	xraise.Diff(e.freeset, xraise)
	e.raise.Or(e.raise, xraise)
	e.freeset.Diff(e.freeset, xraise)
	if e.trace.expand1 {
		e.debugf("ESSEN_RAISING:\tRAISE=%s FREESET=%s\n", formatCube(e.cube, e.raise), formatCube(e.cube, e.freeset))
	}
}

// elimLowering deactivates the cubes of BB orthogonal to the overexpanded
// cube RAISE ∪ FREESET, and the cubes of CC (if not nil) it does not
// cover (elim_lowering).
func (e *expander) elimLowering(CC covering) {
	r := e.tmp.Or(e.raise, e.freeset)
	e.BB.keepMeeting(r)
	if CC != nil {
		CC.keepWithin(r)
	}
}

// mostFrequent returns the free part that occurs in the most active cubes
// of CC (the first such part), or -1 if FREESET is empty (most_frequent):
// the MINI strategy when no cube of CC can be covered. With CC nil it
// returns the first free part.
func (e *expander) mostFrequent(CC covering) int {
	count := e.count
	clear(count)
	if CC != nil {
		CC.countParts(e.freeset, count)
	}
	best, bestCount := -1, -1
	for i := 0; i < e.cube.Size; i++ {
		if e.freeset.Has(i) && count[i] > bestCount {
			best = i
			bestCount = count[i]
		}
	}
	if e.trace.expand1 {
		e.debugf("MOST_FREQUENT:\tbest=%d FREESET=%s\n", best, formatCube(e.cube, e.freeset))
	}
	return best
}

// selectFeasible raises, while some cube of CC can be covered by a
// feasible expansion, the parts needed to cover the cube that leaves the
// most other cubes feasibly covered (a one-level lookahead), and returns
// the number of cubes of CC covered (select_feasible).
func (e *expander) selectFeasible() (int, error) {
	cube := e.cube
	// The cubes inside the overexpanded cube are possibly feasibly covered.
	feas, feasIdx, feasNewLower := e.feasibleCandidates()
	numCovered := 0
	for {
		// The essentially raised parts might cover some cubes for us.
		e.essenRaising()

		// Check all possibly feasibly covered cubes: the active ones
		// RAISE covers are covered, the others asked.
		lastfeas := len(feas)
		ask := e.sel.ask[:0]
		for i, p := range feas {
			active := e.CC.isActive(int(feasIdx[i]))
			inside := active && p.Implies(e.raise)
			if inside {
				numCovered++
				e.superCube.Or(e.superCube, p)
				e.leave(int(feasIdx[i]))
				p.SetFlag(cover.Covered)
			}
			ask = append(ask, active && !inside)
		}
		e.sel.ask = ask
		if err := e.work.feasibleRound(e.raise, feas, ask, feasNewLower); err != nil {
			return 0, err
		}
		numfeas := 0
		for i, ok := range ask {
			if ok {
				feas[numfeas], feasIdx[numfeas] = feas[i], feasIdx[i]
				feasNewLower[numfeas], feasNewLower[i] = feasNewLower[i], feasNewLower[numfeas]
				numfeas++
			}
		}
		feas, feasIdx = feas[:numfeas], feasIdx[:numfeas]
		if e.trace.expand1 {
			e.debugf("SELECT_FEASIBLE: started with %d pfcc, ended with %d fcc\n", lastfeas, numfeas)
		}
		if numfeas == 0 {
			return numCovered, nil
		}

		// Add the parts the best feasibly covered cube needs.
		bestfeas := e.bestFeasible(feas, feasNewLower[:numfeas])
		if bestfeas == nil {
			return 0, fmt.Errorf("expand: no feasibly covered cube selected")
		}
		e.raise.Or(e.raise, bestfeas)
		e.freeset.Diff(e.freeset, e.raise)
		if e.trace.expand1 {
			e.debugf("FEASIBLE:  \tRAISE=%s FREESET=%s\n", formatCube(cube, e.raise), formatCube(cube, e.freeset))
		}
		if err := e.essenParts(e.CC); err != nil {
			return 0, err
		}
	}
}

// feasibleCandidates returns the active cubes of CC, their indices in CC,
// and for each a set to receive the parts its feasible expansion forces
// low; the slices and sets are the expander's, kept from one call to the
// next (each question clears its set).
func (e *expander) feasibleCandidates() (feas []cover.Set, feasIdx []int32, feasNewLower []cover.Set) {
	b := &e.sel
	feasIdx = e.CC.appendActive(b.feasIdx[:0])
	feas = b.feas[:0]
	for _, i := range feasIdx {
		feas = append(feas, e.CC.at(int(i)))
	}
	b.feas, b.feasIdx = feas[:0], feasIdx[:0]
	if b.lower == nil {
		b.lower = cover.NewCover(len(feas), e.cube.Size)
	}
	for b.lower.Count < len(feas) {
		b.lower.AppendEmpty()
	}
	feasNewLower = b.lowerSets[:0]
	for i := range feas {
		feasNewLower = append(feasNewLower, b.lower.At(i))
	}
	b.lowerSets = feasNewLower[:0]
	return feas, feasIdx, feasNewLower
}

// bestFeasible returns the best feasibly covered cube: the one whose
// expansion leaves the most of them feasibly covered (those with no part
// it forces low), among equals the first sharing the fewest parts with
// FREESET (set_dist); nil only when feas is empty.
func (e *expander) bestFeasible(feas, feasNewLower []cover.Set) cover.Set {
	e.CC.holdFeasible(feas)
	var bestfeas cover.Set
	bestcount, bestsize := 0, 9999
	for i, p := range feas {
		size := p.Dist(e.freeset)                    // the parts newly raised
		count := e.CC.countDisjoint(feasNewLower[i]) // the cubes left feasibly covered
		if count > bestcount {
			bestcount = count
			bestfeas = p
			bestsize = size
		} else if count == bestcount && size < bestsize {
			bestfeas = p
			bestsize = size
		}
	}
	return bestfeas
}

// leave records that cube i of CC has become prime or covered, for CC and
// for the work on the first steps, which passes over it.
func (e *expander) leave(i int) {
	e.CC.leave(i)
	e.work.leave(i)
}

// feasiblyCovered reports whether c can be covered by an expansion of
// RAISE that stays orthogonal to the active cubes of BB; if so newLower
// receives the parts such an expansion forces low (feasibly_covered).
func (e *expander) feasiblyCovered(c, newLower cover.Set) bool {
	r := e.tmp.Or(e.raise, c)
	newLower.Clear()
	return e.BB.feasible(r, newLower)
}

// mincov chooses the largest prime containing RAISE by solving a minimum
// cover problem over the unravelled blocking matrix, or, when that matrix
// would be too large, raises one more part heuristically (mincov).
func (e *expander) mincov() error {
	cube := e.cube
	// B holds the cubes we must avoid intersecting.
	B := cover.NewCover(e.BB.activeCount(), cube.Size)
	for _, p := range e.BB.active() {
		cube.ForceLower(B.AppendEmpty(), p, e.raise)
	}

	if unravelledOver(cube, B, mincovLimit) {
		best := e.mostFrequent(nil) // the first free part
		if e.trace.expand1 {
			// 2.3 passes most_frequent's call to set_insert, a macro
			// that evaluates it twice: its line is printed twice.
			e.mostFrequent(nil)
		}
		if best < 0 {
			return ErrNotOrthogonal
		}
		e.raise.Insert(best)
		e.freeset.Diff(e.freeset, e.raise)
		return e.essenParts(nil)
	}

	B, err := cube.Unravel(B, cube.NumBinaryVars, cube.NumVars-1)
	if err != nil {
		return fmt.Errorf("expand: %w", err)
	}
	xlower, err := mincov.CoverSetsWith(e.table, B)
	if err != nil {
		return fmt.Errorf("expand: %w", err)
	}
	// Add any remaining free parts to the raising set.
	xraise := e.tmp.Diff(e.freeset, xlower)
	e.raise.Or(e.raise, xraise)
	e.freeset.Clear()
	e.BB.satisfy()
	if e.trace.expand1 {
		e.debugf("MINCOV:    \tRAISE=%s FREESET=%s\n", formatCube(cube, e.raise), formatCube(cube, e.freeset))
	}
	return nil
}

// unravelledOver reports whether unravelling B over the multiple-valued
// variables would make more than limit sets, or more than limit from one
// cube.
func unravelledOver(cube *cover.Cube, B *cover.Cover, limit int) bool {
	nset := 0
	for p := range B.All() {
		expansion := 1
		for v := cube.NumBinaryVars; v < cube.NumVars; v++ {
			if d := p.Dist(cube.VarMask[v]); d > 1 {
				expansion *= d
				if expansion > limit {
					return true
				}
			}
		}
		nset += expansion
		if nset > limit {
			return true
		}
	}
	return false
}

// findAllPrimes returns all the primes containing RAISE that the active
// cubes of BB allow (find_all_primes).
func (e *expander) findAllPrimes() (*cover.Cover, error) {
	cube := e.cube
	if e.BB.activeCount() == 0 {
		B1 := cube.NewCover(1)
		p := B1.Append(e.raise)
		p.SetFlag(cover.Prime)
		return B1, nil
	}
	B := cube.NewCover(e.BB.activeCount())
	for _, p := range e.BB.active() {
		cube.ForceLower(B.AppendEmpty(), p, e.raise)
	}
	U, err := cube.Unravel(B, cube.NumBinaryVars, cube.NumVars-1)
	if err != nil {
		return nil, fmt.Errorf("all primes: %w", err)
	}
	B = U.Minimal()
	var trace func(level, n, a, b int)
	if e.trace.mincov {
		start := Clock()
		trace = func(level, n, a, b int) {
			fmt.Fprintf(e.trace.out, "# EXACT_MINCOV[%d]: %4d = %4d x %4d, time = %s\n", level, n, a, b, FormatTime(Clock()-start))
		}
	}
	B1 := cover.ExactMinimumCover(B, trace)
	if e.trace.mincov1 && B.Count > 0 {
		fmt.Fprintf(e.trace.out, "MINCOV: family of all minimal coverings is\n")
		if err := B1.Print(e.trace.out); err != nil {
			return nil, err
		}
	}
	for p := range B1.All() {
		p.Diff(e.freeset, p)
		p.Or(p, e.raise)
		p.SetFlag(cover.Prime)
	}
	return B1, nil
}

// allPrimes returns, for each cube of F, the cube itself if it is prime,
// and otherwise all the primes that contain it (all_primes).
func (r *Run) allPrimes(F, R *cover.Cover) (*cover.Cover, error) {
	e := r.newExpander()
	defer e.work.end()
	all := r.cube.NewCover(F.Count)
	for p := range F.All() {
		if p.Test(cover.Prime) {
			all.Append(p)
			continue
		}
		// Set up for the call to essen_parts.
		e.raise.Copy(p)
		e.freeset.Diff(r.cube.FullSet, e.raise)
		e.BB.activate(R)
		if err := e.essenParts(nil); err != nil {
			return nil, err
		}
		// Find all the primes, and add them to the prime set.
		B1, err := e.findAllPrimes()
		if err != nil {
			return nil, err
		}
		all.AppendCover(B1)
	}
	return all, e.work.end()
}

// debugf prints a line of 2.3's -v expand1 output.
func (e *expander) debugf(format string, args ...any) {
	if e.trace.expand1 {
		fmt.Fprintf(e.trace.out, format, args...)
	}
}
