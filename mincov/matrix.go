package mincov

import "fmt"

// Matrix is a sparse 0/1 matrix (sm_matrix). Its rows and its columns are
// each kept in a list ordered by number, and the elements of each row (each
// column) in a list ordered by column (row) number, so every traversal
// visits them in increasing order, as 2.3 does.
//
// Removing the last element of a row deletes the row, and removing the last
// element of a column deletes the column: a matrix never holds an empty row
// or column. Row and column numbers are any non-negative ints.
type Matrix struct {
	rows     []*Row // row headers by number; nil where the row is absent
	cols     []*Col // column headers by number
	firstRow *Row
	lastRow  *Row
	nrows    int
	firstCol *Col
	lastCol  *Col
	ncols    int
	// Storage of the elements and headers, reused by Reset.
	elems pool[Element]
	rowh  pool[Row]
	colh  pool[Col]
	// indep is the scratch of maximalIndependentSet when the matrix is
	// solved in place (CoverSetsWith), kept for the next problem.
	indep indepScratch
}

// NewMatrix returns an empty matrix (sm_alloc).
func NewMatrix() *Matrix { return &Matrix{} }

// NumRows returns the number of rows of m.
func (m *Matrix) NumRows() int { return m.nrows }

// NumCols returns the number of columns of m.
func (m *Matrix) NumCols() int { return m.ncols }

// FirstRow returns the row of m with the least number, or nil if m is empty.
func (m *Matrix) FirstRow() *Row { return m.firstRow }

// LastRow returns the row of m with the greatest number, or nil.
func (m *Matrix) LastRow() *Row { return m.lastRow }

// FirstCol returns the column of m with the least number, or nil.
func (m *Matrix) FirstCol() *Col { return m.firstCol }

// LastCol returns the column of m with the greatest number, or nil.
func (m *Matrix) LastCol() *Col { return m.lastCol }

// Row returns row i of m, or nil if m has no element in row i (sm_get_row).
func (m *Matrix) Row(i int) *Row {
	if i >= 0 && i < len(m.rows) {
		return m.rows[i]
	}
	return nil
}

// Col returns column j of m, or nil if m has no element in column j
// (sm_get_col).
func (m *Matrix) Col(j int) *Col {
	if j >= 0 && j < len(m.cols) {
		return m.cols[j]
	}
	return nil
}

// Rows returns the rows of m in increasing order. The slice is a snapshot;
// the rows are those of m.
func (m *Matrix) Rows() []*Row {
	out := make([]*Row, 0, m.nrows)
	for r := m.firstRow; r != nil; r = r.next {
		out = append(out, r)
	}
	return out
}

// Cols returns the columns of m in increasing order, as a snapshot.
func (m *Matrix) Cols() []*Col {
	out := make([]*Col, 0, m.ncols)
	for c := m.firstCol; c != nil; c = c.next {
		out = append(out, c)
	}
	return out
}

// Dup returns a copy of m (sm_dup).
func (m *Matrix) Dup() *Matrix {
	b := NewMatrix()
	if m.lastRow == nil {
		return b
	}
	b.grow(m.lastRow.Num, m.lastCol.Num)
	b.elems.reserve(m.NumElements())
	// The headers and elements are made in increasing order, so each
	// one goes at the end of its lists.
	for c := m.firstCol; c != nil; c = c.next {
		h := b.colh.get()
		h.Num = c.Num
		b.cols[c.Num] = h
		b.linkCol(h)
	}
	for r := m.firstRow; r != nil; r = r.next {
		h := b.rowh.get()
		h.Num = r.Num
		b.rows[r.Num] = h
		b.linkRow(h)
		for p := r.first; p != nil; p = p.link[inRow].next {
			e := b.newElement()
			e.Row = p.Row
			h.insert(inRow, p.Col, e)
			b.cols[p.Col].insert(inCol, p.Row, e)
		}
	}
	return b
}

// grow makes room for row and column numbers up to row and col (sm_resize).
func (m *Matrix) grow(row, col int) {
	if row >= len(m.rows) {
		n := max(2*len(m.rows), row+1)
		m.rows = append(m.rows, make([]*Row, n-len(m.rows))...)
	}
	if col >= len(m.cols) {
		n := max(2*len(m.cols), col+1)
		m.cols = append(m.cols, make([]*Col, n-len(m.cols))...)
	}
}

