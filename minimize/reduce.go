package minimize

import (
	"fmt"
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
)

// REDUCE (reduce.c), its steps in 2.3's order: reduce, reduce_cube,
// sccc, sccc_merge, sccc_cube and sccc_special_cases. reduce chooses
// once, at its top (reductionsFor), how the cubes' reductions are
// computed, and the ways that give 2.3's reductions faster live in files
// of their own:
//
//   - a dense table of the space's points, where it is small
//     (reduce_dense.go, dense.go);
//   - the reducers over the list of F and D (reduce_holes.go), which
//     gather a cube's holes with the tautology check where 2.3's
//     recursion explodes, and find the cubes meeting the cube through
//     indexes of D and F where D is long (reduce_indexed.go);
//   - several cubes meeting none of the others reduced at once over the
//     workers (reduce_runs.go).
//
// TestDenseReduce, TestReducerHolesSameAsSccc and TestReduceWorkers hold
// them to 2.3's way.

// Reduce replaces each cube of F by its maximal reduction, the smallest
// cube contained in it that still covers, with the other cubes and D, the
// function; cubes that reduce to nothing are deleted (reduce).
//
// The cubes are reduced in turn, each against the cubes already reduced.
// Their order alternates from one call to the next, as in 2.3, between
// sort_reduce and mini_sort descending; the alternation is kept in the Run.
// F is reordered and overwritten.
func (r *Run) Reduce(F, D *cover.Cover) (*cover.Cover, error) {
	return r.reduce(F, r.compactDC(D))
}

// reduce is Reduce against D, a cover of the DC-set's points (D itself or
// D compacted; see compactDC).
func (r *Run) reduce(F, D *cover.Cover) (*cover.Cover, error) {
	F = r.reduceOrder(F)
	return r.reduceBy(F, r.reductionsFor(F, D))
}

// reduceOrder returns F in the order REDUCE takes its cubes: random with
// UseRandomOrder, otherwise sort_reduce's and mini_sort's descending in
// turn from one call to the next.
func (r *Run) reduceOrder(F *cover.Cover) *cover.Cover {
	if r.opt.UseRandomOrder {
		return F.RandomOrder()
	}
	if r.reduceToggle {
		F = r.cube.SortReduce(F)
	} else {
		F = F.MiniSort(cover.Descend)
	}
	r.reduceToggle = !r.reduceToggle
	return F
}

// reduceBy replaces each cube of F, in order, by its reduction against the
// cubes before it as reduced, which reductions computes, and deletes the
// cubes reduced to nothing.
func (r *Run) reduceBy(F *cover.Cover, reductions cubeReductions) (*cover.Cover, error) {
	for from := 0; from < F.Count; {
		r.progress(ReduceTime, from, F.Count)
		under, err := reductions.reduceFrom(from)
		if err != nil {
			return nil, err
		}
		for k, cunder := range under {
			r.reduceTo(F.At(from+k), cunder)
		}
		from += len(under)
	}
	return F.RemoveInactive(), nil
}

// reduceTo replaces p, a cube of the cover REDUCE reduces, by cunder, its
// reduction, flagging it Prime and Active if it is p, and Active if not
// empty otherwise.
func (r *Run) reduceTo(p, cunder cover.Set) {
	if cunder.Equal(p) {
		p.SetFlag(cover.Active)
		p.SetFlag(cover.Prime)
		return
	}
	if r.opt.Debug&DebugReduce != 0 {
		r.debugf(DebugReduce, "REDUCE: %s to %s %s\n", formatCube(r.cube, p), formatCube(r.cube, cunder),
			FormatTime(Clock()-r.start))
	}
	p.Copy(cunder) // the header too, as set_copy does
	p.ResetFlag(cover.Prime)
	if cunder.IsEmpty() {
		p.ResetFlag(cover.Active)
	} else {
		p.SetFlag(cover.Active)
	}
}

// cubeReductions computes the reductions of a cover's cubes, in the
// cover's order (reduce_cube of each).
type cubeReductions interface {
	// reduceFrom returns the reductions of the cubes from the one
	// numbered from on, as many as it computes at once (one at least),
	// each the one 2.3 makes after reducing the cubes before it; they
	// are valid until the next call.
	reduceFrom(from int) ([]cover.Set, error)
}

