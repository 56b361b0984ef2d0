package mincov

// maximalIndependentSet returns a set of pairwise disjoint rows of a (no
// column covers two of them), chosen greedily, as a solution whose "columns"
// are row numbers of a and whose cost is the sum over those rows of their
// cheapest column: a lower bound on the cost of any cover of a
// (sm_maximal_independent_set).
func maximalIndependentSet(a *Matrix, weight []int) *solution {
	indep := newSolution()
	b := intersectionMatrix(a)
	for b.nrows > 0 {
		// Take the row that meets the fewest rows (the first such).
		best := b.firstRow
		for r := best.next; r != nil; r = r.next {
			if r.length < best.length {
				best = r
			}
		}
		least := 1
		if weight != nil {
			r := a.Row(best.Num)
			least = weight[r.first.Col]
			for p := r.first.link[inRow].next; p != nil; p = p.link[inRow].next {
				if weight[p.Col] < least {
					least = weight[p.Col]
				}
			}
		}
		indep.cost += least
		indep.row.Insert(best.Num)

		// Discard the rows that meet this one.
		for _, i := range best.Cols() {
			b.DelRow(i)
			b.DelCol(i)
		}
	}
	return indep
}

// intersectionMatrix returns the matrix with a 1 at (i, j) for every two
// rows i, j of a that share a column, i = j included
// (build_intersection_matrix).
func intersectionMatrix(a *Matrix) *Matrix {
	b := NewMatrix()
	for r := a.firstRow; r != nil; r = r.next {
		for p := r.first; p != nil; p = p.link[inRow].next {
			for p1 := a.cols[p.Col].first; p1 != nil; p1 = p1.link[inCol].next {
				a.rows[p1.Row].flag = 0
			}
		}
		for p := r.first; p != nil; p = p.link[inRow].next {
			for p1 := a.cols[p.Col].first; p1 != nil; p1 = p1.link[inCol].next {
				if r1 := a.rows[p1.Row]; r1.flag == 0 {
					r1.flag = 1
					b.Insert(r.Num, r1.Num)
				}
			}
		}
	}
	return b
}
