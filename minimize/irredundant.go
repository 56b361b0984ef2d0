package minimize

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/mincov"
)

// IRREDUNDANT (irred.c), its steps in 2.3's order: irredundant,
// mark_irredundant, irred_split_cover, irred_derive_table,
// fcube_is_covered, ftautology and ftaut_special_cases. Each step chooses
// once, at its top, how it asks its questions, and the ways that give
// 2.3's answer faster live in files of their own:
//
//   - irred_split_cover's questions (splitQuestionsFor): 2.3's cube lists
//     and tautology check, through indexes of the covers where they are
//     long (irred_indexed.go), or a dense table of the points
//     (irred_dense.go, dense.go);
//   - irred_derive_table's (newDerivation): the cubes meeting each cube of
//     Rp from an index of the list (irred_indexed.go) or the list held part
//     by part (irred_list.go); whether the cubes not redundant cover a cube,
//     or the whole function, from their union as decision diagrams
//     (irred_union.go);
//   - ftautology's lists, flat with their counts carried from a node to
//     its cofactors (irred_list.go), and the rows and subproblems it repeats
//     left out where a row dominance is certain (newDerivation's repeats:
//     skipRepeats, irred_shortcut.go).
//
// TestIrredSplitIndexed, TestIrredSplitWorkers and TestDenseIrredSplit
// hold the split to 2.3's; TestIrredTableSameAsLiteral holds the table to
// 2.3's own recursion (irred_literal_test.go) with every way of building it.

// Irredundant returns a minimal subset of F that, together with the
// DC-set D, still covers F (irredundant). The cubes kept are those flagged
// Active by [Run.MarkIrredundant]; F is overwritten.
func (r *Run) Irredundant(F, D *cover.Cover) (*cover.Cover, error) {
	return r.irredundant(F, r.dcSet(D))
}

// irredundant is Irredundant with the loop's DC-set.
func (r *Run) irredundant(F *cover.Cover, dc dcSet) (*cover.Cover, error) {
	if err := r.markIrredundant(F, dc); err != nil {
		return nil, err
	}
	return F.RemoveInactive(), nil
}

// MarkIrredundant finds a minimal subset of F covering F with D and flags
// its cubes Active, the others inactive; the relatively essential cubes are
// also flagged RelativelyEssential (mark_irredundant).
func (r *Run) MarkIrredundant(F, D *cover.Cover) error {
	return r.markIrredundant(F, r.dcSet(D))
}

// markIrredundant is MarkIrredundant with the loop's DC-set: F is split
// against its points, and the covering table is built from its cubes.
func (r *Run) markIrredundant(F *cover.Cover, dc dcSet) error {
	cube := r.cube
	r.progress(IrredTime, -1, F.Count)
	E, Rt, Rp, counts, err := r.irredSplitCounting(F, dc.points, nil)
	if err != nil {
		return err
	}
	table := irredDeriveTable(cube, r.irredScratch(), dc.cubes, E, Rp, nil, r.irred1Trace(), r.tautTrace)
	sol, err := mincov.MinimumCover(table, mincov.Options{Heuristic: true})
	if err != nil {
		return fmt.Errorf("irredundant: %w", err)
	}

	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		p.ResetFlag(cover.Active)
		p.ResetFlag(cover.RelativelyEssential)
	}
	for i := 0; i < E.Count; i++ {
		p1 := F.At(E.At(i).Size())
		p1.SetFlag(cover.Active)
		p1.SetFlag(cover.RelativelyEssential)
	}
	for pe := sol.First(); pe != nil; pe = pe.NextInRow() {
		F.At(pe.Col).SetFlag(cover.Active)
	}
	if counts != nil {
		// The table counts E's points: with the cubes of Rp kept, it
		// counts the cover IRREDUNDANT leaves, which REDUCE takes next.
		for pe := sol.First(); pe != nil; pe = pe.NextInRow() {
			counts.addCube(F.At(pe.Col))
		}
		r.keepCounts(counts, F)
	}
	if r.opt.Debug&DebugIrred != 0 {
		fmt.Fprintf(r.out, "# IRRED: F=%d E=%d R=%d Rt=%d Rp=%d Rc=%d Final=%d Bound=%d\n",
			F.Count, E.Count, Rt.Count+Rp.Count, Rt.Count, Rp.Count,
			sol.Len(), E.Count+sol.Len(), 0)
	}
	return nil
}