// reductionsFor chooses, once for the step, how REDUCE reduces F's cubes
// against D: where the space is small, through a table of its points
// that follows the cubes as they are reduced (reduce_dense.go);
// otherwise with reducers over the list of F and D, which find the cubes
// meeting each cube through indexes where D is long (reduce_indexed.go),
// gather its holes where 2.3's recursion explodes (reduce_holes.go), and
// reduce several cubes at once where the cubes are many
// (reduce_runs.go).
func (r *Run) reductionsFor(F, D *cover.Cover) cubeReductions {
	if table := r.denseTable(F, D); table != nil {
		return &denseReductions{t: table, F: F, under: make([]cover.Set, 1)}
	}
	return r.newReductionRuns(F, D)
}

// scccer computes smallest cubes containing complements. It holds the
// cube structure, scratch sets (cube.temp in 2.3), the column counts each
// level of the recursion uses just after computing them, and the arena the
// recursion takes its cube lists and sets from.
type scccer struct {
	cube        *cover.Cube
	temp, temp2 cover.Set
	d           cover.ColumnCounts
	arena       *cover.CubeListArena
	// nodes, when limited, is the calls of sccc left; at none the
	// recursion gives up and sets aborted, its answer then meaningless.
	nodes            int
	limited, aborted bool
	// When index is not nil, the cubes of the lists the reducer is
	// given from indexFrom on are those index holds (see useIndex), and
	// it finds those meeting a cube from index; it is used for a D of
	// indexMin cubes or more.
	index               *coverindex.Transposed
	indexFrom, indexMin int
	// fIndex, when not nil (with index, from fIndexMin cubes of F),
	// holds the cubes of the lists before indexFrom, those of F, as
	// they stood when it was made: REDUCE only shrinks them, so the
	// cubes meeting a cube now are among those meeting it there.
	fIndex    *coverindex.Transposed
	fIndexMin int
	sortedMin int // the cubes from which an index is sorted (indexOf)
	// trace, when not nil, receives 2.3's REDUCE1 lines (-v reduce1):
	// each call of the recursion with its list and answer, the variable
	// it splits and the components it finds. 2.3 sets its verbose switch
	// with every -v, so they are printed in full. level is the depth of
	// the call (sccc_level).
	trace io.Writer
	level int
}

// newScccer returns an scccer taking its cube lists from the run's arena.
func (r *Run) newScccer() *scccer { return r.newScccerWith(r.listArena()) }

// newScccer returns an scccer taking its cube lists from arena.
func (r *Run) newScccerWith(arena *cover.CubeListArena) *scccer {
	cube := r.cube
	s := &scccer{cube: cube, temp: cube.NewSet(), temp2: cube.NewSet(), arena: arena,
		indexMin: r.reduceIndexFrom.D, fIndexMin: r.reduceIndexFrom.F, sortedMin: r.sortedFrom}
	if r.opt.Debug&DebugReduce1 != 0 {
		s.trace = r.out
	}
	return s
}

// reduceCube returns the maximal reduction of p with respect to the cubes
// of T other than p itself, as a new set with a cleared header
// (reduce_cube, 2.3's way; the reducer uses it).
func (s *scccer) reduceCube(T cover.CubeList, p cover.Set) cover.Set {
	cunder := s.cube.NewSet()
	a := s.arena
	m := a.Mark()
	s.sccc(a.Cofactor(T, p), cunder)
	a.Release(m)
	return cunder.And(cunder, p)
}

