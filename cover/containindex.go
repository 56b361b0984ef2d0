package cover

import "slices"

// A containIndex answers "is cube q contained in some cube of B?" without
// comparing q with every cube of B. compl_lift asks that question of every
// cube of one half of a complement against the other half, which is
// quadratic: on a truth table of 2^19 rows it was most of the time spent
// reading the file. The answer does not depend on which cube of B contains
// q, so an index gives exactly 2.3's results.
//
// The index is a ternary tree over binary variables: a node splits its
// cubes on one variable into those with 0, 1 and - there. Since q ⊆ p
// needs q's literal to be inside p's in every variable, a query for q
// follows q's own value and the - branch (only the - branch when q has -
// there). Leaves hold a few cubes, compared in full with Implies, so
// multiple-valued variables and the outputs are checked there.
type containIndex struct {
	c     *Cube
	cubes []Set    // B's cubes, grouped by leaf
	ids   []int32  // ids[k] is the position in B of cubes[k]
	nodes []ciNode // nodes[0] is the root
	tmp   []Set    // scratch for building
	tmpID []int32
	spec  []int // scratch: cubes specifying each variable
}

type ciNode struct {
	v      int      // the variable split on; -1 for a leaf
	child  [3]int32 // nodes for Zero, One, Dash (0: none)
	lo, hi int32    // a leaf's cubes: cubes[lo:hi]
}

// newContainIndex indexes the cubes of b (all of them, active or not, as
// compl_lift looks at all of them).
func (c *Cube) newContainIndex(b *Cover) *containIndex {
	cubes := make([]Set, b.Count)
	for i := range cubes {
		cubes[i] = b.At(i)
	}
	return c.newContainIndexOf(cubes)
}

// newContainIndexOf indexes the given cubes, which it keeps (in another
// order): the ids are positions in the slice as given.
func (c *Cube) newContainIndexOf(cubes []Set) *containIndex {
	ix := &containIndex{c: c, cubes: cubes, ids: make([]int32, len(cubes))}
	for i := range ix.ids {
		ix.ids[i] = int32(i)
	}
	ix.tmp = make([]Set, len(ix.cubes))
	ix.tmpID = make([]int32, len(ix.cubes))
	ix.spec = make([]int, c.NumBinaryVars)
	ix.nodes = append(ix.nodes, ciNode{})
	ix.build(0, 0, len(ix.cubes), make([]bool, c.NumBinaryVars))
	ix.tmp, ix.tmpID, ix.spec = nil, nil, nil
	return ix
}

// build makes node n over cubes[lo:hi]; used marks the variables split on
// above n.
func (ix *containIndex) build(n, lo, hi int, used []bool) {
	seg := ix.cubes[lo:hi]
	v := -1
	if len(seg) > ciLeaf {
		v = ix.splitVar(seg, used)
	}
	if v < 0 {
		ix.nodes[n] = ciNode{v: -1, lo: int32(lo), hi: int32(hi)}
		return
	}
	// Group the segment by the value of v: Zero, One, then Dash (an empty
	// literal, value 0, goes with Dash's group: no query other than an
	// empty one can be inside it, and the leaf test decides).
	group := func(p Set) int {
		switch Input(p, v) {
		case Zero:
			return 0
		case One:
			return 1
		}
		return 2
	}
	var sizes [3]int
	for _, p := range seg {
		sizes[group(p)]++
	}
	start := [3]int{0, sizes[0], sizes[0] + sizes[1]}
	tmp, tmpID, ids := ix.tmp[:len(seg)], ix.tmpID[:len(seg)], ix.ids[lo:hi]
	next := start
	for k, p := range seg {
		g := group(p)
		tmp[next[g]] = p
		tmpID[next[g]] = ids[k]
		next[g]++
	}
	copy(seg, tmp)
	copy(ids, tmpID)
	ix.nodes[n].v = v
	used[v] = true
	for g := 0; g < 3; g++ {
		if sizes[g] == 0 {
			continue
		}
		child := len(ix.nodes)
		ix.nodes = append(ix.nodes, ciNode{})
		ix.nodes[n].child[g] = int32(child)
		ix.build(child, lo+start[g], lo+start[g]+sizes[g], used)
	}
	used[v] = false
}