// irredSplit splits F into the relatively essential cubes E, the totally
// redundant cubes Rt and the partially redundant cubes Rp; each cube's
// SIZE field is set to its index in F, and the copies carry it
// (irred_split_cover). When maybeEssential is not nil, only the cubes
// F.At(i) with maybeEssential[i] are tested for relative essentiality:
// the others are known to be covered by the rest of F and D.
func (r *Run) irredSplit(F, D *cover.Cover, maybeEssential []bool) (E, Rt, Rp *cover.Cover, err error) {
	E, Rt, Rp, _, err = r.irredSplitCounting(F, D, maybeEssential)
	return E, Rt, Rp, err
}

// irredSplitCounting is irredSplit, returning as well the dense table the
// split counted in, if it had one: it counts E's points then, and D's
// are marked.
func (r *Run) irredSplitCounting(F, D *cover.Cover, maybeEssential []bool) (E, Rt, Rp *cover.Cover, counts *denseTable, err error) {
	q, counts := r.splitQuestionsFor(F, D)
	if r.tautTrace != nil {
		// Each cube is asked about, with 2.3's list, for its TAUT lines.
		maybeEssential = nil
	}
	E, Rt, Rp, err = irredSplitBy(r.cube, F, maybeEssential, q, r.irred1Trace())
	return E, Rt, Rp, counts, err
}

// irredSplitBy splits F as irredSplit does, asking q its questions: first
// whether each cube is covered by the others and D (E gets those that are
// not), then whether each redundant cube is covered by E and D (Rt gets
// those that are, Rp the others). With a trace, it prints 2.3's line after
// each cube it has placed, in order.
func irredSplitBy(cube *cover.Cube, F *cover.Cover, maybeEssential []bool, q splitQuestions, trace *irredTrace) (E, Rt, Rp *cover.Cover, err error) {
	workers := q.goroutines()
	for i := 0; i < F.Count; i++ {
		F.At(i).PutSize(i)
	}
	// Split F into E and the redundant cubes, which are kept as their
	// indices in F.
	covered := make([]bool, F.Count)
	err = forEachParallel(F.Count, workers, parallelChunk, func(w, i int) {
		covered[i] = (maybeEssential != nil && !maybeEssential[i]) || q.coveredByRest(w, i)
	})
	if err != nil {
		return nil, nil, nil, err
	}
	var redundant []int
	for i, cov := range covered {
		if cov {
			redundant = append(redundant, i)
		}
		if trace != nil {
			zr := len(redundant)
			trace.line("zr=%d ze=%d to-go=%d", zr, i+1-zr, F.Count-(i+1))
		}
	}
	E = cube.NewCover(F.Count - len(redundant))
	for i, cov := range covered {
		if !cov {
			E.Append(F.At(i))
		}
	}

	// Split the redundant cubes into Rt and Rp.
	covered = covered[:len(redundant)]
	if len(redundant) > 0 {
		q.startE(E, redundant)
		err = forEachParallel(len(redundant), workers, parallelChunk, func(w, i int) {
			covered[i] = q.coveredByE(w, F.At(redundant[i]))
		})
		if err != nil {
			return nil, nil, nil, err
		}
	}
	nt := 0
	for i, cov := range covered {
		if cov {
			nt++
		}
		if trace != nil {
			trace.line("zr=%d zrt=%d to-go=%d", i+1-nt, nt, len(redundant)-(i+1))
		}
	}
	Rt, Rp = cube.NewCover(nt), cube.NewCover(len(redundant)-nt)
	for i, cov := range covered {
		if cov {
			Rt.Append(F.At(redundant[i]))
		} else {
			Rp.Append(F.At(redundant[i]))
		}
	}
	return E, Rt, Rp, nil
}

// splitQuestions asks irred_split_cover's two questions, each of one cube,
// in goroutine w of those it spreads them over.
type splitQuestions interface {
	// goroutines is how many goroutines the questions are spread over.
	goroutines() int
	// coveredByRest reports whether cube i of F is covered by the other
	// cubes of F and D.
	coveredByRest(w, i int) bool
	// startE readies coveredByE for E, given the indices in F of the
	// redundant cubes (when there are some).
	startE(E *cover.Cover, redundant []int)
	// coveredByE reports whether p is covered by E and D.
	coveredByE(w int, p cover.Set) bool
}