// sccc stores in res, header cleared, the smallest cube containing the
// complement of the cube list T (sccc). res must not be taken from the
// arena after T was.
func (s *scccer) sccc(T cover.CubeList, res cover.Set) {
	if s.limited {
		if s.nodes <= 0 {
			s.aborted = true
			return
		}
		s.nodes--
	}
	if s.trace != nil {
		s.traceList(T)
	}
	a := s.arena
	m := a.Mark()
	if d := s.specialCases(T, res); d != nil {
		cube := s.cube
		cl, cr := a.NewSet(), a.NewSet()
		best := cube.BinateSplitSelect(T, d, cl, cr)
		if s.trace != nil {
			cube.WriteSplit(s.trace, best, cl, cr)
		}
		// The reference binary evaluates sccc_merge's arguments from
		// the last: the right half is recurred on first.
		right := a.NewSet()
		s.sccc(a.CofactorVar(T, cr, best), right)
		s.sccc(a.CofactorVar(T, cl, best), res)
		scccMerge(res, right, cl, cr)
	}
	a.Release(m)
	if s.trace != nil {
		s.level--
		fmt.Fprintf(s.trace, "SCCC[%d]: result is %s\n", s.level, formatCube(s.cube, res))
	}
}

// traceList prints the list a call of sccc is given, each cube with the
// list's cofactor cube added, as 2.3's debug_print does when verbose, and
// enters the call's level.
func (s *scccer) traceList(T cover.CubeList) {
	s.cube.WriteList(s.trace, "SCCC", s.level, T)
	s.level++
}

// scccMerge returns (left ∩ cl) ∪ (right ∩ cr), stored in left
// (sccc_merge).
func scccMerge(left, right, cl, cr cover.Set) cover.Set {
	left.And(left, cl)
	right.And(right, cr)
	return left.Or(left, right)
}

// scccCube intersects result with the smallest cube containing the
// complement of the cube p: the complement of p in its single active
// variable, or everything if p has more than one (sccc_cube).
func (s *scccer) scccCube(result, p cover.Set) cover.Set {
	if v := s.cube.Active(p); v >= 0 {
		temp := s.temp.Xor(p, s.cube.VarMask[v])
		result.And(result, temp)
	}
	return result
}

// specialCases stores the answer for T in res and returns nil when a
// special case settles it; otherwise it returns the column counts of T
// (sccc_special_cases). The counts are valid until the next call.
func (s *scccer) specialCases(T cover.CubeList, res cover.Set) *cover.ColumnCounts {
	cube := s.cube
	cof := T.Cof

	// Empty cover: the complement is the universe.
	if len(T.Cubes) == 0 {
		res.Copy(cube.FullSet)
		return nil
	}
	// A row of 1's: the complement is empty.
	for _, p := range T.Cubes {
		if cube.FullRow(p, cof) {
			res.Clear()
			return nil
		}
	}

	d := &s.d
	cube.MassiveCountInto(d, T)

	// Unate cover (or a single cube): simple rules.
	if d.VarsUnate == d.VarsActive || len(T.Cubes) == 1 {
		res.Copy(cube.FullSet)
		temp := s.temp2
		for _, p := range T.Cubes {
			s.scccCube(res, temp.Or(p, cof))
		}
		return nil
	}

	// A column of 0's can be factored out.
	a := s.arena
	ceil := a.NewSet().Copy(cof)
	for _, p := range T.Cubes {
		ceil.Or(ceil, p)
	}
	if !ceil.Equal(cube.FullSet) {
		s.scccCube(res.Copy(cube.FullSet), ceil)
		if res.Equal(cube.FullSet) {
			return nil
		}
		// (sccc(T cofactored by ceil) ∩ ceil) ∪ (full ∩ result).
		left := a.NewSet()
		s.sccc(a.Cofactor(T, ceil), left)
		left.And(left, ceil)
		res.Or(left, res)
		return nil
	}

	// A single active column here means a tautology: the SCCC is empty.
	if d.VarsActive == 1 {
		res.Clear()
		return nil
	}

	// Components.
	if d.VarZeros[d.Best] < len(T.Cubes)/2 {
		A, B, n := a.Partition(T)
		if s.trace != nil {
			fmt.Fprintf(s.trace, "COMPONENT_REDUCTION: split into %d %d\n", len(T.Cubes)-n, n)
		}
		if n != 0 {
			s.sccc(A, res)
			b := a.NewSet()
			s.sccc(B, b)
			res.And(res, b)
			return nil
		}
	}
	return d
}
