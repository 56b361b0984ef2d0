package mincov

import (
	"errors"
	"fmt"
	"io"
	"time"
)

// Options control MinimumCover.
type Options struct {
	// Weight is the cost of each column, indexed by column number; nil
	// means every column costs 1. Gimpel's reduction is used only without
	// weights, as in 2.3.
	Weight []int

	// Heuristic stops the search at the first leaf reached by always
	// taking the chosen column (no branching): a good cover, not
	// necessarily a minimum one.
	Heuristic bool

	// DebugLevel > 0 traces the search down to that recursion depth, and
	// prints a summary at the end, on Debug (2.3's debug_level, which
	// prints on stdout). Nothing is printed when Debug is nil.
	DebugLevel int
	Debug      io.Writer

	// Clock returns the time used so far, for the times in the trace
	// (2.3 prints CPU time); nil measures wall-clock time.
	Clock func() time.Duration

	// plainBound bounds the search with 2.3's independent set only, for
	// tests comparing the answers with and without the stronger bound.
	plainBound bool
	// nodes, when not nil, receives the number of nodes searched.
	nodes *int
}

// stats is 2.3's stats_t: search statistics and debugging state.
type stats struct {
	debug         bool
	maxPrintDepth int
	maxDepth      int
	nodes         int
	component     int // > 0 while solving a component of a partition
	compCount     int
	gimpelCount   int
	gimpel        int // depth of nested Gimpel reductions (each costs 1)
	start         time.Duration
	noBranching   bool
	lowerBound    int
}

// solver holds what sm_mincov's recursion shares.
type solver struct {
	weight []int
	stats  stats
	w      io.Writer
	clock  func() time.Duration
	// lg computes a stronger lower bound used only to prune (see
	// lagrange.go); nil when 2.3's bound alone is used.
	lg *lagrange
	// indep is the scratch space of maximalIndependentSet.
	indep *indepScratch
}

// printTime formats a duration as util_print_time does.
func printTime(d time.Duration) string {
	t := d.Milliseconds()
	return fmt.Sprintf("%d.%02d sec", t/1000, (t%1000)/10)
}

func (s *solver) elapsed() string { return printTime(s.clock() - s.stats.start) }

func (s *solver) printf(format string, args ...any) { fmt.Fprintf(s.w, format, args...) }

// MinimumCover returns a set of columns of a that covers every row (has
// a column in every row) at the least total cost, or, with
// opt.Heuristic, a good cover found without backtracking
// (sm_minimum_cover). a is not changed. The result is a standalone row
// holding the chosen column numbers.
func MinimumCover(a *Matrix, opt Options) (*Row, error) {
	return minimumCover(a, opt, false)
}

