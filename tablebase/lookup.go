package tablebase

// This file builds the index a probe searches: a trie over groups of index bits (rows,
// files, the side to move) whose nodes hold the few cubes that can contain the positions
// below them.

import (
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

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
	// through it scans them: on the probe mix (tbref.ProbeMix) a probe scans 31 cubes
	// instead of 48 (with largestFirst), for as many cubes in all within maxCopies.
	splitGrowth = 5
)

// part is one decision list of a table (the whole table's or a slice's), or a region of
// one: its covers, scanned by its first probes (after of them) and then arranged in a
// lookup trie that answers the rest. A decision list's trie is built to regionDepth, a
// region's whole.
type part struct {
	shape  *shape
	covers [2][]format.Cube
	used   uint64 // the units split on above a region
	budget int    // the copies of cubes its trie may make
	after  int64  // the probes that scan the covers
	depth  int    // the depth of its trie, 0 for the whole trie
	probes atomic.Int64
	once   sync.Once
	trie   atomic.Pointer[lookup] // nil until built
}

// shape is what the parts of a decision list share: the units of its index and its order
// of values.
type shape struct {
	units []unit
	order [3]WDL
}

// newPart returns the part of decision list t.
func newPart(t *format.Table) *part {
	sh := &shape{units: tableUnits(t)}
	for i, s := range t.Order {
		sh.order[i] = wdlOf(s)
	}
	return &part{shape: sh, covers: t.Covers, budget: maxCopies * (len(t.Covers[0]) + len(t.Covers[1])), after: trieAfter, depth: regionDepth}
}

// value returns the value of stored position x (the symmetries applied).
func (p *part) value(x uint32) WDL { return p.shape.order[p.rank(x)] }

// rank returns the index of x's value in the part's order (see lookup.rank).
func (p *part) rank(x uint32) int {
	if l := p.trie.Load(); l != nil {
		return l.rank(x)
	}
	if p.probes.Add(1) > p.after {
		p.once.Do(func() { p.trie.Store(newLookup(p, p.depth)) })
		return p.trie.Load().rank(x)
	}
	return scan(&p.covers, x)
}

// lookup is a table's covers arranged for probing. Node 0 is the root. Each node holds
// cubes[first:end]: those of the first cover, then from mid those of the second. An inner
// node splits on the width bits at shift: child v of node n is nodes[n.child+v]. The
// cubes that may contain a position are those of the nodes on its path, and of its
// region's trie when its leaf is a region.
type lookup struct {
	nodes   []node
	cubes   []format.Cube
	scratch []format.Cube // sortLargestFirst's, while building
}

type node struct {
	leaf            bool
	shift, width    uint8
	child           int32
	first, mid, end int32
	// region is set on a leaf whose cubes are a part of their own, scanned until that
	// part builds its trie.
	region *part
}

// maxDepth bounds the nodes on a path from the root: the side to move, and the row and
// file of each of up to chess.MaxPieces pieces, and the leaf.
const maxDepth = 1 + 2*chess.MaxPieces + 1

// rank returns 0 when a cube of the first cover may contain stored position x, else 1
// when one of the second does, else 2: the index in the table's order of x's value.
func (l *lookup) rank(x uint32) int {
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
				return 0
			}
		}
	}
	r := 2
	if n.region != nil {
		if r = n.region.rank(x); r == 0 {
			return 0
		}
	}
	for _, n := range path[:depth] {
		for _, c := range l.cubes[n.mid:n.end] {
			if x&c.Mask == c.Bits {
				return 1
			}
		}
	}
	return r
}

// scan returns rank(x) for the covers cv by scanning them.
func scan(cv *[2][]format.Cube, x uint32) int {
	for i := range cv {
		for _, c := range cv[i] {
			if x&c.Mask == c.Bits {
				return i
			}
		}
	}
	return 2
}

