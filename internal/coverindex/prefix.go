package coverindex

import (
	"slices"

	"github.com/espresso-go/espresso/cover"
)

// A prefix tree over a sorted Transposed. TransposeSorted orders the cubes
// by their binary variables, in the order of their ranks, so the cubes
// that agree on the first d of those variables lie at consecutive
// positions: a node of the tree at depth d, whose children split its run
// by the value of the next variable. A query for the cubes within
// distance 1 of a cube s (Near) walks down the tree counting the
// variables in which a node's cubes are far from s, and leaves every run
// that is already two variables away without looking at its groups (one
// variable away, for the cubes meeting s: Near without dist1, and
// AppendMeeting; Feasible stops at the first cube meeting s); the runs
// it reaches, of at most prefixLeaf cubes, it scans 64 cubes at a time
// from the variable it reached on. Pack keeps the order, so the active
// cubes of a sorted cover packed are sorted too, and get a tree of their
// own.
//
// On a large OFF-set whose cubes leave many variables free (a chess
// table's), the tree leaves most runs out and a query takes less than half
// the time of the scan, which every step that asks it gains from; where a
// cover's variables are bound at random (BenchmarkTransposedNear) it leaves
// few out and takes about the time of the scan. On KPkp's OFF-set (870 217
// cubes) a query took 48 us through the tree against 114 us scanning every
// group.

// prefixTree indexes the positions of a sorted Transposed.
type prefixTree struct {
	n     int   // positions indexed: those sorted (the first n)
	vars  []int // the binary variable at each depth
	depth []int // the depth of each binary variable
	nodes []prefixNode
}

// A prefixNode is the run lo..hi-1 of positions whose cubes agree on the
// variables above it. Its children are indexed by the value of the
// node's variable (its two parts as bits: 1 for 0, 2 for 1, 3 for -, 0
// for none); 0 means no child (the root is no one's child), and a node
// without children is a leaf.
type prefixNode struct {
	lo, hi int32
	kids   [4]int32
}

// valueOrder lists a binary variable's values in the order sortedOrder
// sorts them (each word's low parts first: none, 1, 0, -). It swaps 1 and
// 2 only, so valueOrder[x] is also the position of value x in the order.
var valueOrder = [4]int{0, 2, 1, 3}

// buildPrefix builds t's prefix tree over its sorted positions.
func (t *Transposed) buildPrefix() {
	nb := t.cube.NumBinaryVars
	p := &prefixTree{n: t.sorted, vars: make([]int, nb), depth: make([]int, nb)}
	for v := range nb {
		d := v
		if t.rank != nil {
			d = t.rank[v]
		}
		p.vars[d], p.depth[v] = v, d
	}
	p.nodes = append(p.nodes, prefixNode{lo: 0, hi: int32(p.n)})
	t.split(p, 0, 0)
	t.prefix = p
}

// value returns the value of binary variable v in the cube at position k.
func (t *Transposed) value(k, v int) int {
	col := t.bits[k/64*t.stride:]
	b := uint(k % 64)
	return int(col[2*v]>>b&1 | (col[2*v+1]>>b&1)<<1)
}

// split gives node i, at depth d, its children, and theirs.
func (t *Transposed) split(p *prefixTree, i, d int) {
	lo, hi := int(p.nodes[i].lo), int(p.nodes[i].hi)
	if hi-lo <= prefixLeaf || d == len(p.vars) {
		return
	}
	v := p.vars[d]
	at := lo
	for _, x := range valueOrder {
		// The run of value x ends at the first position whose value sorts
		// after it.
		l, h := at, hi
		for l < h {
			m := int(uint(l+h) >> 1)
			if valueOrder[t.value(m, v)] <= valueOrder[x] {
				l = m + 1
			} else {
				h = m
			}
		}
		if l > at {
			p.nodes = append(p.nodes, prefixNode{lo: int32(at), hi: int32(l)})
			k := len(p.nodes) - 1
			p.nodes[i].kids[x] = int32(k)
			t.split(p, k, d+1)
		}
		at = l
	}
}