// Insert puts a 1 at (row, col) and returns its element; if the element
// is already there, it returns the existing one (sm_insert). row and col
// must not be negative.
func (m *Matrix) Insert(row, col int) *Element {
	if row < 0 || col < 0 {
		panic(fmt.Sprintf("mincov: Matrix.Insert(%d, %d): negative index", row, col))
	}
	if row >= len(m.rows) || col >= len(m.cols) {
		m.grow(row, col)
	}
	r := m.rows[row]
	if r == nil {
		r = m.rowh.get()
		r.Num = row
		m.rows[row] = r
		m.linkRow(r)
	}
	c := m.cols[col]
	if c == nil {
		c = m.colh.get()
		c.Num = col
		m.cols[col] = c
		m.linkCol(c)
	}
	e := m.newElement()
	got := r.insert(inRow, col, e)
	if got == e {
		c.insert(inCol, row, e)
	} else {
		m.elems.put(e) // not used: hand it out again
	}
	return got
}

// newElement returns a zeroed element.
func (m *Matrix) newElement() *Element { return m.elems.get() }

// Reset empties m, keeping its storage to build another matrix in: the
// rows, columns and elements obtained from m before must not be used
// afterwards.
func (m *Matrix) Reset() {
	clear(m.rows)
	clear(m.cols)
	m.firstRow, m.lastRow, m.nrows = nil, nil, 0
	m.firstCol, m.lastCol, m.ncols = nil, nil, 0
	m.elems.reset()
	m.rowh.reset()
	m.colh.reset()
}

// linkRow puts the new header r into the ordered list of rows.
func (m *Matrix) linkRow(r *Row) {
	switch {
	case m.lastRow == nil:
		m.firstRow, m.lastRow = r, r
	case m.lastRow.Num < r.Num:
		r.prev = m.lastRow
		m.lastRow.next = r
		m.lastRow = r
	case m.firstRow.Num > r.Num:
		r.next = m.firstRow
		m.firstRow.prev = r
		m.firstRow = r
	default:
		// The next header present in m.rows follows it: scanning
		// there costs the gap to it, not the headers before it, which
		// keeps inserting columns in no order from being quadratic.
		p := m.nextRow(r.Num)
		r.prev, r.next = p.prev, p
		p.prev.next = r
		p.prev = r
	}
	m.nrows++
}

// linkCol puts the new header c into the ordered list of columns.
func (m *Matrix) linkCol(c *Col) {
	switch {
	case m.lastCol == nil:
		m.firstCol, m.lastCol = c, c
	case m.lastCol.Num < c.Num:
		c.prev = m.lastCol
		m.lastCol.next = c
		m.lastCol = c
	case m.firstCol.Num > c.Num:
		c.next = m.firstCol
		m.firstCol.prev = c
		m.firstCol = c
	default:
		// The next header present in m.cols follows it: scanning
		// there costs the gap to it, not the headers before it, which
		// keeps inserting columns in no order from being quadratic.
		p := m.nextCol(c.Num)
		c.prev, c.next = p.prev, p
		p.prev.next = c
		p.prev = c
	}
	m.ncols++
}

// nextRow returns the header of the least row above i; there must be one.
func (m *Matrix) nextRow(i int) *Row {
	for _, r := range m.rows[i+1:] {
		if r != nil {
			return r
		}
	}
	panic("mincov: no row after a row being linked")
}

// nextCol returns the header of the least column above j; there must be
// one.
func (m *Matrix) nextCol(j int) *Col {
	for _, c := range m.cols[j+1:] {
		if c != nil {
			return c
		}
	}
	panic("mincov: no column after a column being linked")
}

func (m *Matrix) unlinkRow(r *Row) {
	if r.prev == nil {
		m.firstRow = r.next
	} else {
		r.prev.next = r.next
	}
	if r.next == nil {
		m.lastRow = r.prev
	} else {
		r.next.prev = r.prev
	}
	r.prev, r.next = nil, nil
	m.nrows--
}

