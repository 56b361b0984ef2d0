package mincov

// BlockPartition splits m into two independent blocks when its rows and
// columns do not form one connected component (sm_block_partition). It
// reports false, and returns nil matrices, when m is empty or connected;
// otherwise l holds the rows connected to the first row of m and r all the
// others, each with their original row and column numbers.
func (m *Matrix) BlockPartition() (l, r *Matrix, ok bool) {
	if m.nrows == 0 {
		return nil, nil, false
	}
	for row := m.firstRow; row != nil; row = row.next {
		row.flag = 0
	}
	for col := m.firstCol; col != nil; col = col.next {
		col.flag = 0
	}
	v := visitor{m: m}
	if v.visitRow(m.firstRow) {
		return nil, nil, false // every row was reached
	}
	l, r = NewMatrix(), NewMatrix()
	for row := m.firstRow; row != nil; row = row.next {
		dst := r
		if row.flag != 0 {
			dst = l
		}
		for p := row.first; p != nil; p = p.link[inRow].next {
			dst.Insert(p.Row, p.Col)
		}
	}
	return l, r, true
}

// visitor walks the connected component of a row, marking rows and
// columns; it stops, reporting true, once it has seen every row or every
// column (visit_row, visit_col).
type visitor struct {
	m          *Matrix
	rows, cols int
}

func (v *visitor) visitCol(c *Col) bool {
	if c.flag == 0 {
		c.flag = 1
		if v.cols++; v.cols == v.m.ncols {
			return true
		}
		for p := c.first; p != nil; p = p.link[inCol].next {
			if r := v.m.rows[p.Row]; r.flag == 0 && v.visitRow(r) {
				return true
			}
		}
	}
	return false
}

func (v *visitor) visitRow(r *Row) bool {
	if r.flag == 0 {
		r.flag = 1
		if v.rows++; v.rows == v.m.nrows {
			return true
		}
		for p := r.first; p != nil; p = p.link[inRow].next {
			if c := v.m.cols[p.Col]; c.flag == 0 && v.visitCol(c) {
				return true
			}
		}
	}
	return false
}
