package minimize

import (
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/mincov"
)

// The covering table of IRREDUNDANT can take millions of rows for one
// cube of Rp, almost all of them repeats: on ex4 under -epos, one cube's
// ftautology reaches 6 291 456 leaves that make 384 different rows, because
// the same subproblem is met again and again in different branches. 2.3
// stores every row and deletes the repeats at its next sm_row_dominance,
// which it runs after a cube once more than 1000 rows have come since the
// last one.
//
// Once the rows 2.3 would have added since its last reduction pass 1000,
// that pass is certain to come at the end of the current cube. From then
// on a row equal to one already in the table can be left out: the pass
// would delete it (an equal row with a larger number), and it keeps the
// same rows in the same order either way, only numbered more densely,
// which nothing reads. The same goes for a row that contains one of the
// cube's rows already in the table, and for a whole subproblem whose rows
// all do: one met before (whose rows are in the table), or one whose
// "floor" holds such a row. The floor of a subproblem is the current
// cube's column and those of the redundant cubes full in it: they stay
// full, and in the list, in every cofactor and unate reduction below, so
// every leaf row below contains the floor. A subproblem met before also
// tells, before the reduction is certain, how many rows it would add,
// which may make it certain.
//
// A subproblem is known by what decides its rows: its cubes as a
// multiset, each cube as p ∪ Cof with the REDUND flag and the SIZE (the
// column) of the redundant ones, and Cof in the multiple-valued
// variables, where binate_split_select reads it. The order of the cubes
// decides nothing: the counts, the reductions and the rows are sums and
// sets over the list. Cof in a binary variable is read nowhere else: a
// binary variable with a part in Cof is full in every cube, so it is
// never split on again. Subproblems are remembered by a 128-bit hash of
// that, the sum of a hash of each cube (ftautList.nodeKey); two different
// subproblems of one cube sharing a hash would leave rows out of the
// table, which the verification after minimization would report, but at
// about 2^-128 per pair it does not happen.

// nodeKey is the hash of a subproblem of ftautology.
type nodeKey [2]uint64

// ftautShortcut holds, for the current cube of Rp, its rows that contain
// none of its other rows, and the subproblems whose rows are all in the
// table.
type ftautShortcut struct {
	// The cube's minimal rows, each sorted, and for each column the
	// minimal rows filed under it: each row is filed under one column
	// other than the cube's own (which every row of the cube holds), so a
	// question whether some row lies inside a set of columns looks only
	// at the rows filed under those columns. Rows taken out stay filed,
	// marked dead, until a walk of their column drops them.
	minimal  []shortcutRow
	filed    [][]int32
	live     int             // minimal rows not dead
	own      int             // the cube's column
	ownAlone bool            // a minimal row holds the cube's column alone
	done     map[nodeKey]int // rows 2.3 adds for each subproblem
	skip     bool            // a row dominance is certain at the end of the cube
	mvMask   cover.Set       // the parts of the multiple-valued variables
	mark     []uint32        // per column, the last generation it was marked in
	gen      uint32
}

// skipRepeats is the repeats that leaves out, once a cube's recursion
// has made from rows or from * nodesPerRow calls of tautology, the
// subproblems and rows a certain row dominance deletes (see above).
type skipRepeats struct {
	from int
	s    *ftautShortcut // the current cube's, once begun; or nil
}

func (k *skipRepeats) startCube() { k.s = nil }

// due reports whether the shortcuts start once the current cube's
// recursion has made nodes calls of tautology.
func (k *skipRepeats) due(nodes int) bool { return nodes/nodesPerRow > k.from }

func (k *skipRepeats) keysRoot() bool { return k.due(1) }

// A shortcutNode is what leaveNode needs of a node enterNode let through:
// its key, when the shortcuts have begun, and the rows before it.
type shortcutNode struct {
	key        nodeKey
	hashed     bool
	rowsBefore int
}

// enterNode starts the shortcuts once they are due, and reports whether
// the subproblem l can be left out: a subproblem met before adds its rows
// again, none (every leaf had a row of 1's among the cubes not redundant)
// or enough to take the rows past dominanceEvery, when a reduction is
// certain; and once it is certain, a subproblem whose floor holds a row
// of the cube adds only rows the reduction deletes.
func (k *skipRepeats) enterNode(f *ftaut, l *ftautList) (node shortcutNode, skip bool) {
	node.rowsBefore = f.cubeRows
	if k.s == nil && k.due(f.cubeNodes) {
		k.s = f.newShortcut(f.cubeFirstRow)
	}
	s := k.s
	if s == nil {
		return node, false
	}
	node.key, node.hashed = l.nodeKey(len(f.cube.FullSet), s.mvMask), true
	if n, ok := s.done[node.key]; ok && (n == 0 || s.skip || f.rowsSinceDominance+f.cubeRows+n > f.dominanceEvery) {
		if n > 0 {
			s.skip = true
			f.cubeRows += n
		}
		return node, true
	}
	return node, s.skip && s.floorHoldsRow(f.rowCols(l))
}

// leaveNode records, once the shortcuts have begun, the rows 2.3 adds for
// the subproblem node was entered for.
func (k *skipRepeats) leaveNode(f *ftaut, node shortcutNode) {
	if s := k.s; s != nil && node.hashed {
		s.done[node.key] = f.cubeRows - node.rowsBefore
	}
}