// newLookup builds the trie of p's covers, to the depth given (0: the whole trie).
// The index is split into units: the side to move, and the row and the file of each
// piece (three bits each). Each node splits its cubes on the unit not used above it
// that leaves the fewest cubes to scan for a stored position drawn at random (a cube
// free in the unit goes to every child), while that divides them by at least a third
// and the copies stay within budget. A value of a unit that no stored position has (see
// reachable) gets an empty child: no probe goes there. A node at the depth given that
// would split becomes a region: a part of its own, with a share of the budget left in
// proportion to its cubes, whose trie is built when it has been probed enough.
func newLookup(p *part, depth int) *lookup {
	l := &lookup{nodes: make([]node, 1)}
	budget := p.budget
	// Nodes are split breadth first, so that the budget goes to the largest nodes first.
	queue := []pending{{0, p.covers, p.used, 0}}
	var regions []*part
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		if depth > 0 && q.depth == depth && len(q.cv[0])+len(q.cv[1]) > leafCubes {
			r := &part{shape: p.shape, covers: q.cv, used: q.used, after: regionAfter}
			if len(q.cv[0])+len(q.cv[1]) <= regionScanCubes {
				r.after = math.MaxInt64 // scanned for good
			}
			// The covers of a region are scanned until its trie is built: largest
			// cubes first.
			l.scratch = sortLargestFirst(r.covers[0], l.scratch)
			l.scratch = sortLargestFirst(r.covers[1], l.scratch)
			end := int32(len(l.cubes))
			l.nodes[q.i] = node{leaf: true, first: end, mid: end, end: end, region: r}
			regions = append(regions, r)
			continue
		}
		queue = l.build(q, p.shape.units, &budget, queue)
	}
	in := 0
	for _, r := range regions {
		in += len(r.covers[0]) + len(r.covers[1])
	}
	for _, r := range regions {
		r.budget = int(int64(max(budget, 0)) * int64(len(r.covers[0])+len(r.covers[1])) / int64(in))
	}
	l.scratch = nil
	return l
}

// tableUnits returns the units of t's index: the side to move, then the row and the file
// of each piece in the material's order.
func tableUnits(t *format.Table) []unit {
	layout := t.Material.Layout()
	stm := uint8(3)
	if t.Symmetry&format.ColourSymmetry != 0 {
		stm = 1 // White to move
	}
	units := []unit{newUnit(layout.StmShift(), 1, stm)}
	kingRows, kingFiles := reachableKing(t)
	for j, pc := range t.Material.Pieces {
		sh := layout.Shift(j)
		rows, files := uint8(0xFF), uint8(0xFF)
		switch {
		case j == 0:
			rows, files = kingRows, kingFiles
		case pc.Kind == chess.Pawn:
			rows = 0x7E // not on the first or eighth rank
		}
		units = append(units, newUnit(sh+3, 3, rows), newUnit(sh, 3, files))
	}
	return units
}

// pending is a node of the trie to build: its index, its cubes, the units split on
// above it, and its depth.
type pending struct {
	i     int
	cv    [2][]format.Cube
	used  uint64
	depth int
}

// unit is a group of index bits a trie node may split on; values has bit v set when some
// stored position has the value v there. children[m<<3|b] is the number of those values
// v with v&m == b: the children a cube with mask m and bits b there goes to.
type unit struct {
	shift, width uint
	values       uint8
	children     [64]uint8
}

// newUnit returns the unit of the given bits and values, its children counted.
func newUnit(shift, width uint, values uint8) unit {
	u := unit{shift: shift, width: width, values: values}
	field := uint(1)<<width - 1
	for m := range field + 1 {
		for v := range field + 1 {
			if values>>v&1 != 0 {
				u.children[m<<3|v&m]++
			}
		}
	}
	return u
}

// maxUnits bounds the units of a table: the side to move, and the row and the file of
// each piece.
const maxUnits = 1 + 2*chess.MaxPieces

// unitCounts is what split(cv, u, stay) would return as copies for each unit u not used
// yet, without making the parts: all for stay false, stay for stay true (without the
// cubes free in u, which number free).
type unitCounts struct {
	all, stay, free [maxUnits]int
}

