package minimize

import (
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/cover"
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
// which nothing reads. For the same reason, a subproblem met again can be
// skipped: its rows are already in the table.
//
// A subproblem is known by what decides its rows: the order of its cubes,
// each cube as p ∪ Cof with the REDUND flag and the SIZE (the column) of
// the redundant ones, and Cof in the multiple-valued variables, where
// binate_split_select reads it. Cof in a binary variable is read nowhere
// else: a binary variable with a part in Cof is full in every cube, so it
// is never split on again. Subproblems are remembered by a 128-bit hash of
// that; two different subproblems of one cube sharing a hash would leave
// rows out of the table, which the verification after minimization would
// report, but at about 2^-128 per pair it does not happen.

// shortcutFrom is the number of rows of one cube after which its table
// building takes the shortcuts; below it, nothing is hashed.
const shortcutFrom = 128

// nodeKey is the hash of a subproblem of ftautology.
type nodeKey [2]uint64

// ftautShortcut holds, for the current cube of Rp, the rows already in
// the table and the subproblems whose rows all are.
type ftautShortcut struct {
	rows   map[string]struct{} // the cube's rows, as their sorted columns
	done   map[nodeKey]struct{}
	skip   bool      // a row dominance is certain at the end of the cube
	mvMask cover.Set // the parts of the multiple-valued variables
	cols   []int     // scratch: a row's columns
	bytes  []byte    // scratch: a row's key
}

// newFtautShortcut returns the shortcut state for a cube whose rows are
// the table's rows numbered from first on.
func (f *ftaut) newShortcut(first int) *ftautShortcut {
	s := &ftautShortcut{rows: make(map[string]struct{}), done: make(map[nodeKey]struct{})}
	cube := f.cube
	s.mvMask = cube.NewSet()
	for v := cube.NumBinaryVars; v < cube.NumVars; v++ {
		s.mvMask.Or(s.mvMask, cube.VarMask[v])
	}
	for r := f.table.LastRow(); r != nil && r.Num >= first; r = r.Prev() {
		s.cols = s.cols[:0]
		for e := r.First(); e != nil; e = e.NextInRow() {
			s.cols = append(s.cols, e.Col)
		}
		s.rows[string(s.rowKey())] = struct{}{}
	}
	return s
}

// rowKey encodes s.cols, sorted, as a map key.
func (s *ftautShortcut) rowKey() []byte {
	slices.Sort(s.cols)
	b := s.bytes[:0]
	for _, c := range s.cols {
		b = append(b, byte(c), byte(c>>8), byte(c>>16), byte(c>>24), byte(c>>32), byte(c>>40))
	}
	s.bytes = b
	return b
}

// addRow reports whether the row with columns s.cols is new to the cube,
// and remembers it.
func (s *ftautShortcut) addRow() bool {
	k := s.rowKey()
	if _, ok := s.rows[string(k)]; ok {
		return false
	}
	s.rows[string(k)] = struct{}{}
	return true
}

// key returns the hash of the subproblem T.
func (s *ftautShortcut) key(cube *cover.Cube, T cover.CubeList) nodeKey {
	var h hash128
	n := len(cube.FullSet)
	for i := 1; i < n; i++ {
		h.add(T.Cof[i] & s.mvMask[i])
	}
	for _, p := range T.Cubes {
		id := uint64(1) << 63 // not redundant: the column does not matter
		if p.Test(cover.Redund) {
			id = uint64(p.Size())
		}
		h.add(id)
		for i := 1; i < n; i++ {
			h.add(p[i] | T.Cof[i])
		}
	}
	return h.sum()
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
