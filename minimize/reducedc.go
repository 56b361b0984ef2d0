package minimize

import "github.com/espresso-go/espresso/cover"

// The DC-set REDUCE reduces against.
//
// The maximal reduction of a cube p is p ∩ the smallest cube holding the
// points of p that the other cubes of F and D leave uncovered: it depends
// on the function of D, not on the cubes that give it. Where D has many
// cubes (a truth table's DC-set comes as minterms), REDUCE, LAST_GASP's
// and SUPER_GASP's reductions, and EXPAND_GASP's reductions of the other
// cubes reduce against D compacted ([cover.Cube.Compact]: cubes merged at
// distance one until none remain), which holds the same points in far
// fewer cubes: chess2pla KPk's DC-set of 192 936 minterms compacts to
// 4 816 cubes.
//
// The other steps keep D's own cubes: IRREDUNDANT's covering table and
// ESSENTIAL's consensus are built from them, and 2.3's REDUCE1 trace
// (-v reduce1) prints the recursion over them.

// compactDCFrom is the number of cubes of D from which the reductions
// take D compacted.
const compactDCFrom = 1 << 12

// reductionDC returns the cover of D's points that the reductions take: D
// compacted, in new storage, where D has r.compactDCFrom cubes or more and
// the reductions are not traced; D itself otherwise.
func (r *Run) reductionDC(D *cover.Cover) *cover.Cover {
	if D.Count < r.compactDCFrom || r.opt.Debug&DebugReduce1 != 0 {
		return D
	}
	C, _ := r.cube.Compact(D.Clone())
	return C.Clone() // in storage of its size
}