// count counts cv's copies for every unit not in used, in one pass over the cubes.
func count(cv [2][]format.Cube, units []unit, used uint64) *unitCounts {
	var uc unitCounts
	var open [maxUnits]*unit
	var at [maxUnits]int
	n := 0
	for ui := range units {
		if used>>ui&1 == 0 {
			open[n], at[n] = &units[ui], ui
			n++
		}
	}
	var all, stay, free [maxUnits]int
	for k := range cv {
		for _, c := range cv[k] {
			for i, u := range open[:n] {
				field := uint32(1)<<u.width - 1
				m := c.Mask >> u.shift & field
				c := int(u.children[m<<3|c.Bits>>u.shift&field])
				all[i] += c
				if m == 0 {
					free[i]++
				} else {
					stay[i] += c
				}
			}
		}
	}
	for i, ui := range at[:n] {
		uc.all[ui], uc.stay[ui], uc.free[ui] = all[i], stay[i], free[i]
	}
	return &uc
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
// instead. The parts share one array, sized by a first pass that counts them.
func split(cv [2][]format.Cube, u unit, stay bool) (kept [2][]format.Cube, parts [2][][]format.Cube, copies int) {
	field := uint32(1)<<u.width - 1
	var sizes [2][8]int
	var nk [2]int
	for k := range cv {
		for _, c := range cv[k] {
			m, b := c.Mask>>u.shift&field, c.Bits>>u.shift&field
			if stay && m == 0 {
				nk[k]++
				continue
			}
			free := field &^ m
			for s := free; ; s = (s - 1) & free {
				if u.values>>(b|s)&1 != 0 {
					sizes[k][b|s]++
					copies++
				}
				if s == 0 {
					break
				}
			}
		}
	}
	all := make([]format.Cube, copies+nk[0]+nk[1])
	for k := range cv {
		kept[k], all = all[:0:nk[k]], all[nk[k]:]
		parts[k] = make([][]format.Cube, 1<<u.width)
		for v := range parts[k] {
			parts[k][v], all = all[:0:sizes[k][v]], all[sizes[k][v]:]
		}
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
	best, bestStay := -1, false
	bestCost := float64(total) * 2 / 3
	if total > leafCubes {
		uc := count(cv, units, p.used)
		for ui, u := range units {
			if p.used>>ui&1 != 0 {
				continue
			}
			for _, stay := range []bool{false, true} {
				copies, nk := uc.all[ui], 0
				if stay {
					copies, nk = uc.stay[ui], uc.free[ui]
				}
				if copies-(total-nk) > *budget || copies > splitGrowth*(total-nk) {
					continue
				}
				// The cubes scanned in the node and in a child, for a stored position at
				// random.
				cost := float64(nk) + float64(copies)/float64(bits.OnesCount8(u.values))
				if cost < bestCost {
					best, bestStay, bestCost = ui, stay, cost
				}
			}
		}
	}
	bestKept := cv
	var bestParts [2][][]format.Cube
	bestCopies := 0
	if best >= 0 {
		bestKept, bestParts, bestCopies = split(cv, units[best], bestStay)
	}
	nd := node{leaf: best < 0, first: int32(len(l.cubes))}
	l.cubes = append(l.cubes, bestKept[0]...)
	l.scratch = sortLargestFirst(l.cubes[nd.first:], l.scratch)
	nd.mid = int32(len(l.cubes))
	l.cubes = append(l.cubes, bestKept[1]...)
	l.scratch = sortLargestFirst(l.cubes[nd.mid:], l.scratch)
	nd.end = int32(len(l.cubes))
	if best >= 0 {
		*budget -= bestCopies - (total - len(bestKept[0]) - len(bestKept[1]))
		u := units[best]
		nd.shift, nd.width, nd.child = uint8(u.shift), uint8(u.width), int32(len(l.nodes))
		for v := range 1 << u.width {
			queue = append(queue, pending{len(l.nodes) + v, [2][]format.Cube{bestParts[0][v], bestParts[1][v]}, p.used | 1<<best, p.depth + 1})
		}
		l.nodes = append(l.nodes, make([]node, 1<<u.width)...)
	}
	l.nodes[p.i] = nd
	return queue
}

// sortLargestFirst orders cs by the positions its cubes hold, most first (fewest fixed
// bits), keeping the order of cubes of a size, so that a probe meets the cube that holds
// its position soonest on average; the order of a cover's cubes does not change its
// value. A counting sort on the number of fixed bits: tmp is scratch space, grown as
// needed and returned.
func sortLargestFirst(cs, tmp []format.Cube) []format.Cube {
	if len(cs) < 2 {
		return tmp
	}
	var start [34]int
	for _, c := range cs {
		start[bits.OnesCount32(c.Mask)+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	tmp = append(tmp[:0], cs...)
	for _, c := range tmp {
		n := bits.OnesCount32(c.Mask)
		cs[start[n]] = c
		start[n]++
	}
	return tmp
}