// minimumCover is MinimumCover; when owned is true the caller gives a
// up, so the search works on a itself instead of a copy, and the final
// check that the result covers a is left to the caller.
func minimumCover(a *Matrix, opt Options, owned bool) (*Row, error) {
	if a.nrows <= 0 {
		return NewRow(), nil
	}
	if opt.Weight != nil {
		if a.lastCol.Num >= len(opt.Weight) {
			return nil, fmt.Errorf("mincov: column %d has no weight (%d weights)",
				a.lastCol.Num, len(opt.Weight))
		}
	}
	s := &solver{weight: opt.Weight, w: opt.Debug, clock: opt.Clock}
	if s.clock == nil {
		t0 := time.Now()
		s.clock = func() time.Duration { return time.Since(t0) }
	}
	s.stats = stats{
		start:         s.clock(),
		debug:         opt.DebugLevel > 0 && opt.Debug != nil,
		maxPrintDepth: opt.DebugLevel,
		maxDepth:      -1,
		noBranching:   opt.Heuristic,
		lowerBound:    -1,
	}
	if !opt.Heuristic && !s.stats.debug && !opt.plainBound {
		s.lg = &lagrange{}
	}

	nelem := a.NumElements()
	nrows, ncols := a.nrows, a.ncols
	sparsity := float64(nelem) / float64(nrows*ncols)

	// An upper bound: one more than the cost of all columns.
	bound := 1
	for c := a.firstCol; c != nil; c = c.next {
		bound += weightOf(s.weight, c.Num)
	}

	work := a
	if owned {
		s.indep = &a.indep
	} else {
		work = a.Dup()
		s.indep = new(indepScratch)
	}
	best := s.mincov(work, newSolution(), 0, bound, 0)
	if best == nil {
		// Cannot happen: taking every column beats the bound.
		return nil, errors.New("mincov: internal error -- no cover found")
	}

	if opt.nodes != nil {
		*opt.nodes = s.stats.nodes
	}
	if s.stats.debug {
		if s.stats.noBranching {
			s.printf("**** heuristic covering ...\n")
			s.printf("lower bound = %d\n", s.stats.lowerBound)
		}
		s.printf("matrix     = %d by %d with %d elements (%4.3f%%)\n",
			nrows, ncols, nelem, sparsity*100.0)
		s.printf("cover size = %d elements\n", best.row.length)
		s.printf("cover cost = %d\n", best.cost)
		s.printf("time       = %s\n", s.elapsed())
		s.printf("components = %d\n", s.stats.compCount)
		s.printf("gimpel     = %d\n", s.stats.gimpelCount)
		s.printf("nodes      = %d\n", s.stats.nodes)
		s.printf("max_depth  = %d\n", s.stats.maxDepth)
	}

	sol := best.row.Dup()
	if !owned && !covers(a, sol) {
		return nil, errors.New("mincov: internal error -- cover verification failed")
	}
	return sol, nil
}

// covers reports whether every row of a has a column in cover
// (verify_cover).
func covers(a *Matrix, cover *Row) bool {
	for r := a.firstRow; r != nil; r = r.next {
		if !r.Intersects(cover) {
			return false
		}
	}
	return true
}

// mincov finds the best cover of a given the columns already in sel,
// consuming a and sel (sm_mincov). It gives up (returns nil) when no
// solution can cost less than bound, and stops as soon as a solution
// meets the lower bound lb.
func (s *solver) mincov(a *Matrix, sel *solution, lb, bound, depth int) *solution {
	st := &s.stats
	st.nodes++
	if depth > st.maxDepth {
		st.maxDepth = depth
	}
	debug := st.debug && depth <= st.maxPrintDepth

	// Row dominance, column dominance and essential columns.
	s.selectEssential(a, sel, bound)
	if sel.cost >= bound {
		return nil
	}

	if s.weight == nil { // 2.3: "hack until we fix it"
		if best, ok := s.gimpelReduce(a, sel, lb, bound, depth); ok {
			return best
		}
	}

	lbNew := lb
	if s.lg != nil && a.nrows > 0 {
		// A stronger lower bound, which only prunes more: the answer
		// stays 2.3's (lagrange.go). When it cuts, 2.3's independent
		// set is not needed (its only other use is in the trace).
		lbNew = max(lb, sel.cost+s.lg.lowerBound(a, s.weight, max(lb-sel.cost, 0), bound-sel.cost))
		if lbNew >= bound {
			return nil
		}
	}

	// A lower bound from here to a solution: an independent set of rows.
	indep := s.indep.maximalIndependentSet(a, s.weight)
	lbNew = max(sel.cost+indep.cost, lbNew) // keep the bound monotone
	pick := s.selectColumn(a, indep)

	if depth == 0 {
		st.lowerBound = lbNew + st.gimpel
	}

	if debug {
		star := " "
		if st.component != 0 {
			star = "*"
		}
		s.printf("ABSMIN[%2d]%s", depth, star)
		s.printf(" %3dx%3d sel=%3d bnd=%3d lb=%3d %12s ",
			a.nrows, a.ncols, sel.cost+st.gimpel, bound+st.gimpel,
			lbNew+st.gimpel, s.elapsed())
	}

	var best *solution
	if lbNew >= bound {
		// No better solution is possible.
		if debug {
			s.printf("bounded\n")
		}
		return nil
	}

	if a.nrows == 0 {
		// Everything is covered: a new best solution.
		best = sel.dup()
		if debug {
			s.printf("BEST\n")
		}
		if st.debug && st.component == 0 {
			s.printf("new 'best' solution %d at level %d (time is %s)\n",
				best.cost+st.gimpel, depth, s.elapsed())
		}
		return best
	}

	if l, r, ok := a.BlockPartition(); ok {
		// Solve the smaller block (by columns) first.
		if l.ncols > r.ncols {
			l, r = r, l
		}
		if debug {
			s.printf("comp %d %d\n", l.nrows, r.nrows)
		}
		st.compCount++

		st.component++
		best1 := s.mincov(l, newSolution(), 0, bound-sel.cost, depth+1)
		st.component--

		if best1 == nil {
			return nil
		}
		for p := best1.row.first; p != nil; p = p.link[inRow].next {
			sel.add(s.weight, p.Col)
		}
		// Recur for the remaining block.
		return s.mincov(r, sel, lbNew, bound, depth+1)
	}

	// Branch on the picked column: first take it ...
	if debug {
		s.printf("pick=%d\n", pick)
	}
	// Heuristic covering never comes back for the second branch, so it
	// may consume a and sel instead of copies.
	a1, sel1 := a, sel
	if !st.noBranching {
		a1, sel1 = a.Dup(), sel.dup()
	}
	sel1.accept(a1, s.weight, pick)
	best1 := s.mincov(a1, sel1, lbNew, bound, depth+1)

	if best1 != nil && bound > best1.cost {
		bound = best1.cost
	}
	if st.noBranching {
		return best1 // heuristic covering
	}
	if best1 != nil && best1.cost == lbNew {
		return best1 // it meets the lower bound: optimum
	}

	// ... then do without it.
	a2 := a.Dup()
	sel2 := sel.dup()
	sel2.reject(a2, pick)
	best2 := s.mincov(a2, sel2, lbNew, bound, depth+1)

	return chooseBest(best1, best2)
}

