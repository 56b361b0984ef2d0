package mincov

import "math"

// A stronger lower bound than 2.3's independent set, used only to prune.
//
// For a covering matrix with column costs w_j, any multipliers u_r >= 0
// on the rows give the Lagrangian lower bound
//
//	L(u) = sum_r u_r + sum_j min(0, w_j - sum_{r in column j} u_r)
//
// on the cost of every cover (each column taken contributes at least its
// reduced cost, and every row is met at least once). With integer costs,
// ceil(L(u)) is a lower bound too. The multipliers are improved by
// subgradient steps, starting from those of the previous call (kept by
// row number), since the matrices of consecutive nodes of the search are
// nearly the same.
//
// Why this does not change the answer of sm_mincov: the search cuts a
// subtree when its lower bound reaches the bound, and after the first
// branch stops when that branch's cover costs the lower bound. With any
// valid lower bound at least as large as 2.3's, a subtree cut early holds
// no cover cheaper than the bound (so 2.3 would have found nothing there),
// and a first branch meeting the larger bound is optimal (so 2.3's second
// branch would have found nothing strictly cheaper, and solution_choose_best
// keeps the first on ties). The branching column is still chosen from 2.3's
// independent set. Only the node counts and the printed "lb=" values would
// differ, so the extra bound is not used when a trace is printed.

// lagrange holds the multipliers and scratch space of the bound.
type lagrange struct {
	u      []float64 // multiplier by row number
	colIdx []int     // column number -> index into w, red
	w      []float64 // cost of each column of the current matrix
	red    []float64 // reduced cost of each column
	neg    []int32   // 1 for a column of negative reduced cost, else 0
	start  []int     // the columns of row i are cols[start[i]:start[i+1]]
	cols   []int32
	rowNum []int // row number of each row
	g      []float64
	best   []float64 // multipliers giving the best bound
	uLocal []float64 // the multipliers of the rows of the current matrix
	colLen []int     // the length of each column
}

// maxLagrangeIter caps the subgradient steps per node; the steps also stop
// once the step size has been halved six times without progress (on
// ex5's table, 300 steps and this stop leave 2877 nodes where 40 steps
// leave 6672, and 1000 steps give no higher bound at the root).
const maxLagrangeIter = 300

// lowerBound returns a lower bound on the cost of any cover of a (not
// counting what is selected already), at least floor; it stops improving
// once the bound reaches target, which is all the caller needs.
func (lg *lagrange) lowerBound(a *Matrix, weight []int, floor, target int) int {
	if a.nrows == 0 || floor >= target {
		return floor
	}
	lg.load(a, weight)
	u := lg.startMultipliers(a)
	bestL := math.Inf(-1)
	result := floor
	step := 1.0
	sinceBest := 0
	for iter := 0; iter < maxLagrangeIter; iter++ {
		L := lg.bound(u)
		if L > bestL+1e-9 {
			bestL = L
			copy(lg.best, u)
			sinceBest = 0
			// The costs are integers: round up, less a margin for the
			// rounding errors of the sums.
			if b := int(math.Ceil(L - 1e-6*max(1, math.Abs(L)))); b > result {
				result = b
				if result >= target {
					break
				}
			}
		} else if sinceBest++; sinceBest >= 4 {
			step /= 2
			sinceBest = 0
			if step < 1.0/64 {
				break
			}
		}
		norm := lg.subgradient(u)
		if norm == 0 {
			break // u is optimal
		}
		goal := float64(target) + 0.5
		t := step * (goal - L) / norm
		for i := range u {
			u[i] = max(0, u[i]+t*lg.g[i])
		}
	}
	for i, num := range lg.rowNum {
		lg.u[num] = lg.best[i]
	}
	return result
}

