package minimize

import "github.com/espresso-go/espresso/cover"

// The DC-set compacted, for the questions about its points.
//
// Some of what the loop asks of the DC-set D depends on its points, not on
// the cubes that give them: the maximal reduction of a cube (REDUCE, and
// the reductions of LAST_GASP and SUPER_GASP), and whether a cube is
// covered by the other cubes and D (IRREDUNDANT's split into relatively
// essential, totally and partially redundant cubes). Where D has many
// cubes (a truth table's DC-set comes as minterms), these questions are
// asked of D compacted ([cover.Cube.Compact]: cubes merged at distance one
// until none remain), which holds the same points in far fewer cubes:
// chess2pla KPk's DC-set of 192 936 minterms compacts to 4 816 cubes.
//
// So does ESSENTIAL where R is the complement of F ∪ D, which makes every
// cube EXPAND leaves a prime of F ∪ D: whether a prime is essential
// depends on D's points (essentialOf). The rest keeps D's own cubes:
// IRREDUNDANT's covering table is built from them, ESSENTIAL takes its
// consensus with them where R is given, and the traces of 2.3's recursions
// (-v reduce1, -v taut) print them.

// compactDC returns the cover of D's points that the questions about them
// take: D compacted, in new storage, where D has r.compactDCFrom cubes or
// more, compaction merges some, and no trace prints the recursions over
// D's cubes; D otherwise (under -ecompact, D comes compacted).
func (r *Run) compactDC(D *cover.Cover) *cover.Cover {
	if r.opt.Debug&DebugReduce1 != 0 || r.tautTrace != nil {
		return D
	}
	return r.cube.Compacted(D, r.compactDCFrom)
}
