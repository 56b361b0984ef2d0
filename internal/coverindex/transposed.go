package coverindex

import (
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/hugepage"
)

// Transposed holds a cover part by part: for each group of 64 cubes, one
// word per part, whose bit i says whether cube 64·group+i holds the part.
// Held this way, the distance from one cube to each cube of the cover is
// found 64 cubes at a time, a few word operations per variable. EXPAND
// asks it of its OFF-set again and again (essen_parts, elim_lowering,
// feasibly_covered), and REDUCE, IRREDUNDANT and ESSENTIAL of a large
// DC-set (the cubes meeting a cube, or near it).
//
// A Transposed is a snapshot: later changes to the cover's cubes are not
// seen. Its queries use scratch space kept in it, so it is not safe for
// concurrent use.
type Transposed struct {
	cube   *cover.Cube
	n      int      // cubes
	stride int      // words per group: one per part
	bits   []uint64 // part j of group g at bits[g*stride+j]
	// someVoid[v] is set when some cube holds no part of variable v: only
	// then can a cube holding all of v's parts be far from it in v. It is
	// found at the first query (voidKnown).
	someVoid  []bool
	voidKnown bool
	// binVoid holds someVoid of the binary variables as bits, that of
	// variable v at bit 2v: the parts of v.
	binVoid []uint64

	// The plan of the last query (if planned): the cube it was made for
	// (planFor), the binary variables of which that cube holds one part
	// (that part in bin), and the other variables a cube may be far from
	// it in (vars), with its parts in each: mvParts[start[k]:start[k+1]]
	// for vars[k].
	planned bool
	planFor cover.Set
	bin     []int
	vars    []int
	start   []int
	mvParts []int

	parts []int // scratch of CountDisjoint

	// order, when not nil, holds for each cube held the index of the
	// cube of the cover it stands for ([TransposeSorted]).
	order []int32
	// rank, when not nil, is the order in which queries look at the
	// binary variables (variable v at rank[v]; [bindingOrder]).
	rank []int
	// sorted is the number of positions, from the first, whose cubes are
	// sorted by their parts (the binary variables by rank, if rank is not
	// nil; [sortedOrder]).
	sorted int
	// prefix, when not nil, is the prefix tree of a sorted cover that
	// Near walks (see prefix.go); src, binFrom, dead and deadFor are its
	// scratch.
	prefix  *prefixTree
	src     []uint64
	binFrom []int
	hits    []GroupBits
	dead    []int
	deadFor []uint64
}

// Transpose returns the cubes of F held part by part.
func Transpose(c *cover.Cube, F *cover.Cover) *Transposed {
	t := new(Transposed)
	t.reset(c, F.Count)
	for i := 0; i < F.Count; i++ {
		t.add(i, F.At(i))
	}
	return t
}

// TransposeSorted returns the cubes of F held part by part, sorted by their
// parts ([sortedOrder]): the cubes of a group are then alike, and a query
// finds most groups far from its cube within the first variables it looks
// at. Where F is large, the binary variables are taken in the order of
// [bindingOrder], both in the sort and by the queries. The queries that
// return cubes ([Transposed.AppendMeetingOf], [Transposed.AppendMeeting]
// with F's cubes in F's order) return them in the sorted order; those that
// return bits return them by position, which [Transposed.Index] turns into
// the index in F. Near and AppendMeeting of a large cover so sorted walk
// a prefix tree of it (prefix.go). Truncate may not be used.
func TransposeSorted(c *cover.Cube, F *cover.Cover) *Transposed {
	var rank []int
	if F.Count >= bindingOrderFrom {
		rank = bindingOrder(c, F)
	}
	return transposeSorted(c, F, rank)
}

// transposeSorted is TransposeSorted with the binary variables in the
// order rank gives them (index order if rank is nil).
func transposeSorted(c *cover.Cube, F *cover.Cover, rank []int) *Transposed {
	order := sortedOrder(F, rank, nil)
	t := new(Transposed)
	t.reset(c, F.Count)
	for k, i := range order {
		t.add(k, F.At(int(i)))
	}
	t.order, t.rank, t.sorted = order, rank, F.Count
	return t
}

