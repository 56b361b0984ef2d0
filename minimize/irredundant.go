package minimize

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/mincov"
)

// Irredundant returns a minimal subset of F that, together with the
// DC-set D, still covers F (irredundant). The cubes kept are those flagged
// Active by [Run.MarkIrredundant]; F is overwritten.
func (r *Run) Irredundant(F, D *cover.Cover) (*cover.Cover, error) {
	if err := r.MarkIrredundant(F, D); err != nil {
		return nil, err
	}
	return F.RemoveInactive(), nil
}

// MarkIrredundant finds a minimal subset of F covering F with D and flags
// its cubes Active, the others inactive; the relatively essential cubes are
// also flagged RelEssen (mark_irredundant).
func (r *Run) MarkIrredundant(F, D *cover.Cover) error {
	cube := r.cube
	E, Rt, Rp := irredSplitCover(cube, r.checker(), F, D)
	table := irredDeriveTable(cube, r.listArena(), D, E, Rp)
	sol, err := mincov.MinimumCover(table, mincov.Options{Heuristic: true})
	if err != nil {
		return fmt.Errorf("irredundant: %w", err)
	}

	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		p.ResetFlag(cover.Active)
		p.ResetFlag(cover.RelEssen)
	}
	for i := 0; i < E.Count; i++ {
		p1 := F.At(E.At(i).Size())
		p1.SetFlag(cover.Active)
		p1.SetFlag(cover.RelEssen)
	}
	for pe := sol.First(); pe != nil; pe = pe.NextInRow() {
		F.At(pe.Col).SetFlag(cover.Active)
	}
	if r.opt.Debug&DebugIrred != 0 {
		fmt.Fprintf(r.out, "# IRRED: F=%d E=%d R=%d Rt=%d Rp=%d Rc=%d Final=%d Bound=%d\n",
			F.Count, E.Count, Rt.Count+Rp.Count, Rt.Count, Rp.Count,
			sol.Len(), E.Count+sol.Len(), 0)
	}
	return nil
}

// irredSplitCover splits F into the relatively essential cubes E, the
// totally redundant cubes Rt and the partially redundant cubes Rp; each
// cube's SIZE field is set to its index in F, and the copies carry it
// (irred_split_cover).
func irredSplitCover(cube *cover.Cube, taut *cover.TautologyChecker, F, D *cover.Cover) (E, Rt, Rp *cover.Cover) {
	return irredSplit(cube, taut, F, D, nil)
}

// irredSplit is irredSplitCover testing for relative essentiality only
// the cubes F.At(i) with maybeEssential[i], when maybeEssential is not nil:
// the others are known to be covered by the rest of F and D.
func irredSplit(cube *cover.Cube, taut *cover.TautologyChecker, F, D *cover.Cover, maybeEssential []bool) (E, Rt, Rp *cover.Cover) {
	for i := 0; i < F.Count; i++ {
		F.At(i).PutSize(i)
	}
	E = cube.NewCover(10)
	Rt = cube.NewCover(10)
	Rp = cube.NewCover(10)
	R := cube.NewCover(10)

	// Split F into E and R.
	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		if (maybeEssential != nil && !maybeEssential[i]) || taut.CubeIsCoveredBy(p, F, D) {
			R.Append(p)
		} else {
			E.Append(p)
		}
	}

	// Split R into Rt and Rp.
	for i := 0; i < R.Count; i++ {
		p := R.At(i)
		if taut.CubeIsCoveredBy(p, E, D) {
			Rt.Append(p)
		} else {
			Rp.Append(p)
		}
	}
	return E, Rt, Rp
}

// irredDeriveTable builds the covering table whose rows are the ways of
// covering the minterms of the partially redundant cubes Rp with D, E and
// the other cubes of Rp; column j stands for cube j of F
// (irred_derive_table).
func irredDeriveTable(cube *cover.Cube, arena *cover.CubeListArena, D, E, Rp *cover.Cover) *mincov.Matrix {
	ft := &ftaut{cube: cube, table: mincov.NewMatrix(), arena: arena,
		dominanceEvery: 1000, shortcutFrom: shortcutFrom}
	return ft.deriveTable(D, E, Rp)
}

