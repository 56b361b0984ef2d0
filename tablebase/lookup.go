package tablebase

// This file builds the index a probe searches: a trie over the index bits, most
// significant first, whose leaves hold the few cubes that can contain the positions below
// them.

import "github.com/espresso-go/espresso/chess"

// Sizes of the lookup trie.
const (
	leafCubes   = 8 // a node with at most this many cubes is a leaf
	splitGrowth = 2 // a split may multiply a node's cubes (by copies) at most by this
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

// newLookup builds the trie of t. Each node splits on the next field of the index (the
// side to move, then six bits per piece) while that divides its cubes: the cubes free in
// the field go to every child.
func newLookup(t *Table) *lookup {
	l := &lookup{order: t.Order, nodes: make([]node, 1)}
	shift, width := fields(t.Material.NumPieces())
	l.build(0, t.Covers, shift, width)
	return l
}

// build makes node i of the covers cv, splitting on the first of the fields left.
func (l *lookup) build(i int, cv [2][]Cube, shift, width []uint) {
	total := len(cv[0]) + len(cv[1])
	if total > leafCubes && len(shift) > 0 {
		sh, w := shift[0], width[0]
		field := uint32(1)<<w - 1
		var parts [2][][]Cube
		copies := 0
		for k := range cv {
			parts[k] = make([][]Cube, 1<<w)
			for _, c := range cv[k] {
				m, b := c.Mask>>sh&field, c.Bits>>sh&field
				free := field &^ m
				// Every value v of the field with v&m == b: enumerate the subsets of free.
				for s := free; ; s = (s - 1) & free {
					parts[k][b|s] = append(parts[k][b|s], c)
					copies++
					if s == 0 {
						break
					}
				}
			}
		}
		if copies <= splitGrowth*total {
			first := len(l.nodes)
			l.nodes[i] = node{shift: uint8(sh), width: uint8(w), first: int32(first)}
			l.nodes = append(l.nodes, make([]node, 1<<w)...)
			for v := range 1 << w {
				l.build(first+v, [2][]Cube{parts[0][v], parts[1][v]}, shift[1:], width[1:])
			}
			return
		}
		if len(shift) > 1 {
			// Try the next field instead: this one's cubes are mostly free in it.
			l.build(i, cv, shift[1:], width[1:])
			return
		}
	}
	first := int32(len(l.cubes))
	l.cubes = append(l.cubes, cv[0]...)
	mid := int32(len(l.cubes))
	l.cubes = append(l.cubes, cv[1]...)
	l.nodes[i] = node{leaf: true, first: first, mid: mid, end: int32(len(l.cubes))}
}

// cubeCount is the number of cubes the trie's leaves hold, copies included.
func (l *lookup) cubeCount() int { return len(l.cubes) }