// bindingOrder returns the rank of each binary variable when they are
// ordered by the number of cubes of F that hold one part of it (bind it),
// most first, and by index among equals. Most cubes are then told apart
// in the first variables: a query on a cover held sorted that way (a
// large OFF-set, whose cubes leave many variables free) finds a group of
// 64 cubes far from its cube after fewer variables than in index order
// (on KPkp's OFF-set, 148 us a query against 238 us).
func bindingOrder(c *cover.Cube, F *cover.Cover) []int {
	nb := c.NumBinaryVars
	bound := make([]int, nb)
	for p := range F.All() {
		for w := 0; 32*w < nb; w++ {
			x := p[1+w]
			for m := (x ^ x>>1) & disjoint & binaryMask(nb, w); m != 0; m &= m - 1 {
				bound[32*w+bits.TrailingZeros64(m)/2]++
			}
		}
	}
	vars := make([]int, nb)
	for v := range vars {
		vars[v] = v
	}
	slices.SortStableFunc(vars, func(a, b int) int { return bound[b] - bound[a] })
	rank := make([]int, nb)
	for r, v := range vars {
		rank[v] = r
	}
	return rank
}

// sortedOrder returns, in order's storage, the indices of the cubes of F
// sorted by their parts, and by index where the cubes are equal. The
// binary variables come first, in the order rank gives them (variable v
// at rank[v]; index order if rank is nil), each with its parts in order,
// then the others, variable by variable.
func sortedOrder(F *cover.Cover, rank []int, order []int32) []int32 {
	order = order[:0]
	for i := range F.Count {
		order = append(order, int32(i))
	}
	var keys []uint64
	var kw int
	if rank != nil {
		keys, kw = rankedKeys(F, rank)
	}
	slices.SortFunc(order, func(a, b int32) int {
		var p, q []uint64
		if keys != nil {
			p, q = keys[int(a)*kw:int(a+1)*kw], keys[int(b)*kw:int(b+1)*kw]
		} else {
			p, q = F.At(int(a)), F.At(int(b))
		}
		for w := 1; w < len(p); w++ {
			// Reversed, a word compares its low parts first.
			x, y := bits.Reverse64(p[w]), bits.Reverse64(q[w])
			if x != y {
				if x < y {
					return -1
				}
				return 1
			}
		}
		return int(a - b)
	})
	return order
}

// rankedKeys returns the cubes of F with the parts of each binary variable
// v moved to those of variable rank[v] (a permutation), in storage of kw
// words a cube (nil for an empty F).
func rankedKeys(F *cover.Cover, rank []int) (keys []uint64, kw int) {
	if F.Count == 0 {
		return nil, 0
	}
	kw = len(F.At(0))
	keys = make([]uint64, F.Count*kw)
	nb := len(rank)
	for i := range F.Count {
		p, k := F.At(i), keys[i*kw:(i+1)*kw]
		copy(k, p)
		for w := 0; 32*w < nb; w++ {
			k[1+w] &^= binaryMask(nb, w)
		}
		for v, r := range rank {
			x := p[1+v/32] >> (2 * (v % 32)) & 3
			k[1+r/32] |= x << (2 * (r % 32))
		}
	}
	return keys, kw
}

// disjoint selects the even bit of every two-bit binary field: part 0 of
// each binary variable.
const disjoint = 0x5555555555555555

// binaryMask returns the bits of word 1+w of a cube that hold parts of
// the first nb (binary) variables.
func binaryMask(nb, w int) uint64 {
	if n := nb - 32*w; n < 32 {
		return 1<<(2*n) - 1
	}
	return ^uint64(0)
}

// Index returns the index in the cover of the cube held at position k (bit
// k%64 of group k/64): k itself unless t was made by TransposeSorted.
func (t *Transposed) Index(k int) int {
	if t.order != nil {
		return int(t.order[k])
	}
	return k
}

// LoadCover makes t hold the cubes of F, reusing its storage.
func (t *Transposed) LoadCover(c *cover.Cube, F *cover.Cover) {
	t.reset(c, F.Count)
	for i := 0; i < F.Count; i++ {
		t.add(i, F.At(i))
	}
}

