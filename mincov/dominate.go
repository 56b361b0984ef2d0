package mincov

// RowDominance deletes every row of m that contains another row (a row is
// kept when an equal row has a smaller number) and returns how many rows it
// deleted (sm_row_dominance).
func (m *Matrix) RowDominance() int {
	before := m.nrows
	for r := m.firstRow; r != nil; r = r.next {
		m.deleteDominatedBy(r)
	}
	return before - m.nrows
}

// deleteDominatedBy deletes the rows that r dominates: those that contain
// it and are longer, or are equal to it with a larger number.
func (m *Matrix) deleteDominatedBy(r *Row) {
	// Among the columns of r, take the one with fewest rows; only rows
	// in that column can contain r.
	least := m.cols[r.first.Col]
	for p := r.first.link[inRow].next; p != nil; p = p.link[inRow].next {
		if c := m.cols[p.Col]; c.length < least.length {
			least = c
		}
	}
	var next *Element
	for p := least.first; p != nil; p = next {
		next = p.link[inCol].next
		r1 := m.rows[p.Row]
		if r1.length > r.length || (r1.length == r.length && r1.Num > r.Num) {
			if r.subsetOf(inRow, &r1.vector) {
				m.DelRow(r1.Num)
			}
		}
	}
}

// ColDominance deletes every column of m whose rows are all rows of another
// column that costs no more (a column is kept when an equal column has a
// smaller number), and returns how many columns it deleted
// (sm_col_dominance). weight gives the cost of each column by number; nil
// means every column costs 1.
func (m *Matrix) ColDominance(weight []int) int {
	before := m.ncols
	var nextCol *Col
	for c := m.firstCol; c != nil; c = nextCol {
		nextCol = c.next
		// Among the rows of c, take the one with fewest columns; only
		// columns in that row can contain c.
		least := m.rows[c.first.Row]
		for p := c.first.link[inCol].next; p != nil; p = p.link[inCol].next {
			if r := m.rows[p.Row]; r.length < least.length {
				least = r
			}
		}
		for p := least.first; p != nil; p = p.link[inRow].next {
			c1 := m.cols[p.Col]
			if weight != nil && weight[c1.Num] > weight[c.Num] {
				continue
			}
			if c1.length > c.length || (c1.length == c.length && c1.Num > c.Num) {
				if c.subsetOf(inCol, &c1.vector) {
					m.DelCol(c.Num)
					break
				}
			}
		}
	}
	return before - m.ncols
}
