package minimize

import (
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
	"github.com/espresso-go/espresso/mincov"
)

// ErrNotOrthogonal is returned when a cube of the ON-set meets the OFF-set
// during expansion, which means the ON-set, DC-set and OFF-set given to the
// minimizer are inconsistent.
var ErrNotOrthogonal = errors.New("ON-set and OFF-set are not orthogonal")

// expander holds the cube structure and the scratch sets of one expansion
// step; 2.3 keeps these in cube.temp[] and in locals of expand().
type expander struct {
	cube *cover.Cube
	// Sets named as in expand.c: the current expansion, the parts not yet
	// decided, the parts to lower from the start, the supercube of the
	// cubes covered, and the overexpanded cube.
	raise, freeset, initLower, superCube, overexpanded cover.Set
	xlower, tmp                                        cover.Set
	count                                              []int

	// debug1 is set for 2.3's -v expand1 lines, written to out,
	// debugMincov for its -d lines of the exact minimum cover, and
	// debugMincov1 for its -v mincov1 listing of that cover's result.
	debug1       bool
	debugMincov  bool
	debugMincov1 bool
	out          io.Writer

	// Buffers of selectFeasible, reused from one cube to the next.
	feas, lowerSets []cover.Set
	lower           *cover.Cover
	feasCols        coverindex.Transposed // the feasibly covered cubes

	// The blocking family bb held part by part (bbAll), and which of
	// its cubes are flagged Active, a bit per cube (bbAct): the loops
	// over the active cubes of bb go through these, 64 cubes at a time.
	// bbAll holds the cubes sorted (coverindex.TransposeSorted: its
	// cube k is bb's cube bbAll.Index(k)), so that the cubes of a
	// group are alike and a question finds most groups far from its
	// cube within the first variables it looks at; the questions asked
	// of bb do not depend on its order. bbCols is the index the loops
	// go through: bbAll, or, once the first step of an expansion worked
	// out ahead has left a few cubes active in each of many groups, those
	// cubes packed into groups of their own (bbPacked, the cubes of
	// bbAll that bbPackedFrom lists, every other cube of bb inactive; see
	// takeFirst); bbAct holds a bit for each of its cubes. bbList lists
	// the active cubes in bb's order for the loops that want the cubes
	// themselves; it is rebuilt when bbListOK is false. bb's cubes must
	// not change while the expander works on it.
	bb           *cover.Cover
	bbAll        *coverindex.Transposed
	bbFirst      *uint64 // &bb.At(0)[0] when bbAll was built
	bbCols       *coverindex.Transposed
	bbAct        []uint64
	bbAllAct     []uint64 // bbAct when bbCols is bbAll
	bbPacked     coverindex.Transposed
	bbPackedFrom []coverindex.GroupBits
	bbPackedAct  []uint64
	dist0, dist1 []uint64 // scratch for Transposed.Near
	bbList       []cover.Set
	bbIdx        []int32 // scratch of active
	bbListOK     bool

	// table is the matrix mincov builds its covering problems in: the
	// run's, kept from one expand to the next.
	table *mincov.Matrix

	// selectFeasible's feasibility questions, when spread over workers:
	// each worker's view of bbCols (made for viewsOf) and scratch cube,
	// and each candidate's answer.
	workers      int
	feasibleFrom int // feasibleWorkFrom (tests lower it)
	aheadFrom    int // aheadFrom (tests lower it)
	packAlways   bool
	views        []*coverindex.Transposed
	viewsOf      *coverindex.Transposed
	temps        []cover.Set
	feasible     []bool

	// The cubes of bb a round of feasibility questions is asked against:
	// bbCols and bbAct, or, where the active cubes are a few in each of
	// many groups, those cubes packed into groups of their own (packed,
	// all of them active in packedAct; see askAgainst).
	askCols   *coverindex.Transposed
	askAct    []uint64
	packed    coverindex.Transposed
	packedAct []uint64

	// The questions of selectFeasible's round by a hash of RAISE ∪ c
	// (see sameQuestions), and for each candidate the first one asking
	// the same, or -1.
	questions []int32
	askFirst  []int32

	// The counts of selectFeasible's round by set of parts forced low.
	disjointCount map[nodeKey]disjointCount

	// The covering family Expand works through (ccOf) held part by part
	// (ccCols, as its cubes were when Expand began), a bit per cube:
	// which cubes are neither covered nor prime (ccLive), and which are
	// active (ccAct). Its cubes' Active flags are not written while
	// Expand works: the loops over the active cubes of CC go through
	// ccAct, 64 cubes at a time, and a cube that becomes prime or
	// covered leaves ccLive (its cube in ccCols is then out of date).
	// feasIdx holds the index in CC of each of selectFeasible's cubes.
	ccOf          *cover.Cover
	ccCols        *coverindex.Transposed
	ccLive, ccAct []uint64
	ccLiveCount   int
	feasIdx       []int32

	// ahead, while Expand runs, works out the first steps of the cubes
	// to come (expandahead.go).
	ahead *lookahead
}