// Shared returns a Transposed holding the same cubes as t, with query
// scratch of its own: another goroutine may query it while t is queried,
// as long as neither is changed.
func (t *Transposed) Shared() *Transposed {
	if !t.voidKnown {
		t.findVoid()
	}
	if t.prefix == nil && t.usePrefix() {
		t.buildPrefix()
	}
	return &Transposed{cube: t.cube, n: t.n, stride: t.stride, bits: t.bits,
		someVoid: t.someVoid, binVoid: t.binVoid, voidKnown: true, order: t.order, rank: t.rank,
		sorted: t.sorted, prefix: t.prefix}
}

// Load makes t hold the cubes of list, reusing its storage.
func (t *Transposed) Load(c *cover.Cube, list []cover.Set) {
	t.reset(c, len(list))
	for i, p := range list {
		t.add(i, p)
	}
}

// reset makes t hold n cubes of c, none of them holding any part.
func (t *Transposed) reset(c *cover.Cube, n int) {
	t.cube, t.n, t.stride = c, n, c.Size
	words := (n + 63) / 64 * c.Size
	if cap(t.bits) < words {
		t.bits = hugepage.Words(words, words)
	} else {
		t.bits = t.bits[:words]
		clear(t.bits)
	}
	t.planned, t.voidKnown, t.order, t.rank, t.sorted, t.prefix = false, false, nil, nil, 0, nil
}

// add sets the parts of cube i to those of p.
func (t *Transposed) add(i int, p cover.Set) {
	col := t.bits[i/64*t.stride:]
	bit := uint64(1) << (i % 64)
	for w, x := range p[1:] {
		for x != 0 {
			j := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			if j < t.stride {
				col[j] |= bit
			}
		}
	}
}

// Append adds p as the last cube held.
func (t *Transposed) Append(p cover.Set) {
	if need := (t.n/64 + 1) * t.stride; need > len(t.bits) {
		t.bits = slices.Grow(t.bits, need-len(t.bits))[:need]
		clear(t.bits[need-t.stride:])
	}
	t.add(t.n, p)
	if t.order != nil {
		t.order = append(t.order, int32(t.n))
	}
	t.n++
	if !t.voidKnown {
		return
	}
	c := t.cube
	for v := 0; v < c.NumVars; v++ {
		if !t.someVoid[v] && p.Disjoint(c.VarMask[v]) {
			t.setVoid(v)
		}
	}
}

// Pack makes dst hold the cubes of t that active selects (a mask of
// length t.Groups()), in order, 64 to a group, reusing dst's storage, and
// returns the number of cubes it holds. A query that does not depend on
// which cube is which (Feasible, AnyHas) then visits only the groups of
// dst, where active may hold a few cubes in each of many groups of t.
func (t *Transposed) Pack(active []uint64, dst *Transposed) int {
	n := 0
	for _, a := range active {
		n += bits.OnesCount64(a)
	}
	t.startPack(dst, n)
	for g, a := range active {
		if a != 0 {
			t.packGroup(dst, g, a)
		}
	}
	return n
}

// PackList is [Transposed.Pack] for the cubes that list holds, its groups
// in increasing order.
func (t *Transposed) PackList(list []GroupBits, dst *Transposed) int {
	n := 0
	for _, a := range list {
		n += bits.OnesCount64(a.Mask)
	}
	t.startPack(dst, n)
	for _, a := range list {
		t.packGroup(dst, int(a.G), a.Mask)
	}
	return n
}

// startPack readies dst to receive n cubes of t, packed in t's order:
// those of t's sorted positions stay sorted, in the same order of
// variables.
func (t *Transposed) startPack(dst *Transposed, n int) {
	dst.reset(t.cube, n)
	dst.rank, dst.n = t.rank, 0 // packGroup counts them in
}

// packGroup appends to dst the cubes a of group g of t.
func (t *Transposed) packGroup(dst *Transposed, g int, a uint64) {
	col := t.bits[g*t.stride : (g+1)*t.stride]
	if k := 64 * g; k+64 <= t.sorted {
		dst.sorted += bits.OnesCount64(a)
	} else if k < t.sorted {
		dst.sorted += bits.OnesCount64(a & (1<<(t.sorted-k) - 1))
	}
	for ; a != 0; a &= a - 1 {
		b := bits.TrailingZeros64(a)
		i := dst.n
		dst.n++
		out := dst.bits[i/64*dst.stride : (i/64+1)*dst.stride]
		bit := uint64(1) << (i % 64)
		for j, w := range col {
			out[j] |= (w >> b & 1) * bit
		}
	}
}

