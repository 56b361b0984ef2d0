package cover

import "math/bits"

// A subsetIndex answers "is x a proper subset of some indexed set?" (or,
// built with rev, "a proper superset of one?") without comparing x with
// every indexed set. The containment steps of contain.c (rm_contain,
// rm2_contain) ask it of every set of a list against a whole list, which is
// quadratic: primes_consensus_merge asks it of every batch of consensus
// terms against all the primes found so far. Their answer does not depend
// on which set contains x, so an index gives exactly 2.3's results.
//
// The index is a binary tree over elements: a node splits its sets into
// those without element e and those with it. For x ⊆ y, y must hold every
// element of x, so a query for an x that holds e follows only the "with"
// branch; one without e follows both. For x ⊇ y (rev) it is the other way
// round. Leaves hold a few sets, compared word by word.
type subsetIndex struct {
	dw    int      // words per set (the header word is not indexed)
	rev   bool     // answer "proper superset of some set" instead
	flat  []uint64 // the sets' words, grouped by leaf
	nodes []siNode // nodes[0] is the root
}

type siNode struct {
	elem   int32    // the element split on; -1 for a leaf
	child  [2]int32 // nodes for sets without and with elem (0: none)
	lo, hi int32    // a leaf's sets: flat[lo*dw : hi*dw]
}

// useSubsetIndex reports whether a scan that makes pairs set comparisons
// of dw words each, against m sets, costs enough to build an index of the
// m: below that the plain scan of contain.c is faster. Sets are compared
// only with sets of another size, so a list of sets of one size (the
// minterms of a truth table) costs the scan nothing.
func useSubsetIndex(pairs, m, dw int) bool {
	return m > 4*siLeaf && float64(pairs)*float64(dw) > subsetIndexWork
}

// newSubsetIndex indexes sets (their words after the header, dw of them).
func newSubsetIndex(sets []Set, dw int, rev bool) *subsetIndex {
	if int64(len(sets)) >= 1<<31 {
		panic("cover: more than 2^31-1 sets in a containment index")
	}
	ix := &subsetIndex{dw: dw, rev: rev, flat: make([]uint64, len(sets)*dw)}
	work := make([]Set, len(sets))
	copy(work, sets)
	count := make([]int32, dw*64)
	ix.nodes = append(ix.nodes, siNode{})
	ix.build(0, work, 0, count, make([]Set, len(sets)))
	return ix
}

// build makes node n over seg, whose sets go to flat from set position lo.
func (ix *subsetIndex) build(n int, seg []Set, lo int, count []int32, tmp []Set) {
	e := -1
	if len(seg) > siLeaf {
		e = ix.splitElem(seg, count)
	}
	if e < 0 {
		for k, p := range seg {
			copy(ix.flat[(lo+k)*ix.dw:], p[1:1+ix.dw])
		}
		ix.nodes[n] = siNode{elem: -1, lo: int32(lo), hi: int32(lo + len(seg))}
		return
	}
	// Without e first, then with e.
	w, b := 1+e/64, uint64(1)<<(e%64)
	tmp = tmp[:len(seg)]
	i, j := 0, len(seg)
	for _, p := range seg {
		if p[w]&b == 0 {
			tmp[i] = p
			i++
		}
	}
	for k := len(seg) - 1; k >= 0; k-- {
		if p := seg[k]; p[w]&b != 0 {
			j--
			tmp[j] = p
		}
	}
	copy(seg, tmp)
	ix.nodes[n].elem = int32(e)
	parts := [2][]Set{seg[:i], seg[i:]}
	at := lo
	for g, part := range parts {
		if len(part) > 0 {
			child := len(ix.nodes)
			ix.nodes = append(ix.nodes, siNode{})
			ix.nodes[n].child[g] = int32(child)
			ix.build(child, part, at, count, tmp)
		}
		at += len(part)
	}
}

// splitElem picks the element that divides seg most evenly, or -1 when
// every element is in all or nearly none of its sets (or nearly all):
// such a split would only chain the tree.
//
// The counts come from at most siSample sets spread over seg: the split
// only steers the search, and counting every set at every node was most of
// the cost of an index.
func (ix *subsetIndex) splitElem(seg []Set, count []int32) int {
	clear(count)
	step := max(1, len(seg)/siSample)
	n := int32(0)
	for k := 0; k < len(seg); k += step {
		for w, x := range seg[k][1 : 1+ix.dw] {
			for ; x != 0; x &= x - 1 {
				count[w*64+bits.TrailingZeros64(x)]++
			}
		}
		n++
	}
	best, bestMin := -1, n/16
	for e, c := range count {
		if m := min(c, n-c); m > bestMin {
			best, bestMin = e, m
		}
	}
	return best
}

// properOf reports whether x (a set with its header) is a proper subset of
// some indexed set, or with rev a proper superset of one.
func (ix *subsetIndex) properOf(x Set) bool {
	return ix.search(0, x[1:1+ix.dw])
}

func (ix *subsetIndex) search(n int, x []uint64) bool {
	for {
		nd := &ix.nodes[n]
		if nd.elem < 0 {
			return ix.leaf(nd, x)
		}
		has := x[nd.elem/64]>>(nd.elem%64)&1 != 0
		// The branch every candidate must be in, if there is one.
		must := -1
		switch {
		case has && !ix.rev:
			must = 1
		case !has && ix.rev:
			must = 0
		}
		if must >= 0 {
			c := nd.child[must]
			if c == 0 {
				return false
			}
			n = int(c)
			continue
		}
		if c := nd.child[0]; c != 0 && ix.search(int(c), x) {
			return true
		}
		c := nd.child[1]
		if c == 0 {
			return false
		}
		n = int(c)
	}
}

// leaf compares x with the sets of a leaf.
func (ix *subsetIndex) leaf(nd *siNode, x []uint64) bool {
	dw := ix.dw
	for k := int(nd.lo) * dw; k < int(nd.hi)*dw; k += dw {
		y := ix.flat[k : k+dw]
		var out uint64 // elements breaking the containment
		var diff uint64
		for i, xi := range x {
			if ix.rev {
				out |= y[i] &^ xi
			} else {
				out |= xi &^ y[i]
			}
			diff |= xi ^ y[i]
		}
		if out == 0 && diff != 0 {
			return true
		}
	}
	return false
}
