package mincov

// maximalIndependentSet returns a set of pairwise disjoint rows of a (no
// column covers two of them), chosen greedily, as a solution whose "columns"
// are row numbers of a and whose cost is the sum over those rows of their
// cheapest column: a lower bound on the cost of any cover of a
// (sm_maximal_independent_set).
//
// 2.3 builds the row-intersection matrix B (a 1 at (i, j) when rows i and
// j share a column, i = j included), then repeatedly takes the row of B
// with fewest elements (the first such in row order) and deletes from B
// the rows and columns of all the rows it meets. B stays symmetric and
// keeps its diagonal, so those deletions never cascade beyond the rows met:
// what is left is B restricted to the rows not yet met, and the length of
// a row is the number of such rows it meets. This computes the same thing
// on adjacency lists with a count per row.
func maximalIndependentSet(a *Matrix, weight []int) *solution {
	var sc indepScratch
	return sc.maximalIndependentSet(a, weight)
}

// indepScratch keeps the slices of maximalIndependentSet from one call to
// the next.
type indepScratch struct {
	idx, start, flat, stamp, count, met []int
	alive                               []bool
	rows                                []*Row
}

// grow returns s resliced to n ints, reallocated if too short.
func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// maximalIndependentSet is the function of that name, on sc's slices.
func (sc *indepScratch) maximalIndependentSet(a *Matrix, weight []int) *solution {
	indep := newSolution()
	rows := sc.rows[:0]
	for r := a.firstRow; r != nil; r = r.next {
		rows = append(rows, r)
	}
	sc.rows = rows
	sc.idx = grow(sc.idx, len(a.rows))
	idx := sc.idx // row number -> position in rows
	for i, r := range rows {
		idx[r.Num] = i
	}

	// flat[start[i]:start[i+1]] lists the rows meeting row i, itself
	// included.
	start := grow(sc.start, len(rows)+1)
	start[0] = 0
	flat := sc.flat[:0]
	stamp := grow(sc.stamp, len(rows))
	clear(stamp)
	for i, r := range rows {
		for p := r.first; p != nil; p = p.link[inRow].next {
			for p1 := a.cols[p.Col].first; p1 != nil; p1 = p1.link[inCol].next {
				if j := idx[p1.Row]; stamp[j] != i+1 {
					stamp[j] = i + 1
					flat = append(flat, j)
				}
			}
		}
		start[i+1] = len(flat)
	}
	adj := func(i int) []int { return flat[start[i]:start[i+1]] }
	sc.start, sc.flat, sc.stamp = start, flat, stamp
	count := grow(sc.count, len(rows)) // rows still present that row i meets
	sc.count = count
	if cap(sc.alive) < len(rows) {
		sc.alive = make([]bool, len(rows))
	}
	alive := sc.alive[:len(rows)]
	for i := range rows {
		count[i] = start[i+1] - start[i]
		alive[i] = true
	}
	left := len(rows)
	met := sc.met[:0]
	for left > 0 {
		// Take the row that meets the fewest rows (the first such).
		best := -1
		for i := range rows {
			if alive[i] && (best < 0 || count[i] < count[best]) {
				best = i
			}
		}
		least := 1
		if weight != nil {
			r := rows[best]
			least = weight[r.first.Col]
			for p := r.first.link[inRow].next; p != nil; p = p.link[inRow].next {
				if weight[p.Col] < least {
					least = weight[p.Col]
				}
			}
		}
		indep.cost += least
		indep.row.Insert(rows[best].Num)

		// Discard the rows that meet this one.
		met = met[:0]
		for _, j := range adj(best) {
			if alive[j] {
				alive[j] = false
				met = append(met, j)
			}
		}
		left -= len(met)
		for _, j := range met {
			for _, k := range adj(j) {
				if alive[k] {
					count[k]--
				}
			}
		}
	}
	sc.met = met
	return indep
}