// deriveTable is irredDeriveTable for f's schedule: the table is reduced
// (sm_row_dominance) after each cube of Rp that brings the rows added
// since the last reduction past f.dominanceEvery.
func (ft *ftaut) deriveTable(D, E, Rp *cover.Cover) *mincov.Matrix {
	cube, arena := ft.cube, ft.arena
	for i := 0; i < D.Count; i++ {
		D.At(i).ResetFlag(cover.Redund)
	}
	for i := 0; i < E.Count; i++ {
		E.At(i).ResetFlag(cover.Redund)
	}
	for i := 0; i < Rp.Count; i++ {
		Rp.At(i).SetFlag(cover.Redund)
	}

	list := cube.NewCubeList(D, E, Rp)
	// The rows up to this number are free of dominance among themselves.
	dominanceDone := -1
	for i := 0; i < Rp.Count; i++ {
		p := Rp.At(i)
		ft.current = p.Size()
		ft.cubeRows = 0
		ft.cubeNodes = 0
		ft.cubeFirstRow = 0
		if last := ft.table.LastRow(); last != nil {
			ft.cubeFirstRow = last.Num + 1
		}
		ft.shortcut = nil
		m := arena.Mark()
		ft.tautology(arena.Cofactor(list, p))
		arena.Release(m)
		p.ResetFlag(cover.Redund) // can now consider this cube redundant
		// Keep memory down by reducing the table as we go along.
		ft.rowsSinceDominance += ft.cubeRows
		if ft.rowsSinceDominance > ft.dominanceEvery {
			ft.table.RowDominanceSince(dominanceDone)
			ft.rowsSinceDominance = 0
			if last := ft.table.LastRow(); last != nil {
				dominanceDone = last.Num
			}
		}
	}
	ft.shortcut = nil
	return ft.table
}

// ftaut finds, for the cube of F numbered current, the ways in which the
// partially redundant cubes cover each leaf of a tautology check, adding a
// row to table for each (fcube_is_covered, ftautology).
type ftaut struct {
	cube    *cover.Cube
	table   *mincov.Matrix
	current int
	ceil    cover.Set
	temp    cover.Set
	zeros   cover.Set
	cols    []int                // scratch: the columns of a row
	d       cover.CData          // column counts, used by each level just after computing them
	arena   *cover.CubeListArena // cube lists and sets of the recursion

	// 2.3 reduces the table after a cube that brings the rows added
	// since the last reduction past dominanceEvery (1000); the shortcuts
	// start after shortcutFrom rows of one cube.
	dominanceEvery int
	shortcutFrom   int

	// The rows 2.3 would have added to the table since its last row
	// dominance, before the current cube; the rows it would have added
	// for the current cube so far, whose first row is numbered
	// cubeFirstRow; and, past shortcutFrom of those or shortcutFrom *
	// nodesPerRow calls of tautology, what lets repeats be left out
	// (irredshortcut.go).
	rowsSinceDominance int
	cubeRows           int
	cubeNodes          int // the calls of tautology for the current cube
	cubeFirstRow       int
	shortcut           *ftautShortcut
	skippedNodes       int // subproblems skipped, for tests
	skippedRows        int // rows left out, for tests
	skippedEmpty       int // subproblems without rows skipped, for tests
}