// activateBB flags every cube of BB Active (the BB half of setup_BB_CC).
// The flags themselves are written by flush.
func (e *expander) activateBB(BB *cover.Cover) {
	e.use(BB)
	BB.ActiveCount = BB.Count
	e.bbCols, e.bbAct = e.bbAll, e.bbAllAct
	e.bbCols.All(e.bbAct)
	e.bbListOK = false
}

// use makes the expander's record of the active cubes of BB current. It
// is kept from one call to the next while the expander works on BB, and
// read from the Active flags when it turns to BB from another cover (or
// none).
func (e *expander) use(BB *cover.Cover) {
	var first *uint64
	if BB.Count > 0 {
		first = &BB.At(0)[0]
	}
	if e.bb == BB && e.bbFirst == first && e.bbAll.Len() == BB.Count {
		return
	}
	e.flush()
	e.bb, e.bbFirst = BB, first
	e.bbAll = coverindex.TransposeSorted(e.cube, BB)
	n := e.bbAll.Groups()
	e.bbAllAct = make([]uint64, n)
	e.dist0 = make([]uint64, n)
	e.dist1 = make([]uint64, n)
	for k := range BB.Count {
		if BB.At(e.bbAll.Index(k)).Test(cover.Active) {
			e.bbAllAct[k/64] |= 1 << (k % 64)
		}
	}
	e.bbCols, e.bbAct = e.bbAll, e.bbAllAct
	e.bbListOK = false
}

// flush writes the Active flags of the cubes of the cover the expander
// works on, which it keeps as bits in the meantime, and lets the cover go.
func (e *expander) flush() {
	if e.bb == nil {
		return
	}
	for p := range e.bb.All() {
		p.ResetFlag(cover.Active)
	}
	for i := range e.activeIndices {
		e.bb.At(i).SetFlag(cover.Active)
	}
	e.bb, e.bbFirst, e.bbAll, e.bbCols = nil, nil, nil, nil
}

// activeIndices yields the index in bb of each active cube, in the order
// of bbAll.
func (e *expander) activeIndices(yield func(int) bool) {
	if e.bbCols == e.bbAll {
		for g, a := range e.bbAct {
			for ; a != 0; a &= a - 1 {
				if !yield(e.bbAll.Index(g*64 + bits.TrailingZeros64(a))) {
					return
				}
			}
		}
		return
	}
	k := 0 // the position in bbPacked
	for _, h := range e.bbPackedFrom {
		for m := h.Mask; m != 0; m &= m - 1 {
			if e.bbAct[k/64]>>(k%64)&1 != 0 && !yield(e.bbAll.Index(int(h.G)*64+bits.TrailingZeros64(m))) {
				return
			}
			k++
		}
	}
}

// active returns the cubes of BB flagged Active, in order.
func (e *expander) active(BB *cover.Cover) []cover.Set {
	e.use(BB)
	if !e.bbListOK {
		idx := e.bbIdx[:0]
		for i := range e.activeIndices {
			idx = append(idx, int32(i))
		}
		slices.Sort(idx)
		list := e.bbList[:0]
		for _, i := range idx {
			list = append(list, BB.At(int(i)))
		}
		e.bbList, e.bbIdx, e.bbListOK = list, idx, true
	}
	return e.bbList
}

// deactivate resets the Active flag of the cubes of group g of the
// cover worked on that mask holds (all of them active).
func (e *expander) deactivate(g int, mask uint64) {
	e.bbAct[g] &^= mask
	e.bb.ActiveCount -= bits.OnesCount64(mask)
	e.bbListOK = false
}