// prefixQuery is one query through the prefix tree: Near's,
// AppendMeetingGroups's or Feasible's.
type prefixQuery struct {
	t *Transposed
	s cover.Set
	// The cubes asked about (every cube if nil), and where the answer
	// goes: for AppendMeetingGroups (meeting), the groups with cubes
	// meeting s, in order, to hits; for Feasible (xlower not nil), the
	// parts the cubes at distance 1 force low, to xlower, the walk
	// stopping at the first cube meeting s; for Near, dist0 and dist1.
	active, dist0, dist1 []uint64
	meeting              bool
	hits                 []GroupBits
	xlower               cover.Set
	limit                int   // the largest distance asked for: 0 or 1
	binFrom              []int // for each depth, the first of t.bin at that depth or below
	// For Feasible, the parts of t.bin (each the part s holds of a bound
	// binary variable) whose variable's other part xlower holds
	// (deadFor, a copy of xlower, is what they were found for): see
	// lowered.
	dead    []int
	deadFor []uint64
}

// nearByPrefix is Near through t's prefix tree.
func (t *Transposed) nearByPrefix(s cover.Set, active, dist0, dist1 []uint64) {
	if dist1 == nil && len(active) > 0 && &dist0[0] == &active[0] {
		// dist0 is active: keep a copy of active to read.
		t.src = append(t.src[:0], active...)
		active = t.src
	}
	clear(dist0[:len(active)])
	q := prefixQuery{t: t, s: s, active: active, dist0: dist0, dist1: dist1}
	if dist1 != nil {
		clear(dist1[:len(active)])
		q.limit = 1
	}
	q.run()
}

// run answers q, planned for q.s, and reports whether it went to the end
// (Feasible did not stop at a cube meeting s).
func (q *prefixQuery) run() bool {
	t := q.t
	p := t.prefix
	q.binFrom = t.binFrom[:0]
	k := 0
	for d := range len(p.vars) + 1 {
		for k < len(t.bin) && p.depth[t.bin[k]/2] < d {
			k++
		}
		q.binFrom = append(q.binFrom, k)
	}
	t.binFrom = q.binFrom
	if q.xlower != nil {
		q.dead, q.deadFor = t.dead[:0], t.deadFor[:0]
		q.findDead()
		defer func() { t.dead, t.deadFor = q.dead, q.deadFor }()
	}
	if !q.descend(0, 0, 0, 0) {
		return false
	}
	// The cubes appended since the sort, which the tree does not hold.
	return p.n == t.n || q.scan(p.n, t.n, 0, 0)
}

// descend visits node i, at depth d, whose cubes are far from s in c
// variables above it (for Feasible, in variable conf/4, of value conf%4,
// if c is 1); it reports false if the walk stopped.
func (q *prefixQuery) descend(i, d, c, conf int) bool {
	if c == 1 && q.xlower != nil && q.lowered(conf/4, conf%4) {
		return true // dead since the walk went down (see lowered)
	}
	p := q.t.prefix
	nd := &p.nodes[i]
	if nd.kids == [4]int32{} {
		return q.scan(int(nd.lo), int(nd.hi), d, c)
	}
	v := p.vars[d]
	sv := int(q.s[1+v/32] >> (2 * (v % 32)) & 3)
	for _, x := range valueOrder { // in the order of positions
		k, cc, cf := int(nd.kids[x]), c, conf
		if sv&x == 0 {
			cc, cf = cc+1, 4*v+x
		}
		if k != 0 && cc <= q.limit && !q.descend(k, d+1, cc, cf) {
			return false
		}
	}
	return true
}