// splitQuestionsFor chooses, once for the split, how its questions are
// asked: of a dense table of the points, where one fits and pays
// (irred_dense.go, which returns the table too); otherwise with the
// tautology check, through indexes of the covers where they are long
// (irred_indexed.go); and, traced (TAUT), 2.3's plain way, a cube list of
// the whole covers, whose recursions the trace prints.
func (r *Run) splitQuestionsFor(F, D *cover.Cover) (splitQuestions, *denseTable) {
	work := F.Count * (F.Count + D.Count)
	if r.tautTrace != nil {
		return newIndexedSplit(r.cube, r.checkers(work), F, D, math.MaxInt, math.MaxInt, r.sortedFrom), nil
	}
	if t := r.denseTable(F, D); t != nil {
		return &denseSplit{t: t, F: F, workers: r.workersFor(work)}, t
	}
	return newIndexedSplit(r.cube, r.checkers(work), F, D, dIndexFrom, fIndexFrom, r.sortedFrom), nil
}

// irredDeriveTable builds the covering table whose rows are the ways of
// covering the minterms of the partially redundant cubes Rp with D, E and
// the other cubes of Rp; column j stands for cube j of F
// (irred_derive_table). whole, if not nil, holds cubes that together
// with D cover every cube of Rp (the ON-set of minimize_exact's primes).
// With a trace it prints the size of the table after each cube of Rp and
// each reduction, as 2.3 does; those sizes are 2.3's only without the
// shortcuts of irred_shortcut.go, so they are not taken then. With a
// tautology trace (2.3's TAUT debugging) it prints the recursion of
// ftautology for each cube of Rp, as 2.3 does, taking no shortcut that
// leaves a recursion out or changes its list.
func irredDeriveTable(cube *cover.Cube, sc irredScratch, D, E, Rp, whole *cover.Cover, trace *irredTrace, taut *tautTrace) *mincov.Matrix {
	from := defaultDeriveFrom()
	if trace != nil || taut != nil {
		from.shortcut = math.MaxInt
	}
	if taut != nil {
		from.index, from.union, whole = math.MaxInt, math.MaxInt, nil
	}
	ft := &ftaut{cube: cube, table: mincov.NewMatrix(), taut: sc.taut, listBuf: sc.list,
		dominanceEvery: 1000, from: from, whole: whole, trace: trace, tautTrace: taut}
	return ft.deriveTable(D, E, Rp)
}

// deriveFrom holds the sizes from which irred_derive_table takes each of
// its fast ways; math.MaxInt leaves one out, and with all left out the
// table is built as 2.3 builds it. newDerivation decides from them, once
// per table, how its questions are asked.
type deriveFrom struct {
	shortcut       int // rows of one cube after which the shortcuts start (irred_shortcut.go)
	index, indexRp int // cubes in the list, and in Rp, from which the list is indexed (irred_indexed.go)
	held, heldRp   int // else the cubes from which it is held part by part (irred_list.go)
	union          int // cubes in Rp from which the union of the cubes not redundant is asked (irred_union.go)
	whole          int // cubes of Rp from which whole is checked, each time they double (irred_union.go)
}

// defaultDeriveFrom returns the sizes of tuning.go.
func defaultDeriveFrom() deriveFrom {
	return deriveFrom{shortcut: shortcutFrom, index: meetIndexFrom, indexRp: meetIndexRpFrom,
		held: heldListFrom, heldRp: heldRpFrom, union: unionFrom, whole: wholeCheckFrom}
}

// deriveTable is irredDeriveTable for f's schedule: the table is reduced
// (sm_row_dominance) after each cube of Rp that brings the rows added
// since the last reduction past f.dominanceEvery.
func (ft *ftaut) deriveTable(D, E, Rp *cover.Cover) *mincov.Matrix {
	cube := ft.cube
	var buf []cover.Set
	if ft.listBuf != nil {
		buf = *ft.listBuf
	}
	list := redundantListInto(cube, buf, D, E, Rp)
	if ft.listBuf != nil {
		*ft.listBuf = list.Cubes
		// The storage outlives the call: it must not keep the
		// covers' storage from the collector.
		defer clear(list.Cubes)
	}
	return ft.newDerivation(list, D.Count+E.Count, Rp).deriveTable()
}