// rowLeftOut starts the shortcuts once the cube's rows pass from, and
// reports whether the row with columns cols can be left out: it contains
// a row of the cube, and a row dominance, which deletes it, is certain
// (past dominanceEvery rows since the last).
func (k *skipRepeats) rowLeftOut(f *ftaut, cols []int) bool {
	if k.s == nil && f.cubeRows > k.from {
		k.s = f.newShortcut(f.cubeFirstRow)
	}
	s := k.s
	if s == nil {
		return false
	}
	s.skip = s.skip || f.rowsSinceDominance+f.cubeRows > f.dominanceEvery
	return !s.addRow(cols) && s.skip
}

// newShortcut returns the shortcut state for a cube whose rows are
// the table's rows numbered from first on.
func (f *ftaut) newShortcut(first int) *ftautShortcut {
	s := &ftautShortcut{done: make(map[nodeKey]int), own: f.current}
	cube := f.cube
	s.mvMask = cube.NewSet()
	for v := cube.NumBinaryVars; v < cube.NumVars; v++ {
		s.mvMask.Or(s.mvMask, cube.VarMask[v])
	}
	var r *mincov.Row
	for r = f.table.LastRow(); r != nil && r.Prev() != nil && r.Prev().Num >= first; r = r.Prev() {
	}
	for ; r != nil && r.Num >= first; r = r.Next() {
		s.addRow(r.Cols())
	}
	return s
}

// addRow reports whether the row with columns cols (in any order, sorted
// in place) contains none of the cube's rows so far; if so, it is kept
// among the minimal rows.
func (s *ftautShortcut) addRow(cols []int) bool {
	slices.Sort(cols)
	if s.holdsRow(cols) {
		return false
	}
	for i := range s.minimal {
		if r := &s.minimal[i]; !r.dead && sortedSubset(cols, r.cols) {
			r.dead = true
			s.live--
		}
	}
	r := shortcutRow{cols: slices.Clone(cols)}
	// File it under its column with the fewest rows filed.
	at := -1
	for _, c := range r.cols {
		if c == s.own {
			continue
		}
		if c >= len(s.filed) {
			s.filed = append(s.filed, make([][]int32, c+1-len(s.filed))...)
		}
		if at < 0 || len(s.filed[c]) < len(s.filed[at]) {
			at = c
		}
	}
	if at < 0 {
		s.ownAlone = true // every later row contains it
	} else {
		s.filed[at] = append(s.filed[at], int32(len(s.minimal)))
	}
	s.minimal = append(s.minimal, r)
	s.live++
	return true
}

// shortcutRow is one of the cube's rows that contained none of its rows
// before it; dead once a row inside it came.
type shortcutRow struct {
	cols []int
	dead bool
}

// sortedSubset reports whether every element of the sorted a is in the
// sorted b.
func sortedSubset(a, b []int) bool {
	if len(a) > len(b) {
		return false
	}
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
		j++
	}
	return true
}

// floorHoldsRow reports whether one of the cube's rows lies inside floor,
// the columns every leaf row under the current subproblem has: the
// current cube's and those of the redundant cubes full in it, which stay
// full (and in the list) in every cofactor and unate reduction below. The
// rows of those leaves are then each equal to or larger than a row
// already in the table.
func (s *ftautShortcut) floorHoldsRow(floor []int) bool {
	return s.holdsRow(floor)
}

// holdsRow reports whether one of the cube's minimal rows lies inside
// cols, which holds the cube's column.
func (s *ftautShortcut) holdsRow(cols []int) bool {
	if s.ownAlone && slices.Contains(cols, s.own) {
		return true
	}
	if s.live == 0 {
		return false
	}
	s.gen++
	if s.gen == 0 {
		clear(s.mark)
		s.gen = 1
	}
	for _, c := range cols {
		s.markCol(c)
	}
	for _, c := range cols {
		if c >= len(s.filed) {
			continue
		}
		filed := s.filed[c]
		kept := filed[:0]
		found := false
	rows:
		for k, i := range filed {
			r := &s.minimal[i]
			if r.dead {
				continue
			}
			kept = append(kept, i)
			for _, c := range r.cols {
				if c >= len(s.mark) || s.mark[c] != s.gen {
					continue rows
				}
			}
			kept = append(kept, filed[k+1:]...)
			found = true
			break
		}
		s.filed[c] = kept
		if found {
			return true
		}
	}
	return false
}

func (s *ftautShortcut) markCol(c int) {
	if c >= len(s.mark) {
		s.mark = append(s.mark, make([]uint32, c+1-len(s.mark))...)
	}
	s.mark[c] = s.gen
}

// hash128 is two independent 64-bit multiply-rotate hashes of a sequence
// of words.
type hash128 struct{ a, b uint64 }

func (h *hash128) add(w uint64) {
	h.a = bits.RotateLeft64((h.a^w)*0x9e3779b97f4a7c15, 31)
	h.b = bits.RotateLeft64((h.b+w)*0xc2b2ae3d27d4eb4f, 27) ^ w
}

func (h *hash128) sum() nodeKey { return nodeKey{mix64(h.a), mix64(h.b ^ 0x165667b19e3779f9)} }

// mix64 is the finalizer of SplitMix64.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