// scan finds the cubes at distance at most limit from s among the
// positions lo..hi-1, whose cubes are far from s in c of the variables
// above depth d and agree with each other there; it reports false if the
// walk stopped.
func (q *prefixQuery) scan(lo, hi, d, c int) bool {
	t := q.t
	bin := t.bin[q.binFrom[d]:]
	dead := q.deadBelow(d)
	for g := lo / 64; g <= (hi-1)/64; g++ {
		var m uint64
		if q.active != nil {
			m = q.active[g]
		} else {
			m = t.groupMask(g)
		}
		if g == lo/64 {
			m &= ^uint64(0) << (lo % 64)
		}
		if g == (hi-1)/64 && hi%64 != 0 {
			m &= 1<<(hi%64) - 1
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		for _, j := range dead {
			if m &= col[j]; m == 0 {
				break
			}
		}
		if m == 0 {
			continue
		}
		var d0, d1 uint64
		switch {
		case q.limit == 0:
			d0 = t.meetFrom(col, m, bin, d)
		case c == 0:
			d0, d1 = t.nearFrom(col, m, 0, bin, d)
		default:
			d0, d1 = t.nearFrom(col, 0, m, bin, d)
		}
		switch {
		case q.meeting:
			if d0 != 0 {
				q.addHit(g, d0)
			}
		case q.xlower != nil:
			if d0 != 0 {
				return false
			}
			if d1 != 0 {
				t.lowerGroup(col, d1, q.xlower)
				if !slices.Equal(q.deadFor, q.xlower) {
					q.findDead()
					dead = q.deadBelow(d)
				}
			}
		default:
			q.dist0[g] |= d0
			if q.dist1 != nil {
				q.dist1[g] |= d1
			}
		}
	}
	return true
}

// Feasible only adds to xlower the parts that the cubes at distance 1 from
// s force low: for a cube whose one conflict with s is in a binary
// variable, its parts of that variable. A subtree whose cubes conflict
// with s in such a variable, whose parts there xlower already holds, has
// nothing to add (and no cube meeting s, which Feasible stops at): the
// walk leaves it (lowered); and a cube that conflicts with s in a
// variable whose other part xlower holds has nothing to add either, at
// distance 1 or more: the scan drops it (dead), as if it were at distance
// 2. The answer is the same, a union; the walk is shorter, more so as
// xlower fills.

// lowered reports whether xlower holds the parts of binary variable v
// that value x has (as a node's kids are indexed).
func (q *prefixQuery) lowered(v, x int) bool {
	return int(q.xlower[1+v/32]>>(2*(v%32)))&x == x
}

// deadBelow returns the dead parts of the variables at depth d or below:
// above it, the cubes of a run agree, and a run conflicting with s in a
// dead variable is only walked if the variable died since.
func (q *prefixQuery) deadBelow(d int) []int {
	p := q.t.prefix
	for k, j := range q.dead {
		if !p.above(j/2, d) {
			return q.dead[k:]
		}
	}
	return nil
}

// findDead lists the parts of t.bin whose variable's other part xlower
// holds.
func (q *prefixQuery) findDead() {
	q.dead = q.dead[:0]
	for _, j := range q.t.bin {
		if q.xlower.Has(j ^ 1) {
			q.dead = append(q.dead, j)
		}
	}
	q.deadFor = append(q.deadFor[:0], q.xlower...)
}

// addHit adds the cubes mask of group g to the hits. A group can lie
// across runs of the tree, visited one after another: its cubes then
// join the group's last hit, so that each group is listed once.
func (q *prefixQuery) addHit(g int, mask uint64) {
	if n := len(q.hits); n > 0 && q.hits[n-1].G == int32(g) {
		q.hits[n-1].Mask |= mask
		return
	}
	q.hits = append(q.hits, GroupBits{int32(g), mask})
}

// above reports whether v is a binary variable the tree looks at above
// depth d.
func (p *prefixTree) above(v, d int) bool {
	return v < len(p.depth) && p.depth[v] < d
}
