package mincov

// RowDominanceSince is [Matrix.RowDominance] for a matrix whose rows
// numbered up to since are already free of dominance among themselves, as
// a RowDominance leaves them, and whose later rows are new. It deletes the
// same rows RowDominance would, in far less time when the new rows are few:
// irredundant's table builder reduces its table every thousand rows, and
// checking all the table's rows each time made building it quadratic.
//
// A row is deleted exactly when another row dominates it (is a proper
// subset of it, or equal to it with a smaller number), whatever the order
// of deletions: dominance is transitive, so a deleted dominator leaves a
// dominator behind. Among old rows there is none, so only the pairs with a
// new row need looking at, and the rows a row dominates are in its
// shortest column: all of them for a new row, the new ones (at the end of
// the column) for an old row.
func (m *Matrix) RowDominanceSince(since int) int {
	before := m.nrows
	first := m.firstRow
	for first != nil && first.Num <= since {
		first = first.next
	}
	if first == nil {
		return 0
	}
	// The rows each new row dominates.
	for r := first; r != nil; r = r.next {
		m.deleteDominatedBy(r)
	}
	// The new rows an old row dominates: they are in each of its columns,
	// at the end of it, since a column lists its rows by number.
	for o := m.firstRow; o != nil && o.Num <= since; o = o.next {
		least := m.cols[o.first.Col]
		for p := o.first.link[inRow].next; p != nil; p = p.link[inRow].next {
			if c := m.cols[p.Col]; c.length < least.length {
				least = c
			}
		}
		var prev *Element
		for p := least.last; p != nil && p.Row > since; p = prev {
			prev = p.link[inCol].prev
			if n := m.rows[p.Row]; n.length >= o.length && o.subsetOf(inRow, &n.vector) {
				m.DelRow(n.Num)
			}
		}
	}
	return before - m.nrows
}
