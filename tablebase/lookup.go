package tablebase

// This file builds the index a probe searches: a trie over groups of index bits (rows,
// files, the side to move) whose nodes hold the few cubes that can contain the positions
// below them.

import (
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// Sizes of the lookup trie.
const (
	leafCubes = 8 // a node with at most this many cubes is a leaf
	// maxCopies bounds the cubes the trie holds, copies included, as a multiple of the
	// table's cubes.
	maxCopies = 32
	// splitGrowth bounds the copies a split makes, as a multiple of the cubes it moves
	// to its children. 5 rather than 3 lets the trie copy more of the cubes free in a
	// unit down to its children instead of keeping them in the node, where every probe
	// through it scans them: on issue 48's probe mix a probe scans 31 cubes instead of
	// 48 (with largestFirst), for as many cubes in all within maxCopies.
	splitGrowth = 5
)

// lookup is a table's covers arranged for probing. Node 0 is the root. Each node holds
// cubes[first:end]: those of the first cover, then from mid those of the second. An inner
// node splits on the width bits at shift: child v of node n is nodes[n.child+v]. The
// cubes that may contain a position are those of the nodes on its path.
type lookup struct {
	nodes []node
	cubes []format.Cube
	order [3]WDL
}

type node struct {
	leaf            bool
	shift, width    uint8
	child           int32
	first, mid, end int32
}

// maxDepth bounds the nodes on a path from the root: the side to move, and the row and
// file of each of up to chess.MaxPieces pieces, and the leaf.
const maxDepth = 1 + 2*chess.MaxPieces + 1

// value returns the value of stored position x.
func (l *lookup) value(x uint32) WDL {
	var path [maxDepth]*node
	depth := 0
	n := &l.nodes[0]
	for {
		path[depth] = n
		depth++
		if n.leaf {
			break
		}
		n = &l.nodes[n.child+int32(x>>n.shift&(1<<n.width-1))]
	}
	for _, n := range path[:depth] {
		for _, c := range l.cubes[n.first:n.mid] {
			if x&c.Mask == c.Bits {
				return l.order[0]
			}
		}
	}
	for _, n := range path[:depth] {
		for _, c := range l.cubes[n.mid:n.end] {
			if x&c.Mask == c.Bits {
				return l.order[1]
			}
		}
	}
	return l.order[2]
}

// newLookup builds the trie of t. The index is split into units: the side to move, and
// the row and the file of each piece (three bits each). Each node splits its cubes on the
// unit not used above it that leaves the fewest cubes to scan for a stored position
// drawn at random (a cube free in the unit goes to every child), while that divides them
// by at least a third and the copies stay within budget. A value of a unit that no
// stored position has (see reachable) gets an empty child: no probe goes there.
func newLookup(t *format.Table) *lookup {
	l := &lookup{nodes: make([]node, 1)}
	for i, s := range t.Order {
		l.order[i] = wdlOf(s)
	}
	n := t.Material.NumPieces()
	units := []unit{{shift: uint(6 * n), width: 1, values: 3}}
	if t.Symmetry&format.ColourSymmetry != 0 {
		units[0].values = 1 // White to move
	}
	kingRows, kingFiles := reachableKing(t)
	for j, pc := range t.Material.Pieces {
		sh := uint(6 * (n - 1 - j))
		rows, files := uint8(0xFF), uint8(0xFF)
		switch {
		case j == 0:
			rows, files = kingRows, kingFiles
		case pc.Kind == chess.Pawn:
			rows = 0x7E // not on the first or eighth rank
		}
		units = append(units, unit{shift: sh + 3, width: 3, values: rows}, unit{shift: sh, width: 3, values: files})
	}
	total := len(t.Covers[0]) + len(t.Covers[1])
	budget := maxCopies * total
	// Nodes are split breadth first, so that the budget goes to the largest nodes first.
	queue := []pending{{0, t.Covers, 0}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		queue = l.build(p, units, &budget, queue)
	}
	return l
}

// pending is a node of the trie to build: its index, its cubes, and the units split on
// above it.
type pending struct {
	i    int
	cv   [2][]format.Cube
	used uint64
}

// unit is a group of index bits a trie node may split on; values has bit v set when some
// stored position has the value v there.
type unit struct {
	shift, width uint
	values       uint8
}

// reachableKing returns the rows and the files the white king of a stored position of t
// may stand on: under BoardSymmetry the white king of a class's representative (the
// smallest index of the class) stands on the smallest image of its square.
func reachableKing(t *format.Table) (rows, files uint8) {
	if t.Symmetry&format.BoardSymmetry == 0 {
		return 0xFF, 0xFF
	}
	c := format.NewCanonicalizer(t.Material, format.BoardSymmetry)
	for s := range 64 {
		if c.Least(s) == s {
			rows |= 1 << (s >> 3)
			files |= 1 << (s & 7)
		}
	}
	return rows, files
}

// split returns the cubes of cv for each value of unit u that stored positions take, and
// how many there are in all; with stay set, the cubes free in all of u are returned apart
// instead.
func split(cv [2][]format.Cube, u unit, stay bool) (kept [2][]format.Cube, parts [2][][]format.Cube, copies int) {
	field := uint32(1)<<u.width - 1
	for k := range cv {
		parts[k] = make([][]format.Cube, 1<<u.width)
		for _, c := range cv[k] {
			m, b := c.Mask>>u.shift&field, c.Bits>>u.shift&field
			if stay && m == 0 {
				kept[k] = append(kept[k], c)
				continue
			}
			free := field &^ m
			// Every value v of the unit with v&m == b: b with any subset of free.
			for s := free; ; s = (s - 1) & free {
				if u.values>>(b|s)&1 != 0 {
					parts[k][b|s] = append(parts[k][b|s], c)
					copies++
				}
				if s == 0 {
					break
				}
			}
		}
	}
	return kept, parts, copies
}

// build makes node p.i, and appends its children, if any, to queue; budget is the number
// of copies of cubes the rest of the trie may still make. A split either copies the cubes
// free in its unit to every child or keeps them in the node, whichever leaves fewer
// cubes to scan.
func (l *lookup) build(p pending, units []unit, budget *int, queue []pending) []pending {
	cv := p.cv
	total := len(cv[0]) + len(cv[1])
	best := -1
	var bestKept [2][]format.Cube
	var bestParts [2][][]format.Cube
	bestCost, bestCopies := float64(total)*2/3, 0
	if total > leafCubes {
		for ui, u := range units {
			if p.used>>ui&1 != 0 {
				continue
			}
			for _, stay := range []bool{false, true} {
				kept, parts, copies := split(cv, u, stay)
				nk := len(kept[0]) + len(kept[1])
				if copies-(total-nk) > *budget || copies > splitGrowth*(total-nk) {
					continue
				}
				// The cubes scanned in the node and in a child, for a stored position at
				// random.
				cost := float64(nk) + float64(copies)/float64(bits.OnesCount8(u.values))
				if cost < bestCost {
					best, bestCost, bestKept, bestParts, bestCopies = ui, cost, kept, parts, copies
				}
			}
		}
	}
	if best < 0 {
		bestKept = cv
	}
	nd := node{leaf: best < 0, first: int32(len(l.cubes))}
	l.cubes = append(l.cubes, bestKept[0]...)
	slices.SortStableFunc(l.cubes[nd.first:], largestFirst)
	nd.mid = int32(len(l.cubes))
	l.cubes = append(l.cubes, bestKept[1]...)
	slices.SortStableFunc(l.cubes[nd.mid:], largestFirst)
	nd.end = int32(len(l.cubes))
	if best >= 0 {
		*budget -= bestCopies - (total - len(bestKept[0]) - len(bestKept[1]))
		u := units[best]
		nd.shift, nd.width, nd.child = uint8(u.shift), uint8(u.width), int32(len(l.nodes))
		for v := range 1 << u.width {
			queue = append(queue, pending{len(l.nodes) + v, [2][]format.Cube{bestParts[0][v], bestParts[1][v]}, p.used | 1<<best})
		}
		l.nodes = append(l.nodes, make([]node, 1<<u.width)...)
	}
	l.nodes[p.i] = nd
	return queue
}

// largestFirst orders cubes by the positions they hold, most first (fewest fixed bits),
// so that a probe meets the cube that holds its position soonest on average; the order
// of a cover's cubes does not change its value.
func largestFirst(a, b format.Cube) int {
	return bits.OnesCount32(a.Mask) - bits.OnesCount32(b.Mask)
}