// selectColumn picks the column to branch on: among the columns of the
// rows of the independent set, the one maximizing the sum over its rows of
// 1/(row length - 1), divided by its weight; the first in column order on
// a tie. It returns -1 when there is none (select_column).
func (s *solver) selectColumn(a *Matrix, indep *solution) int {
	cand := NewRow()
	if indep != nil {
		for p := indep.row.first; p != nil; p = p.link[inRow].next {
			for p1 := a.rows[p.Col].first; p1 != nil; p1 = p1.link[inRow].next {
				cand.Insert(p1.Col)
			}
		}
	} else {
		for c := a.firstCol; c != nil; c = c.next {
			cand.Insert(c.Num)
		}
	}

	bestCol := -1
	best := -1.0
	for p1 := cand.first; p1 != nil; p1 = p1.link[inRow].next {
		c := a.cols[p1.Col]
		w := 0.0
		for p := c.first; p != nil; p = p.link[inCol].next {
			w += 1.0 / (float64(a.rows[p.Row].length) - 1.0)
		}
		w = w / float64(weightOf(s.weight, c.Num))
		if w > best {
			bestCol = c.Num
			best = w
		}
	}
	return bestCol
}

// selectEssential applies column dominance, takes the columns of the rows
// with one column, and applies row dominance, until nothing changes; it
// stops early once sel costs bound or more (select_essential).
func (s *solver) selectEssential(a *Matrix, sel *solution, bound int) {
	for {
		delCols := a.ColDominance(s.weight)

		// The rows with a single column, and those columns.
		essen := NewRow()
		for r := a.firstRow; r != nil; r = r.next {
			if r.length == 1 {
				essen.Insert(r.first.Col)
			}
		}
		for p := essen.first; p != nil; p = p.link[inRow].next {
			sel.accept(a, s.weight, p.Col)
			if sel.cost >= bound {
				return
			}
		}

		delRows := a.RowDominance()
		if delCols == 0 && delRows == 0 && essen.length == 0 {
			return
		}
	}
}