// tautology adds to the table the rows for the cube list T (ftautology).
func (f *ftaut) tautology(T cover.CubeList) {
	var key nodeKey
	hashed := false
	rowsBefore := f.cubeRows
	f.cubeNodes++
	if f.shortcut == nil && f.cubeNodes/nodesPerRow > f.shortcutFrom {
		f.shortcut = f.newShortcut(f.cubeFirstRow)
	}
	if s := f.shortcut; s != nil {
		key, hashed = s.key(f.cube, T), true
		// A subproblem met before adds its rows again: none (every leaf
		// had a row of 1's among the cubes not redundant), or enough to
		// take the rows past dominanceEvery, when a reduction is certain.
		if n, ok := s.done[key]; ok && (n == 0 || s.skip || f.rowsSinceDominance+f.cubeRows+n > f.dominanceEvery) {
			if n > 0 {
				s.skip = true
				f.cubeRows += n
			} else {
				f.skippedEmpty++
			}
			f.skippedNodes++
			return
		}
		if s.skip && s.floorHoldsRow(f, T) {
			f.skippedNodes++
			return
		}
	}
	if d := f.specialCases(&T); d != nil {
		cube, a := f.cube, f.arena
		m := a.Mark()
		cl, cr := a.NewSet(), a.NewSet()
		best := cube.BinateSplitSelect(T, d, cl, cr)
		f.tautology(a.SCofactor(T, cl, best))
		f.tautology(a.SCofactor(T, cr, best))
		a.Release(m)
	}
	if s := f.shortcut; s != nil && hashed {
		s.done[key] = f.cubeRows - rowsBefore
	}
}

// addRow adds to the table the row for a unate leaf of the current cube:
// its column and those of the redundant cubes of T with a row of all 1's.
func (f *ftaut) addRow(T cover.CubeList) {
	cube := f.cube
	f.cubeRows++
	cols := append(f.cols[:0], f.current)
	for _, p := range T.Cubes {
		if p.Test(cover.Redund) && cube.FullRow(p, T.Cof) {
			cols = append(cols, p.Size())
		}
	}
	f.cols = cols
	if f.shortcut == nil && f.cubeRows > f.shortcutFrom {
		f.shortcut = f.newShortcut(f.cubeFirstRow)
	}
	if s := f.shortcut; s != nil {
		// Past dominanceEvery rows since the last reduction, one is
		// certain at the end of this cube.
		s.skip = s.skip || f.rowsSinceDominance+f.cubeRows > f.dominanceEvery
		if !s.addRow(cols) && s.skip {
			f.skippedRows++
			return
		}
	}
	rownum := 0
	if last := f.table.LastRow(); last != nil {
		rownum = last.Num + 1
	}
	for _, c := range cols {
		f.table.Insert(rownum, c)
	}
}

// specialCases handles the leaves of ftautology; when T must still be
// split (ftaut_special_cases returning MAYBE) it returns the column counts
// of T, valid until the next call, otherwise nil. T may be reduced in place.
func (f *ftaut) specialCases(T *cover.CubeList) *cover.CData {
	cube := f.cube
	// A row of all 1's among the essential cubes: no new rows.
	for _, p := range T.Cubes {
		if !p.Test(cover.Redund) && cube.FullRow(p, T.Cof) {
			return nil
		}
	}
	if f.ceil == nil {
		f.ceil, f.temp, f.zeros = cube.NewSet(), cube.NewSet(), cube.NewSet()
	}
	for {
		// Only which variables are active and unate decides, until a
		// split needs the counts of massive_count.
		active, unate := cube.ActiveUnate(*T, f.zeros, f.ceil)
		if unate == active {
			// Unate: the redundant cubes with a row of all 1's cover
			// this leaf.
			f.addRow(*T)
			return nil
		}
		if unate == 0 {
			d := &f.d
			cube.MassiveCountInto(d, *T)
			return d
		}
		// Unate reduction: keep the cubes full in all unate variables,
		// whose parts are in f.ceil.
		ceil := f.ceil
		kept := T.Cubes[:0]
		for _, p := range T.Cubes {
			if ceil.Implies(f.temp.Or(p, T.Cof)) {
				kept = append(kept, p)
			}
		}
		T.Cubes = kept
	}
}