// Truncate keeps the first n cubes held and lets the others go. (A
// variable in which only a cube let go was void may still be taken as one
// in which some cube is void: a query then looks at it when it need not.)
func (t *Transposed) Truncate(n int) {
	if n >= t.n {
		return
	}
	if t.order != nil {
		panic("cover: Truncate of a sorted Transposed")
	}
	t.n = n
	t.bits = t.bits[:t.Groups()*t.stride]
	if n%64 != 0 {
		keep := t.groupMask(n / 64)
		col := t.bits[n/64*t.stride:]
		for j := range col {
			col[j] &= keep
		}
	}
}

// findVoid sets someVoid.
func (t *Transposed) findVoid() {
	c := t.cube
	t.someVoid = append(t.someVoid[:0], make([]bool, c.NumVars)...)
	t.binVoid = append(t.binVoid[:0], make([]uint64, (2*c.NumBinaryVars+63)/64)...)
	for g := range t.Groups() {
		col := t.bits[g*t.stride : (g+1)*t.stride]
		all := t.groupMask(g)
		for v := 0; v < c.NumVars; v++ {
			var held uint64
			for j := c.FirstPart[v]; j <= c.LastPart[v]; j++ {
				held |= col[j]
			}
			if held != all {
				t.setVoid(v)
			}
		}
	}
	t.voidKnown = true
}

// setVoid records that some cube holds no part of variable v.
func (t *Transposed) setVoid(v int) {
	t.someVoid[v], t.planned = true, false
	if v < t.cube.NumBinaryVars {
		t.binVoid[v/32] |= 1 << (2 * (v % 32))
	}
}

// groupMask returns the bits of the cubes of group g.
func (t *Transposed) groupMask(g int) uint64 {
	if n := t.n - 64*g; n < 64 {
		return 1<<n - 1
	}
	return ^uint64(0)
}

// All fills active (of length Groups) with every cube held, and returns it.
func (t *Transposed) All(active []uint64) []uint64 {
	for g := range active {
		active[g] = t.groupMask(g)
	}
	return active
}

// Len returns the number of cubes held.
func (t *Transposed) Len() int { return t.n }

// Groups returns the number of groups of 64 cubes: the length of the masks
// the queries take and fill.
func (t *Transposed) Groups() int { return (t.n + 63) / 64 }

// plan makes the plan of a query for s: the variables in which a cube
// may be far from s, with the parts of s in each. It leaves out the
// variables where s holds every part and no cube is void.
func (t *Transposed) plan(s cover.Set) {
	if t.planned && t.planFor.Equal(s) {
		return
	}
	if !t.voidKnown {
		t.findVoid()
	}
	c := t.cube
	t.planned, t.planFor = true, append(t.planFor[:0], s...)
	t.bin, t.vars, t.mvParts = t.bin[:0], t.vars[:0], t.mvParts[:0]
	t.start = append(t.start[:0], 0)
	// The binary variables, 32 to a word of s: parts 2v and 2v+1 are
	// bits 2v%64 and 2v%64+1 of word 1+v/32.
	nb := c.NumBinaryVars
	for w := 0; 32*w < nb; w++ {
		vars := disjoint & binaryMask(nb, w)
		x := s[1+w]
		lo, hi := x&vars, x>>1&vars
		one := lo ^ hi
		other := (lo&hi&t.binVoid[w] | ^(lo | hi)) & vars // void, or full where some cube is void
		for m := one | other; m != 0; m &= m - 1 {
			b := bits.TrailingZeros64(m)
			j := 64*w + b
			if one>>b&1 != 0 {
				t.bin = append(t.bin, j|int(hi>>b&1))
				continue
			}
			if lo>>b&1 != 0 {
				t.mvParts = append(t.mvParts, j)
			}
			if hi>>b&1 != 0 {
				t.mvParts = append(t.mvParts, j+1)
			}
			t.vars = append(t.vars, j/2)
			t.start = append(t.start, len(t.mvParts))
		}
	}
	if t.rank != nil {
		rank := t.rank
		slices.SortFunc(t.bin, func(a, b int) int { return rank[a/2] - rank[b/2] })
	}
	for v := nb; v < c.NumVars; v++ {
		first, last := c.FirstPart[v], c.LastPart[v]
		n := len(t.mvParts)
		for j := first; j <= last; j++ {
			if s.Has(j) {
				t.mvParts = append(t.mvParts, j)
			}
		}
		held := len(t.mvParts) - n
		switch {
		case held == last-first+1 && !t.someVoid[v]:
			t.mvParts = t.mvParts[:n] // every cube meets s in v
		default:
			t.vars = append(t.vars, v)
			t.start = append(t.start, len(t.mvParts))
		}
	}
}

