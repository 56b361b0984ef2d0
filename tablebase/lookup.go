package tablebase

// This file builds the index a probe searches: a trie over the index bits, most
// significant first, whose leaves hold the few cubes that can contain the positions below
// them.

import "github.com/espresso-go/espresso/chess"

// Sizes of the lookup trie.
const (
	leafCubes = 8 // a node with at most this many cubes is a leaf
	// maxCopies bounds the cubes the leaves hold, copies included, as a multiple of the
	// table's cubes (plus leafCubes per leaf).
	maxCopies = 16
)

// lookup is a table's covers arranged for probing. Node 0 is the root. An inner node
// splits on the field of width bits at shift: child v of node n is nodes[n.first+v]. A
// leaf's cubes are cubes[n.first:n.end]: those of the first cover, then from n.mid those
// of the second.
type lookup struct {
	nodes []node
	cubes []Cube
	order [3]chess.Status
}

type node struct {
	leaf       bool
	shift      uint8
	width      uint8
	first, mid int32
	end        int32
}

// value returns the status of stored position x.
func (l *lookup) value(x uint32) chess.Status {
	n := &l.nodes[0]
	for !n.leaf {
		n = &l.nodes[n.first+int32(x>>n.shift&(1<<n.width-1))]
	}
	for _, c := range l.cubes[n.first:n.mid] {
		if x&c.Mask == c.Bits {
			return l.order[0]
		}
	}
	for _, c := range l.cubes[n.mid:n.end] {
		if x&c.Mask == c.Bits {
			return l.order[1]
		}
	}
	return l.order[2]
}

// newLookup builds the trie of t. The index is split into units: the side to move, and
// the row and the file of each piece (three bits each). Each node splits its cubes on the
// unit not used above it that leaves the fewest cubes to scan for a position drawn at
// random (a cube free in the unit goes to every child), while that divides them by at
// least a third and the copies stay within budget.
func newLookup(t *Table) *lookup {
	l := &lookup{order: t.Order, nodes: make([]node, 1)}
	n := t.Material.NumPieces()
	units := []unit{{shift: uint(6 * n), width: 1}}
	for j := 0; j < n; j++ {
		sh := uint(6 * (n - 1 - j))
		units = append(units, unit{shift: sh + 3, width: 3}, unit{shift: sh, width: 3})
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
	cv   [2][]Cube
	used uint64
}

// unit is a group of index bits a trie node may split on.
type unit struct{ shift, width uint }

// split returns the cubes of cv for each value of unit u, and how many there are in all.
func split(cv [2][]Cube, u unit) (parts [2][][]Cube, copies int) {
	field := uint32(1)<<u.width - 1
	for k := range cv {
		parts[k] = make([][]Cube, 1<<u.width)
		for _, c := range cv[k] {
			m, b := c.Mask>>u.shift&field, c.Bits>>u.shift&field
			free := field &^ m
			// Every value v of the unit with v&m == b: b with any subset of free.
			for s := free; ; s = (s - 1) & free {
				parts[k][b|s] = append(parts[k][b|s], c)
				copies++
				if s == 0 {
					break
				}
			}
		}
	}
	return parts, copies
}

// build makes node p.i: a leaf, or an inner node whose children it appends to queue;
// budget is the number of copies of cubes the rest of the trie may still make.
func (l *lookup) build(p pending, units []unit, budget *int, queue []pending) []pending {
	cv := p.cv
	total := len(cv[0]) + len(cv[1])
	best := -1
	var bestParts [2][][]Cube
	bestCost, bestCopies := float64(total)*2/3, 0
	if total > leafCubes {
		for ui, u := range units {
			if p.used>>ui&1 != 0 {
				continue
			}
			parts, copies := split(cv, u)
			if copies-total > *budget {
				continue
			}
			// The expected cubes scanned in a child, for a value of the unit at random.
			if cost := float64(copies) / float64(int(1)<<u.width); cost < bestCost {
				best, bestCost, bestParts, bestCopies = ui, cost, parts, copies
			}
		}
	}
	if best < 0 {
		first := int32(len(l.cubes))
		l.cubes = append(l.cubes, cv[0]...)
		mid := int32(len(l.cubes))
		l.cubes = append(l.cubes, cv[1]...)
		l.nodes[p.i] = node{leaf: true, first: first, mid: mid, end: int32(len(l.cubes))}
		return queue
	}
	*budget -= bestCopies - total
	u := units[best]
	first := len(l.nodes)
	l.nodes[p.i] = node{shift: uint8(u.shift), width: uint8(u.width), first: int32(first)}
	l.nodes = append(l.nodes, make([]node, 1<<u.width)...)
	for v := range 1 << u.width {
		queue = append(queue, pending{first + v, [2][]Cube{bestParts[0][v], bestParts[1][v]}, p.used | 1<<best})
	}
	return queue
}

// cubeCount is the number of cubes the trie's leaves hold, copies included.
func (l *lookup) cubeCount() int { return len(l.cubes) }