// deriveTable adds the rows of each cube of Rp in turn to the table, and
// returns it.
func (dv *derivation) deriveTable() *mincov.Matrix {
	ft, Rp := dv.ft, dv.Rp
	for i := 0; i < Rp.Count; i++ {
		p := Rp.At(i)
		dv.fcubeIsCovered(i, p)
		p.ResetFlag(cover.Redundant) // can now consider this cube redundant
		ft.traceCube(i, Rp.Count)
		// Try to keep memory down by reducing the table as it grows.
		dv.reduceTable()
	}
	ft.repeats.startCube() // the last cube's repeats are not kept past the table
	return ft.table
}

// A derivation is the state of deriveTable over the cubes of Rp: the
// list of D, E and Rp (the first kept cubes not redundant), and the ways
// the cubes around a cube of Rp are found (cubes) and whether the cubes
// not redundant cover it is asked (check).
type derivation struct {
	ft    *ftaut
	list  cover.CubeList
	kept  int // D's cubes and E's, at the start of list
	Rp    *cover.Cover
	cubes cubesAround
	check notRedundantCheck
	// dominanceDone is the last row free of dominance among the rows
	// up to it; allCovered is set once D, E and the first cubes of Rp
	// cover ft.whole: the cubes of Rp after them have no rows.
	dominanceDone int
	allCovered    bool
}

// cubesAround is how deriveTable finds the cubes of the list that the
// questions about a cube of Rp look at, and makes ftautology's root list
// of them: the whole list, as 2.3 does (wholeList), the cubes meeting the
// cube through an index of the list (meetingList, irred_indexed.go), or
// the whole list held part by part, the root list found 64 cubes at a time
// (heldList, irred_list.go).
type cubesAround interface {
	// around returns the cubes of the list the questions about p look at,
	// those not redundant first, and how many those are; the first at
	// cubes of the list are not redundant, and p is the cube at.
	around(p cover.Set, at int) (cover.CubeList, int)
	// rootList returns ftautology's root list for p from T, the cubes
	// around returned (see ftaut.rootList).
	rootList(f *ftaut, T cover.CubeList, p cover.Set, at int, firstReduction bool) *ftautList
}

// wholeList gives deriveTable the whole list, as 2.3 does.
type wholeList struct{ list cover.CubeList }

func (w wholeList) around(p cover.Set, at int) (cover.CubeList, int) { return w.list, at }

func (w wholeList) rootList(f *ftaut, T cover.CubeList, p cover.Set, at int, firstReduction bool) *ftautList {
	return f.rootList(T, p, firstReduction)
}

// notRedundantCheck is how deriveTable asks whether the cubes not
// redundant (D, E and the cubes of Rp before the current one) cover a
// cube of Rp, which then has no rows, or every cube of whole: the
// tautology check of those cubes alone (tautCheck), their union as
// decision diagrams (unionCheck, irred_union.go), or, under 2.3's TAUT
// trace, not at all (noCheck: 2.3 recurs for each cube, and its lines
// tell).
type notRedundantCheck interface {
	// coveredFirst reports whether p is covered, where that is asked
	// before the cubes around p are found.
	coveredFirst(p cover.Set) bool
	// covered reports whether p is covered by the cubes not redundant,
	// the first before of T; p is not redundant from then on.
	covered(p cover.Set, T cover.CubeList, before int) bool
	// coversAll reports whether the cubes not redundant, those of T,
	// cover every cube of f.
	coversAll(f *cover.Cover, T cover.CubeList) bool
}

// tautCheck asks the tautology check of the cubes not redundant.
type tautCheck struct{ taut *cover.TautologyChecker }

func (c tautCheck) coveredFirst(p cover.Set) bool { return false }

func (c tautCheck) covered(p cover.Set, T cover.CubeList, before int) bool {
	return c.taut.CubeIsCovered(cover.CubeList{Cof: T.Cof, Cubes: T.Cubes[:before]}, p)
}

func (c tautCheck) coversAll(f *cover.Cover, T cover.CubeList) bool {
	for q := range f.All() {
		if !c.taut.CubeIsCovered(T, q) {
			return false
		}
	}
	return true
}

// noCheck asks nothing: every cube of Rp gets its recursion.
type noCheck struct{}

func (noCheck) coveredFirst(p cover.Set) bool                          { return false }
func (noCheck) covered(p cover.Set, T cover.CubeList, before int) bool { return false }
func (noCheck) coversAll(f *cover.Cover, T cover.CubeList) bool        { return false }

