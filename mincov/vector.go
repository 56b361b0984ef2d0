package mincov

import (
	"fmt"
	"io"
)

// Directions an element is linked in.
const (
	inRow = 0 // neighbours in the same row, ordered by column number
	inCol = 1 // neighbours in the same column, ordered by row number
)

type links struct{ prev, next *Element }

// Element is a 1 of a sparse matrix, or a member of a standalone row or
// column vector (sm_element).
type Element struct {
	Row  int // row number (unused in a standalone row vector)
	Col  int // column number (unused in a standalone column vector)
	link [2]links
}

// NextInRow returns the element after e in its row, that is the next
// column (next_col), or nil.
func (e *Element) NextInRow() *Element { return e.link[inRow].next }

// PrevInRow returns the element before e in its row (prev_col), or nil.
func (e *Element) PrevInRow() *Element { return e.link[inRow].prev }

// NextInCol returns the element after e in its column, that is the next
// row (next_row), or nil.
func (e *Element) NextInCol() *Element { return e.link[inCol].next }

// PrevInCol returns the element before e in its column (prev_row), or nil.
func (e *Element) PrevInCol() *Element { return e.link[inCol].prev }

func (e *Element) key(dir int) int {
	if dir == inRow {
		return e.Col
	}
	return e.Row
}

func (e *Element) setKey(dir, k int) {
	if dir == inRow {
		e.Col = k
	} else {
		e.Row = k
	}
}

// vector is an ordered list of elements: the body shared by rows and
// columns (rows.c and cols.c are one algorithm written twice).
type vector struct {
	length int
	flag   int // scratch mark used by the algorithms of this package
	first  *Element
	last   *Element
}

// insert puts e, keyed k in direction dir, into the list unless an element
// keyed k is there already; it returns the element in the list
// (sorted_insert).
func (v *vector) insert(dir, k int, e *Element) *Element {
	switch {
	case v.last == nil:
		e.setKey(dir, k)
		v.first, v.last = e, e
		e.link[dir] = links{}
	case v.last.key(dir) < k:
		e.setKey(dir, k)
		v.last.link[dir].next = e
		e.link[dir] = links{prev: v.last}
		v.last = e
	case v.first.key(dir) > k:
		e.setKey(dir, k)
		v.first.link[dir].prev = e
		e.link[dir] = links{next: v.first}
		v.first = e
	default:
		p := v.first
		for p.key(dir) < k {
			p = p.link[dir].next
		}
		if p.key(dir) == k {
			return p
		}
		e.setKey(dir, k)
		q := p.link[dir].prev
		e.link[dir] = links{prev: q, next: p}
		q.link[dir].next = e
		p.link[dir].prev = e
	}
	v.length++
	return e
}

// unlink takes e out of the list (dll_unlink).
func (v *vector) unlink(dir int, e *Element) {
	l := &e.link[dir]
	if l.prev == nil {
		v.first = l.next
	} else {
		l.prev.link[dir].next = l.next
	}
	if l.next == nil {
		v.last = l.prev
	} else {
		l.next.link[dir].prev = l.prev
	}
	*l = links{}
	v.length--
}

// find returns the element keyed k, or nil (sm_row_find).
func (v *vector) find(dir, k int) *Element {
	p := v.first
	for p != nil && p.key(dir) < k {
		p = p.link[dir].next
	}
	if p != nil && p.key(dir) == k {
		return p
	}
	return nil
}

// remove deletes the element keyed k if present (sm_row_remove).
func (v *vector) remove(dir, k int) {
	if p := v.find(dir, k); p != nil {
		v.unlink(dir, p)
	}
}

// subsetOf reports whether every key of v is a key of w (sm_row_contains
// with v as p1, w as p2).
func (v *vector) subsetOf(dir int, w *vector) bool {
	q1, q2 := v.first, w.first
	for q1 != nil {
		switch {
		case q2 == nil || q1.key(dir) < q2.key(dir):
			return false
		case q1.key(dir) == q2.key(dir):
			q1, q2 = q1.link[dir].next, q2.link[dir].next
		default:
			q2 = q2.link[dir].next
		}
	}
	return true
}