func (m *Matrix) unlinkCol(c *Col) {
	if c.prev == nil {
		m.firstCol = c.next
	} else {
		c.prev.next = c.next
	}
	if c.next == nil {
		m.lastCol = c.prev
	} else {
		c.next.prev = c.prev
	}
	c.prev, c.next = nil, nil
	m.ncols--
}

// Find returns the element at (row, col), or nil (sm_find).
func (m *Matrix) Find(row, col int) *Element {
	r := m.Row(row)
	if r == nil {
		return nil
	}
	c := m.Col(col)
	if c == nil {
		return nil
	}
	if r.length < c.length {
		return r.Find(col)
	}
	return c.Find(row)
}

// Remove deletes the element at (row, col) if there is one (sm_remove).
func (m *Matrix) Remove(row, col int) { m.RemoveElement(m.Find(row, col)) }

// RemoveElement deletes element e of m; a row or column left empty is
// deleted too (sm_remove_element). A nil e is ignored.
func (m *Matrix) RemoveElement(e *Element) {
	if e == nil {
		return
	}
	r := m.Row(e.Row)
	r.unlink(inRow, e)
	if r.first == nil {
		m.DelRow(e.Row)
	}
	c := m.Col(e.Col)
	c.unlink(inCol, e)
	if c.first == nil {
		m.DelCol(e.Col)
	}
	m.elems.put(e)
}

// DelRow deletes row i and its elements; columns left empty are deleted
// (sm_delrow). A missing row is ignored. The storage of what it deletes is
// handed out again by later insertions, so pointers to them must not be
// used after the next Insert.
func (m *Matrix) DelRow(i int) {
	r := m.Row(i)
	if r == nil {
		return
	}
	var next *Element
	for p := r.first; p != nil; p = next {
		next = p.link[inRow].next
		c := m.cols[p.Col]
		c.unlink(inCol, p)
		if c.first == nil {
			m.DelCol(c.Num)
		}
		m.elems.put(p)
	}
	m.rows[i] = nil
	m.unlinkRow(r)
	r.first, r.last, r.length = nil, nil, 0
	m.rowh.put(r)
}

// DelCol deletes column j and its elements; rows left empty are deleted
// (sm_delcol). A missing column is ignored. As with DelRow, pointers to
// what it deletes must not be used after the next Insert.
func (m *Matrix) DelCol(j int) {
	c := m.Col(j)
	if c == nil {
		return
	}
	var next *Element
	for p := c.first; p != nil; p = next {
		next = p.link[inCol].next
		r := m.rows[p.Row]
		r.unlink(inRow, p)
		if r.first == nil {
			m.DelRow(r.Num)
		}
		m.elems.put(p)
	}
	m.cols[j] = nil
	m.unlinkCol(c)
	c.first, c.last, c.length = nil, nil, 0
	m.colh.put(c)
}

// CopyRow inserts into row destRow of m a 1 in every column of r
// (sm_copy_row).
func (m *Matrix) CopyRow(destRow int, r *Row) {
	for p := r.first; p != nil; p = p.link[inRow].next {
		m.Insert(destRow, p.Col)
	}
}

// CopyCol inserts into column destCol of m a 1 in every row of c. (2.3's
// sm_copy_col swaps the two indices; nothing in ESPRESSO calls it, and this
// one does what its name says.)
func (m *Matrix) CopyCol(destCol int, c *Col) {
	for p := c.first; p != nil; p = p.link[inCol].next {
		m.Insert(p.Row, destCol)
	}
}

// LongestRow returns the first row with the most elements, or nil if m is
// empty (sm_longest_row).
func (m *Matrix) LongestRow() *Row {
	var best *Row
	n := 0
	for r := m.firstRow; r != nil; r = r.next {
		if r.length > n {
			n, best = r.length, r
		}
	}
	return best
}

// LongestCol returns the first column with the most elements, or nil
// (sm_longest_col).
func (m *Matrix) LongestCol() *Col {
	var best *Col
	n := 0
	for c := m.firstCol; c != nil; c = c.next {
		if c.length > n {
			n, best = c.length, c
		}
	}
	return best
}

// NumElements returns the number of 1s in m (sm_num_elements).
func (m *Matrix) NumElements() int {
	n := 0
	for r := m.firstRow; r != nil; r = r.next {
		n += r.length
	}
	return n
}
