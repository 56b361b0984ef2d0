package mincov

// indepScratch keeps the slices of maximalIndependentSet from one call to
// the next.
type indepScratch struct {
	idx, start, flat, stamp, count, met []int
	bits                                []uint64
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

// maximalIndependentSet returns a set of pairwise disjoint rows of a (no
// column covers two of them), chosen greedily, as a solution whose "columns"
// are row numbers of a and whose cost is the sum over those rows of their
// cheapest column: a lower bound on the cost of any cover of a
// (sm_maximal_independent_set). It works on sc's slices.
//
// 2.3 builds the row-intersection matrix B (a 1 at (i, j) when rows i and
// j share a column, i = j included), then repeatedly takes the row of B
// with fewest elements (the first such in row order) and deletes from B
// the rows and columns of all the rows it meets. B stays symmetric and
// keeps its diagonal, so those deletions never cascade beyond the rows met:
// what is left is B restricted to the rows not yet met, and the length of
// a row is the number of such rows it meets. This computes the same thing
// on adjacency lists with a count per row.
func (sc *indepScratch) maximalIndependentSet(a *Matrix, weight []int) *solution {
	indep := newSolution()
	rows := sc.rows[:0]
	for r := a.firstRow; r != nil; r = r.next {
		rows = append(rows, r)
	}
	sc.rows = rows

	// Building the adjacency lists costs a step per pair of elements in
	// a column; comparing every pair of rows as bit sets over the columns
	// costs a word per pair and word of columns. On tables with few
	// columns and long ones, the latter is much less.
	var listCost int
	for c := a.firstCol; c != nil; c = c.next {
		listCost += c.length * c.length
	}
	if w := (a.ncols + 63) / 64; len(rows)*len(rows)/2*w < listCost {
		sc.denseIndependentSet(a, weight, indep)
	} else {
		sc.listIndependentSet(a, weight, indep)
	}
	return indep
}

// listIndependentSet is maximalIndependentSet on sc.rows (the rows of a)
// with the rows each row meets in adjacency lists. It adds the rows chosen
// to indep.
func (sc *indepScratch) listIndependentSet(a *Matrix, weight []int, indep *solution) {
	rows := sc.rows
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
		indep.addRow(rows[best], weight)

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
}

// addRow puts row r into the independent set, adding its cheapest column's
// weight (1 when weight is nil) to the cost.
func (indep *solution) addRow(r *Row, weight []int) {
	least := 1
	if weight != nil {
		least = weight[r.first.Col]
		for p := r.first.link[inRow].next; p != nil; p = p.link[inRow].next {
			if weight[p.Col] < least {
				least = weight[p.Col]
			}
		}
	}
	indep.cost += least
	indep.row.Insert(r.Num)
}

// denseIndependentSet is maximalIndependentSet on sc.rows (the rows of a)
// held as bit sets over the columns of a: two rows meet when their sets
// share a bit. It adds to indep the rows the adjacency lists would give.
func (sc *indepScratch) denseIndependentSet(a *Matrix, weight []int, indep *solution) {
	rows := sc.rows
	n := len(rows)
	sc.idx = grow(sc.idx, len(a.cols))
	bit := sc.idx // column number -> bit position
	nc := 0
	for c := a.firstCol; c != nil; c = c.next {
		bit[c.Num] = nc
		nc++
	}
	w := (nc + 63) / 64
	if cap(sc.bits) < n*w {
		sc.bits = make([]uint64, n*w)
	}
	bits := sc.bits[:n*w]
	clear(bits)
	for i, r := range rows {
		set := bits[i*w : (i+1)*w]
		for p := r.first; p != nil; p = p.link[inRow].next {
			b := bit[p.Col]
			set[b/64] |= 1 << (b % 64)
		}
	}
	meets := func(i, j int) bool {
		x, y := bits[i*w:(i+1)*w], bits[j*w:(j+1)*w]
		for k := range x {
			if x[k]&y[k] != 0 {
				return true
			}
		}
		return false
	}

	count := grow(sc.count, n) // rows still present that row i meets
	sc.count = count
	for i := range count {
		count[i] = 1 // itself
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if meets(i, j) {
				count[i]++
				count[j]++
			}
		}
	}
	alive := grow(sc.start, n) // positions of the rows still present, in order
	sc.start = alive
	for i := range alive {
		alive[i] = i
	}
	met := sc.met[:0]
	for len(alive) > 0 {
		best := alive[0]
		for _, i := range alive[1:] {
			if count[i] < count[best] {
				best = i
			}
		}
		indep.addRow(rows[best], weight)

		// Discard the rows that meet this one, and uncount them.
		met = met[:0]
		left := alive[:0]
		for _, j := range alive {
			if j == best || meets(best, j) {
				met = append(met, j)
			} else {
				left = append(left, j)
			}
		}
		alive = left
		for _, k := range alive {
			for _, j := range met {
				if meets(j, k) {
					count[k]--
				}
			}
		}
	}
	sc.met = met
}