// repeats is how ftautology treats the subproblems and rows of a cube of
// Rp that a row dominance certain to come would delete: it keeps them
// all, as 2.3 does (keepRepeats), or leaves them out once the cube's
// recursion is long (skipRepeats, irred_shortcut.go).
type repeats interface {
	// startCube forgets what it kept of the cube before.
	startCube()
	// keysRoot reports whether the cube's first node, its root list, is
	// looked at in enterNode (the list then comes unreduced).
	keysRoot() bool
	// enterNode reports whether the subproblem l can be left out, and
	// otherwise what leaveNode is given at its end.
	enterNode(f *ftaut, l *ftautList) (node shortcutNode, skip bool)
	leaveNode(f *ftaut, node shortcutNode)
	// rowLeftOut reports whether the row with columns cols (which it
	// may sort) can be left out of the table.
	rowLeftOut(f *ftaut, cols []int) bool
}

// keepRepeats leaves nothing out.
type keepRepeats struct{}

func (keepRepeats) startCube()     {}
func (keepRepeats) keysRoot() bool { return false }
func (keepRepeats) enterNode(f *ftaut, l *ftautList) (shortcutNode, bool) {
	return shortcutNode{}, false
}
func (keepRepeats) leaveNode(f *ftaut, node shortcutNode) {}
func (keepRepeats) rowLeftOut(f *ftaut, cols []int) bool  { return false }

// newDerivation readies ft for a table over list, D's and E's cubes (the
// first kept) and Rp's, and chooses, once for the table and from the
// sizes in ft.from, how deriveTable finds the cubes around each cube of
// Rp, asks whether the cubes not redundant cover it, and treats the
// repeats of its recursion.
func (ft *ftaut) newDerivation(list cover.CubeList, kept int, Rp *cover.Cover) *derivation {
	cube := ft.cube
	if ft.taut == nil {
		ft.taut = cube.NewTautologyChecker()
	}
	ft.ceil, ft.freed, ft.in = cube.NewSet(), cube.NewSet(), cube.NewSet()
	// Past from.shortcut rows of a cube, the rows and subproblems a
	// certain row dominance deletes are left out (irred_shortcut.go).
	ft.repeats = keepRepeats{}
	if ft.from.shortcut < math.MaxInt {
		ft.repeats = &skipRepeats{from: ft.from.shortcut}
	}
	dv := &derivation{ft: ft, list: list, kept: kept, Rp: Rp, dominanceDone: -1}
	// Past from.index cubes, the cubes meeting each cube of Rp are found
	// through an index rather than by going over the list each time, or
	// past from.held the cofactors come from the list held part by part.
	// The order of a list changes neither whether its cubes cover a cube
	// nor the rows ftautology finds (irred_list.go).
	switch {
	case len(list.Cubes) >= ft.from.index && Rp.Count >= ft.from.indexRp:
		dv.cubes = &meetingList{list: list, index: cube.NewMeetIndex(list.Cubes)}
	case len(list.Cubes) >= ft.from.held && Rp.Count >= ft.from.heldRp:
		dv.cubes = newHeldList(cube, list)
	default:
		dv.cubes = wholeList{list}
	}
	// From from.union cubes of Rp, whether the cubes not redundant cover
	// one is asked of their union as decision diagrams (irred_union.go),
	// while they fit in unionNodes nodes. Fewer cubes to ask about would
	// not repay building the union of D and E.
	dv.check = tautCheck{ft.taut}
	if ft.tautTrace != nil {
		dv.check = noCheck{}
	} else if Rp.Count >= ft.from.union {
		if u := newCubeUnion(cube, list.Cubes[:kept]); u != nil {
			dv.check = &unionCheck{u: u, fallback: tautCheck{ft.taut}}
		}
	}
	return dv
}

// redundantList flags the cubes of Rp REDUND, and those of D and E not,
// and returns the list of all three, in that order.
func redundantList(cube *cover.Cube, D, E, Rp *cover.Cover) cover.CubeList {
	return redundantListInto(cube, nil, D, E, Rp)
}

// redundantListInto is redundantList with the list's cubes in buf's
// storage, where it has room.
func redundantListInto(cube *cover.Cube, buf []cover.Set, D, E, Rp *cover.Cover) cover.CubeList {
	for i := 0; i < D.Count; i++ {
		D.At(i).ResetFlag(cover.Redundant)
	}
	for i := 0; i < E.Count; i++ {
		E.At(i).ResetFlag(cover.Redundant)
	}
	for i := 0; i < Rp.Count; i++ {
		Rp.At(i).SetFlag(cover.Redundant)
	}
	return cube.CubeListInto(buf, D, E, Rp)
}