// intersects reports whether v and w share a key (sm_row_intersects).
func (v *vector) intersects(dir int, w *vector) bool {
	q1, q2 := v.first, w.first
	for q1 != nil && q2 != nil {
		switch {
		case q1.key(dir) < q2.key(dir):
			q1 = q1.link[dir].next
		case q1.key(dir) > q2.key(dir):
			q2 = q2.link[dir].next
		default:
			return true
		}
	}
	return false
}

// compare orders v and w lexically by their keys (sm_row_compare): the
// difference of the first differing keys, or ±1 when one is a prefix of
// the other.
func (v *vector) compare(dir int, w *vector) int {
	q1, q2 := v.first, w.first
	for q1 != nil && q2 != nil {
		if d := q1.key(dir) - q2.key(dir); d != 0 {
			return d
		}
		q1, q2 = q1.link[dir].next, q2.link[dir].next
	}
	switch {
	case q1 != nil:
		return 1
	case q2 != nil:
		return -1
	}
	return 0
}

// and inserts into dst the keys v and w share (sm_row_and).
func (v *vector) and(dir int, w, dst *vector) {
	q1, q2 := v.first, w.first
	for q1 != nil && q2 != nil {
		switch {
		case q1.key(dir) < q2.key(dir):
			q1 = q1.link[dir].next
		case q1.key(dir) > q2.key(dir):
			q2 = q2.link[dir].next
		default:
			dst.insert(dir, q1.key(dir), &Element{})
			q1, q2 = q1.link[dir].next, q2.link[dir].next
		}
	}
}

// hash is sm_row_hash.
func (v *vector) hash(dir, modulus int) int {
	sum := 0
	for p := v.first; p != nil; p = p.link[dir].next {
		sum = (sum*17 + p.key(dir)) % modulus
	}
	return sum
}

func (v *vector) keys(dir int) []int {
	out := make([]int, 0, v.length)
	for p := v.first; p != nil; p = p.link[dir].next {
		out = append(out, p.key(dir))
	}
	return out
}

func (v *vector) print(dir int, w io.Writer) error {
	for p := v.first; p != nil; p = p.link[dir].next {
		if _, err := fmt.Fprintf(w, " %d", p.key(dir)); err != nil {
			return err
		}
	}
	return nil
}

// Row is a row of a Matrix, or a standalone row vector: an ordered set of
// column numbers (sm_row). The zero value is an empty standalone row.
type Row struct {
	Num int // the row number
	vector
	next, prev *Row
}

// NewRow returns an empty standalone row vector (sm_row_alloc).
func NewRow() *Row { return &Row{} }

// RowOf returns a standalone row vector holding the given column numbers.
func RowOf(cols ...int) *Row {
	r := NewRow()
	for _, c := range cols {
		r.Insert(c)
	}
	return r
}

// Len returns the number of elements of r.
func (r *Row) Len() int { return r.length }

// First returns the element of r with the least column number, or nil.
func (r *Row) First() *Element { return r.first }

// Last returns the element of r with the greatest column number, or nil.
func (r *Row) Last() *Element { return r.last }

// Next returns the next row of r's matrix, or nil.
func (r *Row) Next() *Row { return r.next }

// Prev returns the previous row of r's matrix, or nil.
func (r *Row) Prev() *Row { return r.prev }

// Cols returns the column numbers of r in increasing order.
func (r *Row) Cols() []int { return r.keys(inRow) }

// Dup returns a standalone copy of r (sm_row_dup).
func (r *Row) Dup() *Row {
	n := NewRow()
	for p := r.first; p != nil; p = p.link[inRow].next {
		n.Insert(p.Col)
	}
	return n
}

// Insert adds column col to the standalone row r and returns its element,
// the existing one if col was there already (sm_row_insert). Do not use it
// on a row of a Matrix: use Matrix.Insert.
func (r *Row) Insert(col int) *Element { return r.insert(inRow, col, &Element{}) }