// splitVar picks the unused binary variable that the most cubes of seg
// specify (0 or 1), or -1 when none is specified by a quarter of them: a
// variable that is - in most cubes would only chain the tree.
func (ix *containIndex) splitVar(seg []Set, used []bool) int {
	nv := ix.c.NumBinaryVars
	spec := ix.spec
	clear(spec)
	for _, p := range seg {
		for v := 0; v < nv; v++ {
			if x := Input(p, v); x == Zero || x == One {
				spec[v]++
			}
		}
	}
	best, bestN := -1, len(seg)/4
	for v := 0; v < nv; v++ {
		if !used[v] && spec[v] > bestN {
			best, bestN = v, spec[v]
		}
	}
	return best
}

// containedInSome reports whether q ⊆ p for some indexed cube p.
func (ix *containIndex) containedInSome(q Set) bool {
	return ix.search(0, q)
}

func (ix *containIndex) search(n int, q Set) bool {
	nd := &ix.nodes[n]
	if nd.v < 0 {
		for _, p := range ix.cubes[nd.lo:nd.hi] {
			if q.Implies(p) {
				return true
			}
		}
		return false
	}
	switch Input(q, nd.v) {
	case Zero:
		if c := nd.child[0]; c != 0 && ix.search(int(c), q) {
			return true
		}
	case One:
		if c := nd.child[1]; c != 0 && ix.search(int(c), q) {
			return true
		}
	case 0:
		// An empty literal is inside every value.
		for g := 0; g < 2; g++ {
			if c := nd.child[g]; c != 0 && ix.search(int(c), q) {
				return true
			}
		}
	}
	if c := nd.child[2]; c != 0 && ix.search(int(c), q) {
		return true
	}
	return false
}

// within1 calls visit for the position in B of every indexed cube p with
// Dist01(q, p) == 1. In a node's variable, a branch that q's literal
// misses costs one from budget, and a branch is followed only while the
// budget allows. The leaves measure the distance in full (multiple-valued
// variables included).
func (ix *containIndex) within1(n int, q Set, budget int, visit func(j int32)) {
	nd := &ix.nodes[n]
	if nd.v < 0 {
		for k := nd.lo; k < nd.hi; k++ {
			if ix.c.Dist01(q, ix.cubes[k]) == 1 {
				visit(ix.ids[k])
			}
		}
		return
	}
	x := Input(q, nd.v)
	for g := 0; g < 3; g++ {
		c := nd.child[g]
		if c == 0 {
			continue
		}
		cost := 0
		switch {
		case g == 0 && x&Zero == 0, g == 1 && x&One == 0:
			cost = 1
		case g == 2 && x == 0:
			// Dash holds the empty literals too; q empty here misses
			// every cube of the branch.
			cost = 1
		}
		if cost <= budget {
			ix.within1(int(c), q, budget-cost, visit)
		}
	}
}

// Distance1Pairs calls visit(i, j) for every cube a.At(i) and b.At(j) at
// distance 1 (Dist01), the pairs primes_consensus_merge takes the consensus
// of. For each i the calls come in increasing j, and i increases, as in a
// nested loop over a and b; for large covers an index of b finds the cubes
// within distance 1 of each cube of a instead of comparing all the pairs.
func (c *Cube) Distance1Pairs(a, b *Cover, visit func(i, j int)) {
	if a.Count*b.Count <= distance1Indexed || c.NumBinaryVars == 0 {
		for i := 0; i < a.Count; i++ {
			p := a.At(i)
			for j := 0; j < b.Count; j++ {
				if c.Dist01(p, b.At(j)) == 1 {
					visit(i, j)
				}
			}
		}
		return
	}
	ix := c.newContainIndex(b)
	var js []int32
	collect := func(j int32) { js = append(js, j) }
	for i := 0; i < a.Count; i++ {
		js = js[:0]
		ix.within1(0, a.At(i), 1, collect)
		slices.Sort(js)
		for _, j := range js {
			visit(i, int(j))
		}
	}
}

// A SupersetIndex answers "is q a proper subset of some set of B?" through
// the binary tree of [subsetIndex], which splits on any element, the parts
// of multiple-valued variables included.
type SupersetIndex struct{ ix *subsetIndex }

// NewSupersetIndex indexes the sets of b (copied: b may change later).
func NewSupersetIndex(b *Cover) *SupersetIndex {
	return &SupersetIndex{ix: newSubsetIndex(b.Sets(), b.wsize-1, false)}
}

// ProperSubsetOfSome reports whether q ⊊ p for some indexed set p.
func (x *SupersetIndex) ProperSubsetOfSome(q Set) bool { return x.ix.properOf(q) }