// fcubeIsCovered adds to the table the rows of p, cube i of Rp: the
// leaves of ftautology over the list cofactored by p (fcube_is_covered).
// There are none when the cubes not redundant cover p, or all of whole,
// which is asked first where it costs less (irred_union.go).
func (dv *derivation) fcubeIsCovered(i int, p cover.Set) {
	ft := dv.ft
	ft.current = p.Size()
	ft.cubeRows = 0
	ft.cubeNodes = 0
	ft.cubeFirstRow = 0
	if last := ft.table.LastRow(); last != nil {
		ft.cubeFirstRow = last.Num + 1
	}
	ft.repeats.startCube()
	if dv.wholeCovered(i) {
		return
	}
	// The rows of a cube are for the minterms of it outside every cube
	// not redundant (D, E and the cubes of Rp before it), so there are
	// none when those cover it (irred_list.go), which their union, or a
	// tautology check of those alone, tells at far less cost.
	if dv.check.coveredFirst(p) {
		return
	}
	at := dv.kept + i
	around, before := dv.cubes.around(p, at)
	if dv.check.covered(p, around, before) {
		return
	}
	// The root list may come reduced unless its recursion is traced or a
	// shortcut made at the root (the cube's first node) keys it.
	reduce := ft.tautTrace == nil && !ft.repeats.keysRoot()
	dv.cubes.rootList(ft, around, p, at, reduce)
	ft.tautology(0)
}

// reduceTable keeps memory down by reducing the table (sm_row_dominance)
// once the rows added since the last reduction pass ft.dominanceEvery.
func (dv *derivation) reduceTable() {
	ft := dv.ft
	ft.rowsSinceDominance += ft.cubeRows
	if ft.rowsSinceDominance <= ft.dominanceEvery {
		return
	}
	ft.table.RowDominanceSince(dv.dominanceDone)
	ft.rowsSinceDominance = 0
	if last := ft.table.LastRow(); last != nil {
		dv.dominanceDone = last.Num
	}
	if ft.trace != nil {
		fmt.Fprintf(ft.trace.w, "IRRED1: delete redundant rows, now %dx%d\n", ft.table.NumRows(), ft.table.NumCols())
	}
}

// traceCube prints, with a trace, the line 2.3 prints after cube i of the
// n cubes of Rp.
func (ft *ftaut) traceCube(i, n int) {
	if ft.trace != nil {
		ft.trace.line("%d of %d to-go=%d, table=%dx%d", i, n, n-i, ft.table.NumRows(), ft.table.NumCols())
	}
}

// ftaut finds, for the cube of F numbered current, the ways in which the
// partially redundant cubes cover each leaf of a tautology check, adding a
// row to table for each (fcube_is_covered, ftautology).
type ftaut struct {
	cube    *cover.Cube
	table   *mincov.Matrix
	current int
	cols    []int                   // scratch: the columns of a row
	d       cover.ColumnCounts      // the counts summed per variable, to split on
	taut    *cover.TautologyChecker // whether a cube is covered by those not redundant
	listBuf *[]cover.Set            // where the list of D, E and Rp is kept, if not nil
	levels  []*ftautList            // the subproblem at each depth of the recursion
	ceil    cover.Set               // scratch: the parts of the unate variables
	kept    []int32                 // scratch: the cubes of a root list
	freed   cover.Set               // scratch: the parts a cofactor adds
	in      cover.Set               // scratch: the parts of the half taken

	// 2.3 reduces the table after a cube that brings the rows added
	// since the last reduction past dominanceEvery (1000); from holds
	// the sizes from which the fast ways are taken.
	dominanceEvery int
	from           deriveFrom
	whole          *cover.Cover // with D, covers every cube of Rp; or nil
	trace          *irredTrace  // IRRED1's lines, or nil
	tautTrace      *tautTrace   // TAUT's lines (FIND_TAUTOLOGY), or nil

	// The rows 2.3 would have added to the table since its last row
	// dominance, before the current cube; the rows it would have added
	// for the current cube so far, whose first row is numbered
	// cubeFirstRow; and what leaves repeats out (newDerivation's choice).
	rowsSinceDominance int
	cubeRows           int
	cubeNodes          int // the calls of tautology for the current cube
	cubeFirstRow       int
	repeats            repeats
}