// Remove deletes column col from the standalone row r (sm_row_remove).
func (r *Row) Remove(col int) { r.remove(inRow, col) }

// Find returns the element of r in column col, or nil (sm_row_find).
func (r *Row) Find(col int) *Element { return r.find(inRow, col) }

// SubsetOf reports whether every column of r is a column of s
// (sm_row_contains(r, s)).
func (r *Row) SubsetOf(s *Row) bool { return r.subsetOf(inRow, &s.vector) }

// Intersects reports whether r and s share a column (sm_row_intersects).
func (r *Row) Intersects(s *Row) bool { return r.intersects(inRow, &s.vector) }

// Compare orders rows lexically by their column numbers (sm_row_compare).
func (r *Row) Compare(s *Row) int { return r.compare(inRow, &s.vector) }

// And returns a standalone row of the columns r and s share (sm_row_and).
func (r *Row) And(s *Row) *Row {
	n := NewRow()
	r.and(inRow, &s.vector, &n.vector)
	return n
}

// Hash returns sm_row_hash of r.
func (r *Row) Hash(modulus int) int { return r.hash(inRow, modulus) }

// Print writes the column numbers of r, each preceded by a space
// (sm_row_print).
func (r *Row) Print(w io.Writer) error { return r.print(inRow, w) }

// Col is a column of a Matrix, or a standalone column vector: an ordered
// set of row numbers (sm_col). The zero value is an empty standalone column.
type Col struct {
	Num int // the column number
	vector
	next, prev *Col
}

// NewCol returns an empty standalone column vector (sm_col_alloc).
func NewCol() *Col { return &Col{} }

// Len returns the number of elements of c.
func (c *Col) Len() int { return c.length }

// First returns the element of c with the least row number, or nil.
func (c *Col) First() *Element { return c.first }

// Last returns the element of c with the greatest row number, or nil.
func (c *Col) Last() *Element { return c.last }

// Next returns the next column of c's matrix, or nil.
func (c *Col) Next() *Col { return c.next }

// Prev returns the previous column of c's matrix, or nil.
func (c *Col) Prev() *Col { return c.prev }

// Rows returns the row numbers of c in increasing order.
func (c *Col) Rows() []int { return c.keys(inCol) }

// Dup returns a standalone copy of c (sm_col_dup).
func (c *Col) Dup() *Col {
	n := NewCol()
	for p := c.first; p != nil; p = p.link[inCol].next {
		n.Insert(p.Row)
	}
	return n
}

// Insert adds row to the standalone column c and returns its element
// (sm_col_insert). Do not use it on a column of a Matrix.
func (c *Col) Insert(row int) *Element { return c.insert(inCol, row, &Element{}) }

// Remove deletes row from the standalone column c (sm_col_remove).
func (c *Col) Remove(row int) { c.remove(inCol, row) }

// Find returns the element of c in row row, or nil (sm_col_find).
func (c *Col) Find(row int) *Element { return c.find(inCol, row) }

// SubsetOf reports whether every row of c is a row of d
// (sm_col_contains(c, d)).
func (c *Col) SubsetOf(d *Col) bool { return c.subsetOf(inCol, &d.vector) }

// Intersects reports whether c and d share a row (sm_col_intersects).
func (c *Col) Intersects(d *Col) bool { return c.intersects(inCol, &d.vector) }

// Compare orders columns lexically by their row numbers (sm_col_compare).
func (c *Col) Compare(d *Col) int { return c.compare(inCol, &d.vector) }

// And returns a standalone column of the rows c and d share (sm_col_and).
func (c *Col) And(d *Col) *Col {
	n := NewCol()
	c.and(inCol, &d.vector, &n.vector)
	return n
}

// Hash returns sm_col_hash of c.
func (c *Col) Hash(modulus int) int { return c.hash(inCol, modulus) }

// Print writes the row numbers of c, each preceded by a space
// (sm_col_print).
func (c *Col) Print(w io.Writer) error { return c.print(inCol, w) }