// anyNear reports whether near holds an active cube of bb.
func (e *expander) anyNear(near []uint64) bool {
	for g, a := range e.bbAct {
		if a&near[g] != 0 {
			return true
		}
	}
	return false
}

// newExpander returns an expander for the cube structure of the run.
func (r *Run) newExpander() *expander {
	cube := r.cube
	return &expander{
		debug1:       r.opt.Debug&DebugExpand1 != 0,
		debugMincov:  r.opt.Debug&DebugMincov != 0,
		debugMincov1: r.opt.Debug&DebugMincov1 != 0,
		out:          r.out,
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
		ccCols:       &r.expandCC,
		workers:      r.opt.Workers,
		feasibleFrom: r.feasibleFrom,
		aheadFrom:    r.aheadFrom,
		packAlways:   r.packAlways,
	}
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
	defer e.flush()
	if nonsparse {
		for v := 0; v < cube.NumVars; v++ {
			if cube.Sparse[v] {
				e.initLower.Or(e.initLower, cube.VarMask[v])
			}
		}
	}

	for p := range F.All() {
		p.ResetFlag(cover.Covered)
		p.ResetFlag(cover.NonEssen)
	}
	e.coverWith(F)
	ahead := e.startAhead(F, R, e.ccLive) // the cubes not prime
	if ahead != nil {
		e.ahead = ahead
		defer func() {
			ahead.close()
			e.ahead = nil
		}()
	}

	for i := range F.Count {
		r.progress(ExpandTime, i, F.Count)
		p := F.At(i)
		passed := p.Test(cover.Prime) || p.Test(cover.Covered)
		var first *firstStep
		if ahead != nil && ahead.at(i) {
			// A step the workers passed over (the cube had been covered)
			// is worked out here, should the cube be expanded after all.
			var err error
			if first, err = ahead.take(); err != nil {
				return nil, err
			}
			if passed || first.skipped {
				ahead.release()
				first = nil
			}
		}
		if passed {
			continue
		}
		numCovered, err := e.expand1(R, F, i, first)
		if first != nil {
			ahead.release()
		}
		if err != nil {
			return nil, err
		}
		if r.opt.Debug&DebugExpand != 0 {
			r.debugf(DebugExpand, "EXPAND: %s (covered %d)\n", formatCube(cube, p), numCovered)
		}
		p.Copy(e.raise)
		p.SetFlag(cover.Prime)
		p.ResetFlag(cover.Covered)
		if numCovered == 0 && !p.Equal(e.overexpanded) {
			p.SetFlag(cover.NonEssen)
		}
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

// coverWith makes F the covering family of the expansions to come: F's
// cubes held part by part, all of them live but the prime ones (Expand
// has cleared their Covered flags).
func (e *expander) coverWith(F *cover.Cover) {
	e.ccOf = F
	e.ccCols.LoadCover(e.cube, F)
	n := e.ccCols.Groups()
	e.ccLive = slices.Grow(e.ccLive[:0], n)[:n]
	e.ccAct = slices.Grow(e.ccAct[:0], n)[:n]
	clear(e.ccLive)
	e.ccLiveCount = 0
	for i := range F.Count {
		if !F.At(i).Test(cover.Prime) {
			e.ccLive[i/64] |= 1 << (i % 64)
			e.ccLiveCount++
		}
	}
}

// ccLeave marks cube i of CC prime or covered: it is neither live nor
// active any more.
func (e *expander) ccLeave(CC *cover.Cover, i int) {
	g, bit := i/64, uint64(1)<<(i%64)
	if e.ccLive[g]&bit != 0 {
		e.ccLive[g] &^= bit
		e.ccLiveCount--
	}
	if e.ccAct[g]&bit != 0 {
		e.ccAct[g] &^= bit
		CC.ActiveCount--
	}
	if e.ahead != nil {
		e.ahead.leave(i)
	}
}

// ccActive reports whether cube i of CC is active.
func (e *expander) ccActive(i int) bool {
	return e.ccAct[i/64]>>(i%64)&1 != 0
}

// expand1 expands cube ci of CC against the OFF-set BB, covering as many
// other cubes of CC as it can; the result is left in e.raise and the
// number of cubes of CC covered is returned (expand1). CC must be the
// covering family of coverWith. first, if not nil, is the first step
// (the first essen_parts) worked out ahead for the cube.
func (e *expander) expand1(BB, CC *cover.Cover, ci int, first *firstStep) (int, error) {
	c := CC.At(ci)
	if e.debug1 {
		e.debugf("\nEXPAND1:    \t%s\n", formatCube(e.cube, c))
	}
	c.SetFlag(cover.Prime) // don't try to cover ourself
	if first == nil {
		e.activateBB(BB)
	}
	e.setupCC(CC)
	e.ccLeave(CC, ci)

	numCovered := 0
	e.superCube.Copy(c)
	e.raise.Copy(c)
	if first != nil {
		if err := e.takeFirst(BB, CC, first); err != nil {
			return 0, err
		}
	} else {
		e.freeset.Diff(e.cube.FullSet, e.raise)
		if !e.initLower.IsEmpty() {
			e.freeset.Diff(e.freeset, e.initLower)
			e.elimLowering(BB, CC)
		}
		if err := e.essenParts(BB, CC); err != nil {
			return 0, err
		}
	}
	e.overexpanded.Or(e.raise, e.freeset)

	if CC.ActiveCount > 0 {
		n, err := e.selectFeasible(BB, CC)
		if err != nil {
			return 0, err
		}
		numCovered = n
	}

	for CC.ActiveCount > 0 {
		best := e.mostFrequent(CC)
		if best < 0 {
			return 0, ErrNotOrthogonal
		}
		e.raise.Insert(best)
		e.freeset.Remove(best)
		if err := e.essenParts(BB, CC); err != nil {
			return 0, err
		}
	}

	for BB.ActiveCount > 0 {
		if err := e.mincov(BB); err != nil {
			return 0, err
		}
	}

	e.raise.Or(e.raise, e.freeset)
	return numCovered, nil
}

// essenParts lowers the parts that must be lowered for RAISE to stay
// orthogonal to the OFF-set: a cube of BB at distance 1 from RAISE forces
// the parts of the conflicting variable low (essen_parts). CC may be nil.
func (e *expander) essenParts(BB, CC *cover.Cover) error {
	e.use(BB)
	xlower := e.xlower.Clear()
	e.bbCols.Near(e.raise, e.bbAct, e.dist0, e.dist1)
	if e.anyNear(e.dist0) {
		return ErrNotOrthogonal
	}
	e.bbCols.Lower(e.raise, e.bbAct, e.dist1, xlower)
	for g, a := range e.bbAct {
		if m := a & e.dist1[g]; m != 0 {
			e.deactivate(g, m)
		}
	}
	if !xlower.IsEmpty() {
		e.freeset.Diff(e.freeset, xlower)
		e.elimLowering(BB, CC)
	}
	if e.debug1 {
		e.debugf("ESSEN_PARTS:\tRAISE=%s FREESET=%s\n", formatCube(e.cube, e.raise), formatCube(e.cube, e.freeset))
	}
	return nil
}

// essenRaising raises the free parts not blocked by any active cube of BB
// (essen_raising).
func (e *expander) essenRaising(BB *cover.Cover) {
	e.use(BB)
	// The free parts some active cube of BB holds.
	xraise := e.tmp
	e.bbCols.Held(e.freeset, e.bbAct, xraise)
	xraise.Diff(e.freeset, xraise)
	e.raise.Or(e.raise, xraise)
	e.freeset.Diff(e.freeset, xraise)
	if e.debug1 {
		e.debugf("ESSEN_RAISING:\tRAISE=%s FREESET=%s\n", formatCube(e.cube, e.raise), formatCube(e.cube, e.freeset))
	}
}

// elimLowering deactivates the cubes of BB orthogonal to the overexpanded
// cube RAISE ∪ FREESET and the cubes of CC (if not nil) it does not cover
// (elim_lowering).
func (e *expander) elimLowering(BB, CC *cover.Cover) {
	e.use(BB)
	r := e.tmp.Or(e.raise, e.freeset)
	e.bbCols.Near(r, e.bbAct, e.dist0, nil)
	for g, a := range e.bbAct {
		if m := a &^ e.dist0[g]; m != 0 {
			e.deactivate(g, m)
		}
	}
	e.keepWithin(CC, r)
}

// keepWithin deactivates the cubes of CC (if not nil) that r does not
// cover: the CC half of elimLowering.
func (e *expander) keepWithin(CC *cover.Cover, r cover.Set) {
	switch {
	case CC == nil:
	case CC == e.ccOf:
		CC.ActiveCount -= e.ccCols.KeepWithin(r, e.ccAct)
	default:
		for p := range CC.All() {
			if p.Test(cover.Active) && !p.Implies(r) {
				CC.ActiveCount--
				p.ResetFlag(cover.Active)
			}
		}
	}
}

// mostFrequent returns the free part that occurs in the most active cubes
// of CC (the first such part), or -1 if FREESET is empty (most_frequent).
// CC is the covering family of coverWith, or nil, in which case it
// returns the first free part. Only the free parts are counted.
func (e *expander) mostFrequent(CC *cover.Cover) int {
	count := e.count
	clear(count)
	if CC != nil {
		e.ccCols.CountParts(e.freeset, e.ccAct, count)
	}
	best, bestCount := -1, -1
	for i := 0; i < e.cube.Size; i++ {
		if e.freeset.Has(i) && count[i] > bestCount {
			best = i
			bestCount = count[i]
		}
	}
	if e.debug1 {
		e.debugf("MOST_FREQUENT:\tbest=%d FREESET=%s\n", best, formatCube(e.cube, e.freeset))
	}
	return best
}

// setupCC activates the cubes of the covering family CC that are neither
// covered nor prime: those of ccLive (the CC half of setup_BB_CC; the BB
// half is [expander.activateBB]).
func (e *expander) setupCC(CC *cover.Cover) {
	copy(e.ccAct, e.ccLive)
	CC.ActiveCount = e.ccLiveCount
}

// selectFeasible raises, while some cube of CC can be covered by a
// feasible expansion, the parts needed to cover the cube that leaves the
// most other cubes feasibly covered, and returns the number of cubes of CC
// covered (select_feasible).
func (e *expander) selectFeasible(BB, CC *cover.Cover) (int, error) {
	cube := e.cube
	feas, feasIdx, feasNewLower := e.feasibleCandidates(CC)
	numCovered := 0
	for {
		// The essentially raised parts might cover some cubes for us.
		e.essenRaising(BB)

		lastfeas := len(feas)
		asked, covered, err := e.askFeasibility(BB, CC, feas, feasIdx, feasNewLower)
		if err != nil {
			return 0, err
		}
		numCovered += covered
		numfeas := 0
		for i, ok := range asked {
			if ok {
				feas[numfeas], feasIdx[numfeas] = feas[i], feasIdx[i]
				feasNewLower[numfeas], feasNewLower[i] = feasNewLower[i], feasNewLower[numfeas]
				numfeas++
			}
		}
		feas, feasIdx = feas[:numfeas], feasIdx[:numfeas]
		if e.debug1 {
			e.debugf("SELECT_FEASIBLE: started with %d pfcc, ended with %d fcc\n", lastfeas, numfeas)
		}
		if numfeas == 0 {
			return numCovered, nil
		}

		bestfeas := e.bestFeasible(feas, feasNewLower[:numfeas])
		if bestfeas == nil {
			return 0, fmt.Errorf("expand: no feasibly covered cube selected")
		}
		e.raise.Or(e.raise, bestfeas)
		e.freeset.Diff(e.freeset, e.raise)
		if e.debug1 {
			e.debugf("FEASIBLE:  \tRAISE=%s FREESET=%s\n", formatCube(cube, e.raise), formatCube(cube, e.freeset))
		}
		if err := e.essenParts(BB, CC); err != nil {
			return 0, err
		}
	}
}

// feasibleCandidates returns the active cubes of CC, their indices in CC,
// and for each a set to receive the parts its feasible expansion forces
// low; the slices and sets are the expander's, kept from one call to the
// next (feasiblyCovered clears the sets).
func (e *expander) feasibleCandidates(CC *cover.Cover) (feas []cover.Set, feasIdx []int32, feasNewLower []cover.Set) {
	feas, feasIdx = e.feas[:0], e.feasIdx[:0]
	for g, a := range e.ccAct {
		for ; a != 0; a &= a - 1 {
			i := g*64 + bits.TrailingZeros64(a)
			feas = append(feas, CC.At(i))
			feasIdx = append(feasIdx, int32(i))
		}
	}
	e.feas, e.feasIdx = feas[:0], feasIdx[:0]
	if e.lower == nil {
		e.lower = cover.NewCover(len(feas), e.cube.Size)
	}
	for e.lower.Count < len(feas) {
		e.lower.AppendEmpty()
	}
	feasNewLower = e.lowerSets[:0]
	for i := range feas {
		feasNewLower = append(feasNewLower, e.lower.At(i))
	}
	e.lowerSets = feasNewLower[:0]
	return feas, feasIdx, feasNewLower
}

// askFeasibility is a round of select_feasible's questions: the candidates
// RAISE now covers leave CC (covered counts them), and each other one is
// asked whether it is feasibly covered (from the workers, on a long round),
// its answer in asked and the parts it forces low in its set of
// feasNewLower. The answers depend on RAISE and BB alone.
func (e *expander) askFeasibility(BB, CC *cover.Cover, feas []cover.Set, feasIdx []int32, feasNewLower []cover.Set) (asked []bool, covered int, err error) {
	asked = e.feasible[:0]
	for i, p := range feas {
		active := e.ccActive(int(feasIdx[i]))
		ask := active && !p.Implies(e.raise)
		if active && !ask {
			covered++
			e.superCube.Or(e.superCube, p)
			e.ccLeave(CC, int(feasIdx[i]))
			p.SetFlag(cover.Covered)
		}
		asked = append(asked, ask)
	}
	e.feasible = asked
	e.sameQuestions(feas, asked)
	e.askAgainst(BB, asked)
	if e.spreadFeasible(BB, len(feas)) {
		err := forEachParallel(len(feas), e.workers, parallelChunk, func(w, i int) {
			if asked[i] {
				asked[i] = e.feasiblyCoveredBy(w, feas[i], feasNewLower[i])
			}
		})
		if err != nil {
			return nil, 0, err
		}
	} else {
		for i, ask := range asked {
			if ask {
				asked[i] = e.askFeasible(feas[i], feasNewLower[i])
			}
		}
	}
	for i, first := range e.askFirst {
		if first >= 0 {
			if asked[i] = asked[first]; asked[i] {
				feasNewLower[i].Copy(feasNewLower[first])
			}
		}
	}
	return asked, covered, nil
}

// bestFeasible returns the best feasibly covered cube: the one whose
// expansion leaves the most of them feasibly covered (those with no part
// it forces low, counted 64 at a time), among equals the first sharing
// the fewest parts with FREESET (set_dist); nil only when feas is empty.
func (e *expander) bestFeasible(feas, feasNewLower []cover.Set) cover.Set {
	e.feasCols.Load(e.cube, feas)
	clear(e.disjointCount)
	var bestfeas cover.Set
	bestcount, bestsize := 0, 9999
	for i, p := range feas {
		size := p.Dist(e.freeset)
		count := e.countDisjoint(feasNewLower[i])
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

// sameQuestions finds the candidates of a round whose question is one
// an earlier candidate asks: the answer of feasiblyCovered depends on
// RAISE ∪ c alone, and candidates that differ only where RAISE holds
// every part ask the same. For each candidate askFirst holds the index
// of the first candidate asking the same, or -1 for the first; asked
// is cleared for the others, which take the first one's answer.
//
// The questions are found in a table of open addressing, questions,
// twice as long as the candidates at least: the first candidate of each
// question, or -1.
func (e *expander) sameQuestions(feas []cover.Set, asked []bool) {
	size := 2
	for size < 2*len(asked) {
		size <<= 1
	}
	table := slices.Grow(e.questions[:0], size)[:size]
	for k := range table {
		table[k] = -1
	}
	e.questions = table
	first := e.askFirst[:0]
	for i, ask := range asked {
		f := int32(-1)
		if ask {
			var hh hash128
			for w, x := range e.raise[1:] {
				hh.add(x | feas[i][1+w])
			}
			k := int(hh.sum()[0] & uint64(size-1))
			for ; table[k] >= 0; k = (k + 1) & (size - 1) {
				if j := table[k]; e.sameUnion(feas[i], feas[j]) {
					f, asked[i] = j, false
					break
				}
			}
			if f < 0 {
				table[k] = int32(i)
			}
		}
		first = append(first, f)
	}
	e.askFirst = first
}

// sameUnion reports whether RAISE ∪ a and RAISE ∪ b are the same set.
func (e *expander) sameUnion(a, b cover.Set) bool {
	for w, x := range e.raise[1:] {
		if x|a[1+w] != x|b[1+w] {
			return false
		}
	}
	return true
}

// askAgainst readies the cubes of BB that the round's feasibility
// questions (the candidates asked holds) are asked against: the active
// cubes, packed 64 to a group when they fill at most half the groups
// holding them and there are enough questions to repay the packing. The
// answers do not depend on which cube is which, only on whether some
// active cube is at distance 0 from the expansion and on the parts
// those at distance 1 force low.
func (e *expander) askAgainst(BB *cover.Cover, asked []bool) {
	e.use(BB)
	e.askCols, e.askAct = e.bbCols, e.bbAct
	questions := 0
	for _, ask := range asked {
		if ask {
			questions++
		}
	}
	nonzero := 0
	for _, a := range e.bbAct {
		if a != 0 {
			nonzero++
		}
	}
	if questions < packFrom || !packPays(BB.ActiveCount, nonzero) {
		return
	}
	e.bbCols.Pack(e.bbAct, &e.packed)
	e.packedAct = e.packed.All(append(e.packedAct[:0], make([]uint64, e.packed.Groups())...))
	e.askCols, e.askAct = &e.packed, e.packedAct
}

// packPays reports whether cubes active in nonzero groups of an index
// are worth packing: packed, they fill at most half as many groups.
func packPays(cubes, nonzero int) bool {
	return 2*((cubes+63)/64) <= nonzero
}

// countDisjoint returns the number of feasibly covered cubes (feasCols)
// with no part in lower. Many candidates of a round force the same parts
// low (on a truth table's minterms, often all of them), so the counts
// are kept by set for the round, in disjointCount by a hash of the set,
// holding the first set seen with that hash.
func (e *expander) countDisjoint(lower cover.Set) int {
	if e.disjointCount == nil {
		e.disjointCount = make(map[nodeKey]disjointCount)
	}
	var hh hash128
	for _, w := range lower[1:] {
		hh.add(w)
	}
	h := hh.sum()
	if c, ok := e.disjointCount[h]; ok && c.lower.Equal(lower) {
		return c.count
	} else if ok {
		return e.feasCols.CountDisjoint(lower) // another set with its hash
	}
	n := e.feasCols.CountDisjoint(lower)
	e.disjointCount[h] = disjointCount{lower, n}
	return n
}

// A disjointCount is a set of parts and the number of feasibly covered
// cubes with none of them.
type disjointCount struct {
	lower cover.Set
	count int
}

// feasiblyCovered reports whether c can be covered by an expansion of
// RAISE that stays orthogonal to the active cubes of BB; if so newLower
// receives the parts such an expansion forces low (feasibly_covered).
func (e *expander) feasiblyCovered(BB *cover.Cover, c, newLower cover.Set) bool {
	e.use(BB)
	r := e.tmp.Or(e.raise, c)
	newLower.Clear()
	return e.bbCols.Feasible(r, e.bbAct, newLower)
}

// askFeasible is feasiblyCovered asked of the cubes askAgainst readied.
func (e *expander) askFeasible(c, newLower cover.Set) bool {
	r := e.tmp.Or(e.raise, c)
	newLower.Clear()
	return e.askCols.Feasible(r, e.askAct, newLower)
}

// spreadFeasible reports whether selectFeasible asks its n candidates
// from the workers (the work, candidates times cubes of BB, reaching
// feasibleWorkFrom), and if so readies each worker's view of BB's index
// and scratch cube.
func (e *expander) spreadFeasible(BB *cover.Cover, n int) bool {
	if e.workers <= 1 || n <= parallelChunk || n*BB.Count < e.feasibleFrom {
		return false
	}
	// The packed cubes change from round to round; BB's index does not.
	if e.viewsOf != e.askCols || e.askCols == &e.packed || e.askCols == &e.bbPacked || len(e.views) != e.workers {
		e.views = e.views[:0]
		for range e.workers {
			e.views = append(e.views, e.askCols.Shared())
		}
		e.viewsOf = e.askCols
	}
	for len(e.temps) < e.workers {
		e.temps = append(e.temps, e.cube.NewSet())
	}
	return true
}

// feasiblyCoveredBy is feasiblyCovered asked from worker w, with its view
// of BB's index and its scratch cube; spreadFeasible must have readied
// them for the current BB.
func (e *expander) feasiblyCoveredBy(w int, c, newLower cover.Set) bool {
	r := e.temps[w].Or(e.raise, c)
	newLower.Clear()
	return e.views[w].Feasible(r, e.askAct, newLower)
}

// mincov chooses the largest prime containing RAISE by solving a minimum
// cover problem over the unravelled blocking matrix, or, when that matrix
// would be too large, raises one more part heuristically (mincov in
// expand.c).
func (e *expander) mincov(BB *cover.Cover) error {
	cube := e.cube
	B := cover.NewCover(BB.ActiveCount, cube.Size)
	for _, p := range e.active(BB) {
		cube.ForceLower(B.AppendEmpty(), p, e.raise)
	}

	nset := 0
	heuristic := false
	for i := 0; i < B.Count && !heuristic; i++ {
		p := B.At(i)
		expansion := 1
		for v := cube.NumBinaryVars; v < cube.NumVars; v++ {
			if d := p.Dist(cube.VarMask[v]); d > 1 {
				expansion *= d
				if expansion > mincovLimit {
					heuristic = true
					break
				}
			}
		}
		nset += expansion
		if nset > mincovLimit {
			heuristic = true
		}
	}

	if heuristic {
		best := e.mostFrequent(nil)
		if e.debug1 {
			// 2.3 passes most_frequent's call to set_insert, a macro
			// that evaluates it twice: its line is printed twice.
			e.mostFrequent(nil)
		}
		if best < 0 {
			return ErrNotOrthogonal
		}
		e.raise.Insert(best)
		e.freeset.Diff(e.freeset, e.raise)
		return e.essenParts(BB, nil)
	}

	B, err := cube.Unravel(B, cube.NumBinaryVars, cube.NumVars-1)
	if err != nil {
		return fmt.Errorf("expand: %w", err)
	}
	xlower, err := mincov.CoverSetsWith(e.table, B)
	if err != nil {
		return fmt.Errorf("expand: %w", err)
	}
	xraise := e.tmp.Diff(e.freeset, xlower)
	e.raise.Or(e.raise, xraise)
	e.freeset.Clear()
	// As in 2.3, the cubes of BB keep their Active flags.
	BB.ActiveCount = 0
	if e.debug1 {
		e.debugf("MINCOV:    \tRAISE=%s FREESET=%s\n", formatCube(cube, e.raise), formatCube(cube, e.freeset))
	}
	return nil
}

// findAllPrimes returns all the primes containing RAISE that the active
// cubes of BB allow (find_all_primes).
func (e *expander) findAllPrimes(BB *cover.Cover) (*cover.Cover, error) {
	cube := e.cube
	if BB.ActiveCount == 0 {
		B1 := cube.NewCover(1)
		p := B1.Append(e.raise)
		p.SetFlag(cover.Prime)
		return B1, nil
	}
	B := cube.NewCover(BB.ActiveCount)
	for _, p := range e.active(BB) {
		cube.ForceLower(B.AppendEmpty(), p, e.raise)
	}
	U, err := cube.Unravel(B, cube.NumBinaryVars, cube.NumVars-1)
	if err != nil {
		return nil, fmt.Errorf("all primes: %w", err)
	}
	B = U.RevContain()
	var trace func(level, n, a, b int)
	if e.debugMincov {
		start := Clock()
		trace = func(level, n, a, b int) {
			fmt.Fprintf(e.out, "# EXACT_MINCOV[%d]: %4d = %4d x %4d, time = %s\n", level, n, a, b, FormatTime(Clock()-start))
		}
	}
	B1 := cover.ExactMinimumCover(B, trace)
	if e.debugMincov1 && B.Count > 0 {
		fmt.Fprintf(e.out, "MINCOV: family of all minimal coverings is\n")
		if err := B1.Print(e.out); err != nil {
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
	defer e.flush()
	all := r.cube.NewCover(F.Count)
	for p := range F.All() {
		if p.Test(cover.Prime) {
			all.Append(p)
			continue
		}
		e.raise.Copy(p)
		e.freeset.Diff(r.cube.FullSet, e.raise)
		e.activateBB(R)
		if err := e.essenParts(R, nil); err != nil {
			return nil, err
		}
		B1, err := e.findAllPrimes(R)
		if err != nil {
			return nil, err
		}
		all.AppendCover(B1)
	}
	return all, nil
}

// debugf prints a line of 2.3's -v expand1 output.
func (e *expander) debugf(format string, args ...any) {
	if e.debug1 {
		fmt.Fprintf(e.out, format, args...)
	}
}