// Near sets, for each group g, dist0[g] to the cubes of active[g] at
// distance 0 from s (those meeting s in every variable) and, if dist1 is
// not nil, dist1[g] to those at distance 1 (cdist01). dist0 may be active
// itself. A sorted cover of prefixFrom cubes or more is searched through
// its prefix tree; the others group by group.
func (t *Transposed) Near(s cover.Set, active, dist0, dist1 []uint64) {
	t.plan(s)
	if t.usePrefix() {
		if t.prefix == nil {
			t.buildPrefix()
		}
		t.nearByPrefix(s, active, dist0, dist1)
		return
	}
	t.nearGroups(active, dist0, dist1)
}

// nearGroups is Near for the planned cube, group by group.
func (t *Transposed) nearGroups(active, dist0, dist1 []uint64) {
	for g, a := range active {
		if a == 0 {
			dist0[g] = 0
			if dist1 != nil {
				dist1[g] = 0
			}
			continue
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		if dist1 == nil {
			dist0[g] = t.meetAll(col, a)
			continue
		}
		dist0[g], dist1[g] = t.near(col, a)
	}
}

// usePrefix reports whether the queries walk a prefix tree of t: t is
// sorted, its binary variables by rank, and large.
func (t *Transposed) usePrefix() bool {
	return t.rank != nil && t.sorted >= prefixFrom
}

// near returns the cubes of a, in the group whose parts col holds, at
// distance 0 and at distance 1 from the planned cube.
func (t *Transposed) near(col []uint64, a uint64) (d0, d1 uint64) {
	return t.nearFrom(col, a, 0, t.bin, 0)
}

// nearFrom carries d0 and d1, the cubes of the group whose parts col holds
// at distance 0 and 1 from the planned cube in the variables looked at
// already, through the planned binary parts bin and the other planned
// variables (leaving out, if d > 0, the binary ones a prefix tree has
// looked at: those above depth d), and returns the cubes at distance 0 and
// 1 from it.
func (t *Transposed) nearFrom(col []uint64, d0, d1 uint64, bin []int, d int) (uint64, uint64) {
	for _, j := range bin {
		meet := col[j]
		d1 = d1&meet | d0&^meet
		if d0 &= meet; d0|d1 == 0 {
			return 0, 0
		}
	}
	for k, v := range t.vars {
		if d > 0 && t.prefix.above(v, d) {
			continue
		}
		meet := t.mvMeet(col, k)
		d1 = d1&meet | d0&^meet
		if d0 &= meet; d0|d1 == 0 {
			return 0, 0
		}
	}
	return d0, d1
}

// meetAll returns the cubes of a, in the group whose parts col holds,
// that meet the planned cube in every variable.
func (t *Transposed) meetAll(col []uint64, a uint64) uint64 {
	return t.meetFrom(col, a, t.bin, 0)
}

// meetFrom returns the cubes of a, in the group whose parts col holds,
// that meet the planned cube in the planned binary parts bin and in its
// other planned variables (leaving out, if d > 0, the binary ones a
// prefix tree has looked at: those above depth d).
func (t *Transposed) meetFrom(col []uint64, a uint64, bin []int, d int) uint64 {
	for _, j := range bin {
		if a &= col[j]; a == 0 {
			return 0
		}
	}
	for k, v := range t.vars {
		if d > 0 && t.prefix.above(v, d) {
			continue
		}
		if a &= t.mvMeet(col, k); a == 0 {
			return 0
		}
	}
	return a
}

// mvMeet returns the cubes of the group whose parts col holds that meet
// the planned cube in t.vars[k] (in its parts mvParts[start[k]:start[k+1]]).
func (t *Transposed) mvMeet(col []uint64, k int) uint64 {
	var meet uint64
	for _, j := range t.mvParts[t.start[k]:t.start[k+1]] {
		meet |= col[j]
	}
	return meet
}

// Lower adds to xlower, for each cube of active that near holds (near[g]
// for group g, as Near returns them), its parts in each variable in which
// it does not meet s: what keeps a cube grown from s away from it
// (force_lower).
func (t *Transposed) Lower(s cover.Set, active, near []uint64, xlower cover.Set) {
	t.plan(s)
	for g, a := range active {
		if a &= near[g]; a != 0 {
			t.lowerGroup(t.bits[g*t.stride:(g+1)*t.stride], a, xlower)
		}
	}
}

// lowerGroup is Lower for the cubes a of the group whose parts col holds.
func (t *Transposed) lowerGroup(col []uint64, a uint64, xlower cover.Set) {
	c := t.cube
	for _, j := range t.bin {
		if far := a &^ col[j]; far != 0 && col[j^1]&far != 0 {
			xlower.Insert(j ^ 1)
		}
	}
	for k, v := range t.vars {
		if far := a &^ t.mvMeet(col, k); far != 0 {
			for j := c.FirstPart[v]; j <= c.LastPart[v]; j++ {
				if col[j]&far != 0 {
					xlower.Insert(j)
				}
			}
		}
	}
}

// Feasible reports whether no cube of active (every cube held, if active
// is nil) is at distance 0 from s; if so, it adds to xlower what Lower
// adds for the cubes at distance 1, and if not, it stops at the first
// group with such a cube, leaving xlower part done (feasibly_covered's
// loop).
func (t *Transposed) Feasible(s cover.Set, active []uint64, xlower cover.Set) bool {
	t.plan(s)
	if t.usePrefix() {
		if t.prefix == nil {
			t.buildPrefix()
		}
		q := prefixQuery{t: t, s: s, active: active, limit: 1, xlower: xlower}
		return q.run()
	}
	groups := len(active)
	if active == nil {
		groups = t.Groups()
	}
	for g := range groups {
		a := t.groupMask(g)
		if active != nil {
			a = active[g]
		}
		if a == 0 {
			continue
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		d0, d1 := t.near(col, a)
		if d0 != 0 {
			return false
		}
		if d1 != 0 {
			t.lowerGroup(col, d1, xlower)
		}
	}
	return true
}

// partsOf returns the parts of s below the cube's size, in order, in t's
// scratch list.
func (t *Transposed) partsOf(s cover.Set) []int {
	parts := t.parts[:0]
	s.Elements(func(j int) bool {
		if j < t.stride {
			parts = append(parts, j)
		}
		return true
	})
	t.parts = parts
	return parts
}

// Held sets held to the parts of s that some cube of active holds.
func (t *Transposed) Held(s cover.Set, active []uint64, held cover.Set) {
	t.someCube(s, active, held, 0)
}

// Lacking sets lacking to the parts of s that some cube of active does
// not hold.
func (t *Transposed) Lacking(s cover.Set, active []uint64, lacking cover.Set) {
	t.someCube(s, active, lacking, ^uint64(0))
}

// someCube sets found to the parts j of s for which some cube of active
// has a 1 in its bit of part j's word, flipped by flip: the parts some
// cube holds (flip 0) or lacks (all ones).
func (t *Transposed) someCube(s cover.Set, active []uint64, found cover.Set, flip uint64) {
	found.Clear()
	parts := t.partsOf(s)
	for g, a := range active {
		if a == 0 {
			continue
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		for k := 0; k < len(parts); {
			if j := parts[k]; a&(col[j]^flip) != 0 {
				found.Insert(j)
				parts[k] = parts[len(parts)-1] // not to be asked again
				parts = parts[:len(parts)-1]
				continue
			}
			k++
		}
		if len(parts) == 0 {
			break
		}
	}
	t.parts = parts[:0]
}

// KeepWithin clears from active the cubes with a part s does not hold
// (those s does not contain), and returns how many it cleared.
func (t *Transposed) KeepWithin(s cover.Set, active []uint64) int {
	parts := t.parts[:0]
	for j := range t.stride {
		if !s.Has(j) {
			parts = append(parts, j)
		}
	}
	t.parts = parts
	if len(parts) == 0 {
		return 0
	}
	cleared := 0
	for g, a := range active {
		if a == 0 {
			continue
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		var out uint64
		for _, j := range parts {
			out |= col[j]
		}
		if out &= a; out != 0 {
			active[g] = a &^ out
			cleared += bits.OnesCount64(out)
		}
	}
	return cleared
}

// KeepHolding clears from active the cubes that do not hold every part
// of s (those that do not contain s).
func (t *Transposed) KeepHolding(s cover.Set, active []uint64) {
	parts := t.partsOf(s)
	if len(parts) == 0 {
		return
	}
	for g, a := range active {
		if a == 0 {
			continue
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		for _, j := range parts {
			if a &= col[j]; a == 0 {
				break
			}
		}
		active[g] = a
	}
}

// CountParts sets count[j], for each part j of s, to the number of cubes
// of active holding it; the other entries of count are left as they were.
func (t *Transposed) CountParts(s cover.Set, active []uint64, count []int) {
	parts := t.partsOf(s)
	for _, j := range parts {
		count[j] = 0
	}
	for g, a := range active {
		if a == 0 {
			continue
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		for _, j := range parts {
			count[j] += bits.OnesCount64(a & col[j])
		}
	}
}

// CountDisjoint returns the number of cubes held that have no part in
// common with s.
func (t *Transposed) CountDisjoint(s cover.Set) int {
	parts := t.partsOf(s)
	count := 0
	for g := range t.Groups() {
		col := t.bits[g*t.stride : (g+1)*t.stride]
		var meet uint64
		for _, j := range parts {
			meet |= col[j]
		}
		count += bits.OnesCount64(t.groupMask(g) &^ meet)
	}
	return count
}

// AppendMeeting appends to dst the cubes of list (the cubes t holds, in
// their cover's order) that meet s in every variable, other than s
// itself, in t's order (sorted if t was made by TransposeSorted).
func (t *Transposed) AppendMeeting(dst, list []cover.Set, s cover.Set) []cover.Set {
	return t.appendMeeting(dst, s, func(i int) cover.Set { return list[i] })
}

// AppendMeetingOf is AppendMeeting for the cubes of F, which t holds.
func (t *Transposed) AppendMeetingOf(dst []cover.Set, F *cover.Cover, s cover.Set) []cover.Set {
	return t.appendMeeting(dst, s, F.At)
}

func (t *Transposed) appendMeeting(dst []cover.Set, s cover.Set, at func(i int) cover.Set) []cover.Set {
	t.hits = t.AppendMeetingGroups(t.hits[:0], s)
	for _, h := range t.hits {
		for m := h.Mask; m != 0; m &= m - 1 {
			if q := at(t.Index(int(h.G)*64 + bits.TrailingZeros64(m))); &q[0] != &s[0] {
				dst = append(dst, q)
			}
		}
	}
	return dst
}

// GroupBits are the cubes of group G of a Transposed (its positions 64G
// to 64G+63) that Mask holds.
type GroupBits struct {
	G    int32
	Mask uint64
}

// AppendMeetingGroups appends to dst, in order, each group with cubes
// that meet s in every variable, with those cubes: [Transposed.Near]
// without dist1 over every cube held, its answer listed instead of
// spread over a mask of every group.
func (t *Transposed) AppendMeetingGroups(dst []GroupBits, s cover.Set) []GroupBits {
	t.plan(s)
	if t.usePrefix() {
		if t.prefix == nil {
			t.buildPrefix()
		}
		q := prefixQuery{t: t, s: s, hits: dst, meeting: true}
		q.run()
		return q.hits
	}
	for g := range t.Groups() {
		col := t.bits[g*t.stride : (g+1)*t.stride]
		if m := t.meetAll(col, t.groupMask(g)); m != 0 {
			dst = append(dst, GroupBits{int32(g), m})
		}
	}
	return dst
}