// irredScratch is storage irredDeriveTable takes from its run, kept
// from one IRREDUNDANT to the next.
type irredScratch struct {
	taut *cover.TautologyChecker
	list *[]cover.Set
}

// tautology adds to the table the rows for the subproblem at depth d
// (ftautology).
func (f *ftaut) tautology(d int) {
	l := f.levels[d]
	f.cubeNodes++
	if tr := f.tautTrace; tr != nil {
		tr.EnterFindTautology(f.cube, l.list(len(f.cube.FullSet)))
	}
	// A subproblem whose rows cannot change the table is left out
	// (irred_shortcut.go).
	node, skip := f.repeats.enterNode(f, l)
	if skip {
		return
	}
	if best := f.specialCases(l); best >= 0 {
		f.d.Best = best
		f.cube.BinateSplitSelect(cover.CubeList{Cof: l.cof}, &f.d, l.cl, l.cr)
		if tr := f.tautTrace; tr != nil {
			tr.PrintSplit(f.cube, best, l.cl, l.cr)
		}
		child := f.level(d + 1)
		f.cofactor(child, l, best, l.cl)
		f.tautology(d + 1)
		f.cofactor(child, l, best, l.cr)
		f.tautology(d + 1)
	}
	f.repeats.leaveNode(f, node)
	if tr := f.tautTrace; tr != nil {
		tr.ExitFindTautology(f.table.NumRows(), f.table.NumCols())
	}
}

// specialCases handles the leaves of ftautology (ftaut_special_cases):
// it returns the variable to split l on, or -1 when l is a leaf, whose row
// it adds. l may be reduced.
func (f *ftaut) specialCases(l *ftautList) int {
	// A row of all 1's among the essential cubes: no new rows.
	if l.nonRedFull {
		return -1
	}
	for {
		active, unate := f.activeUnate(l, nil)
		if unate == active {
			// Unate: the redundant cubes with a row of all 1's cover
			// this leaf.
			f.addRow(l)
			return -1
		}
		if unate == 0 {
			if !l.counted {
				l.countZeros(f.cube.FullSet)
			}
			d := &f.d
			d.PartZeros = l.count
			f.cube.SummarizeCounts(d)
			return d.Best
		}
		// Unate reduction: keep the cubes full in all unate variables.
		f.unateReduce(l)
		if tr := f.tautTrace; tr != nil {
			tr.PrintUnateReduction(unate, len(l.cubes)/len(f.cube.FullSet))
		}
	}
}

// addRow adds to the table the row for l, a unate leaf of the current
// cube: its column and those of the redundant cubes full in l.
func (f *ftaut) addRow(l *ftautList) {
	f.cubeRows++
	cols := f.rowCols(l)
	if f.repeats.rowLeftOut(f, cols) {
		return
	}
	rownum := 0
	if last := f.table.LastRow(); last != nil {
		rownum = last.Num + 1
	}
	// In increasing order, each column goes at the end of the row: the
	// row is the same whatever the order, and a long one is not walked
	// for each.
	slices.Sort(cols)
	for _, c := range cols {
		f.table.Insert(rownum, c)
	}
}

// rowCols returns, in f.cols, the columns of the row for l as a unate
// leaf: the current cube's and those of the redundant cubes full in it.
func (f *ftaut) rowCols(l *ftautList) []int {
	full := f.cube.FullSet
	n := len(full)
	cols := append(f.cols[:0], f.current)
	for at := 0; at < len(l.cubes); at += n {
		e := l.cubes[at : at+n]
		if h := header(e); h.Test(cover.Redundant) && isFull(e, full) {
			cols = append(cols, h.Size())
		}
	}
	f.cols = cols
	return cols
}

// An irredTrace prints the progress lines of irredundant's split and
// table (2.3's IRRED1 debugging), each ending with the time since start.
type irredTrace struct {
	w     io.Writer
	start int64
}

// irred1Trace returns the trace of the run's IRRED1 debugging, or nil
// when it is off.
func (r *Run) irred1Trace() *irredTrace {
	if r.opt.Debug&DebugIrred1 == 0 {
		return nil
	}
	return &irredTrace{w: r.out, start: r.start}
}

// line prints "IRRED1: " and the formatted text with the time.
func (t *irredTrace) line(format string, a ...any) {
	fmt.Fprintf(t.w, "IRRED1: "+format+" time=%s\n", append(a, FormatTime(Clock()-t.start))...)
}