// load copies a compactly into lg: the cost of each column (w), and the
// columns of each row as indexes into w (cols[start[i]:start[i+1]]), with
// the row's number (rowNum); it sizes the scratch for a's rows and columns.
func (lg *lagrange) load(a *Matrix, weight []int) {
	if n := len(a.cols); len(lg.colIdx) < n {
		lg.colIdx = make([]int, n)
	}
	if n := len(a.rows); len(lg.u) < n {
		u := make([]float64, n)
		copy(u, lg.u)
		lg.u = u
	}
	lg.w = lg.w[:0]
	for c := a.firstCol; c != nil; c = c.next {
		lg.colIdx[c.Num] = len(lg.w)
		lg.w = append(lg.w, float64(weightOf(weight, c.Num)))
	}
	ncols := len(lg.w)
	lg.start = append(lg.start[:0], 0)
	lg.cols = lg.cols[:0]
	lg.rowNum = lg.rowNum[:0]
	for r := a.firstRow; r != nil; r = r.next {
		for p := r.first; p != nil; p = p.link[inRow].next {
			lg.cols = append(lg.cols, int32(lg.colIdx[p.Col]))
		}
		lg.start = append(lg.start, len(lg.cols))
		lg.rowNum = append(lg.rowNum, r.Num)
	}
	nrows := len(lg.rowNum)
	if cap(lg.red) < ncols {
		lg.red = make([]float64, ncols)
	}
	lg.red = lg.red[:ncols]
	if cap(lg.neg) < ncols {
		lg.neg = make([]int32, ncols)
	}
	if cap(lg.g) < nrows {
		lg.g = make([]float64, nrows)
		lg.best = make([]float64, nrows)
	}
	lg.g, lg.best = lg.g[:nrows], lg.best[:nrows]
}

// startMultipliers returns the multipliers of the loaded rows to start
// from: those of the last call; a row whose multiplier is zero (never
// seen, or dropped to zero) starts at the least cost per row of its
// columns. The slice is a local view, written back by lowerBound.
func (lg *lagrange) startMultipliers(a *Matrix) []float64 {
	nrows, ncols := len(lg.rowNum), len(lg.w)
	if cap(lg.uLocal) < nrows {
		lg.uLocal = make([]float64, nrows)
	}
	u := lg.uLocal[:nrows]
	for i, num := range lg.rowNum {
		u[i] = lg.u[num]
	}
	var colLen []int
	for i := range u {
		if u[i] > 0 {
			continue
		}
		if colLen == nil {
			if cap(lg.colLen) < ncols {
				lg.colLen = make([]int, ncols)
			}
			colLen = lg.colLen[:ncols]
			for c := a.firstCol; c != nil; c = c.next {
				colLen[lg.colIdx[c.Num]] = c.length
			}
		}
		m := math.Inf(1)
		for _, k := range lg.cols[lg.start[i]:lg.start[i+1]] {
			m = min(m, lg.w[k]/float64(colLen[k]))
		}
		u[i] = m
	}
	return u
}

// bound returns L(u), leaving the reduced cost of each column in red and
// whether it is negative in neg.
func (lg *lagrange) bound(u []float64) float64 {
	cols, start, red := lg.cols, lg.start, lg.red
	copy(red, lg.w)
	L := 0.0
	for i, ui := range u {
		if ui == 0 {
			continue
		}
		L += ui
		for _, k := range cols[start[i]:start[i+1]] {
			red[k] -= ui
		}
	}
	neg := lg.neg[:len(red)]
	for k, c := range red {
		L += min(c, 0)
		neg[k] = int32(math.Float64bits(c) >> 63) // 1 when c < 0 (or -0)
	}
	return L
}

// subgradient sets g to the subgradient at u, 1 - (the number of columns
// of negative reduced cost in the row), kept from pointing below zero where
// u is zero already, and returns its squared norm.
func (lg *lagrange) subgradient(u []float64) float64 {
	cols, start, neg := lg.cols, lg.start, lg.neg
	norm := 0.0
	g := lg.g
	for i := range g {
		var n int32
		for _, k := range cols[start[i]:start[i+1]] {
			n += neg[k]
		}
		gi := 1 - float64(n)
		if gi < 0 && u[i] <= 0 {
			gi = 0
		}
		g[i] = gi
		norm += gi * gi
	}
	return norm
}
