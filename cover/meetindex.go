package cover

import "slices"

// A MeetIndex finds the cubes of a list that meet a given cube (distance
// 0: they intersect in every variable) without comparing it with each of
// them. Taking the cofactor of a list by each of its own cubes, as the
// covering table of minimize_exact does for every prime, is quadratic in
// the number of primes otherwise.
//
// It is the ternary tree of [containIndex]: a query follows, in each
// node's variable, the branches whose value meets the query's literal
// (the query's own value and -, or all three where the query has -), and
// the leaves compare in full.
type MeetIndex struct {
	ix *containIndex
}

// NewMeetIndex indexes the cubes of the list, by their positions in it.
// The list itself is not kept, but the cubes are: they must not change
// while the index is in use.
func (c *Cube) NewMeetIndex(cubes []Set) *MeetIndex {
	return &MeetIndex{ix: c.newContainIndexOf(slices.Clone(cubes))}
}

// Meeting appends to dst the positions of the indexed cubes that meet q,
// in no particular order, and returns it.
func (x *MeetIndex) Meeting(dst []int32, q Set) []int32 {
	return x.ix.meeting(0, q, dst)
}

func (ix *containIndex) meeting(n int, q Set, dst []int32) []int32 {
	nd := &ix.nodes[n]
	if nd.v < 0 {
		for k := nd.lo; k < nd.hi; k++ {
			if ix.c.Dist0(q, ix.cubes[k]) {
				dst = append(dst, ix.ids[k])
			}
		}
		return dst
	}
	x := Input(q, nd.v)
	for g := 0; g < 3; g++ {
		c := nd.child[g]
		// Dash holds the empty literals too, which the leaves rule out.
		if c != 0 && (g == 2 || x&[2]int{Zero, One}[g] != 0) {
			dst = ix.meeting(int(c), q, dst)
		}
	}
	return dst
}
