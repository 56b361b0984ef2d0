package minimize

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/cover"
)

// REDUCE and IRREDUNDANT's split over a table of the space's points.
//
// A cube's maximal reduction is the smallest cube holding its holes: the
// points it holds that no other cube of F, and no cube of D, holds (see
// reducer); and a cube is covered by the other cubes and D when it has
// none. Where the space is small — binary inputs and one output
// variable, a few tens of millions of points, as in the chess tables'
// 2^25 positions times 3 outputs — these steps can count instead, for
// every point, the cubes of F holding it, with the points of D marked: a
// cube's holes are then its points counted once, found by visiting them.
// REDUCE takes the points a reduction loses out of the counts, so that
// the cubes after it see the cover as reduced so far, as in 2.3;
// IRREDUNDANT's split takes the redundant cubes out before asking which
// of them E and D cover (a point counted zero is not covered), and then
// counts back those it keeps, leaving the table to the REDUCE that
// follows (keepCounts). The answers are the same, properties of the
// points; only the work differs, and it is the cubes' points rather than
// the tautology recursion's nodes: on the chess tables' covers the
// recursion proves, for each cube, that most of it is covered by a
// thousand others, in about a thousand nodes.
//
// A point is an input assignment and an output part j: entry
// j<<inputs | assignment of the table, the bits of the assignment the
// inputs' values in the order of denseSpace.bit. An entry holds the
// cubes of F holding the point, or dcPoint for a point of D (which no
// count changes: it is never a hole). A count of wideCount or more is
// wideCount in its byte and the rest in a second table, of 16 bits an
// entry, made the first time a count passes wideCount (on the KRkp
// table some points lie in hundreds of cubes); the steps only ask
// whether a count is 0 or 1, and read the bytes alone. A count that
// would pass what the two hold gives the table up, and the step asks the
// recursion instead.

// dcPoint marks a point of D in a dense table; wideCount is the largest
// count a byte holds, the rest held apart.
const (
	dcPoint   = 0xFF
	wideCount = dcPoint - 1
)

// denseSpace is the shape of a dense table for a cube structure.
type denseSpace struct {
	inputs   int // binary variables, the bits of an assignment
	outputs  int // parts of the output variable
	firstOut int // its first part
	// bit is the bit of each input in an assignment: the inputs most
	// often free in F's cubes come lowest, so that a cube's points lie
	// in runs of consecutive entries.
	bit [32]uint8
}

// denseSpaceOf returns the table's shape for c, and whether c has one:
// binary variables, then one multiple-valued variable of at most 64
// parts (a cube's outputs are a word's bits), and no more than
// denseMaxPoints points.
func denseSpaceOf(c *cover.Cube) (denseSpace, bool) {
	nb := c.NumBinaryVars
	if c.NumVars != nb+1 || nb > 32 {
		return denseSpace{}, false
	}
	out := c.NumVars - 1
	s := denseSpace{inputs: nb, outputs: c.PartSize[out], firstOut: c.FirstPart[out]}
	if s.outputs > 64 || uint64(s.outputs)<<nb > denseMaxPoints {
		return denseSpace{}, false
	}
	for v := range nb {
		s.bit[v] = uint8(v)
	}
	return s, true
}

// orderBits sets the bits of the inputs, those most often free in T's
// cubes lowest.
func (s *denseSpace) orderBits(c *cover.Cube, T *cover.Cover) {
	free := make([]int, s.inputs)
	for i := 0; i < T.Count; i++ {
		p := T.At(i)
		for v := range free {
			f := c.FirstPart[v]
			if p.Has(f) && p.Has(f+1) {
				free[v]++
			}
		}
	}
	order := make([]int, s.inputs)
	for v := range order {
		order[v] = v
	}
	slices.SortStableFunc(order, func(u, v int) int { return free[v] - free[u] })
	for b, v := range order {
		s.bit[v] = uint8(b)
	}
}

// points returns the table's size.
func (s denseSpace) points() int { return s.outputs << s.inputs }

// denseCube is a cube as the table sees it: the inputs it fixes and their
// values, the inputs it leaves free, and its output parts.
type denseCube struct {
	fixed, free uint32
	outs        uint64
}

// decode returns p as the table sees it, and false if p holds no point
// (some variable has no part).
func (s denseSpace) decode(c *cover.Cube, p cover.Set) (denseCube, bool) {
	var d denseCube
	for v := 0; v < s.inputs; v++ {
		f := c.FirstPart[v]
		zero, one := p.Has(f), p.Has(f+1)
		switch {
		case zero && one:
			d.free |= 1 << s.bit[v]
		case one:
			d.fixed |= 1 << s.bit[v]
		case !zero:
			return d, false
		}
	}
	for j := 0; j < s.outputs; j++ {
		if p.Has(s.firstOut + j) {
			d.outs |= 1 << j
		}
	}
	return d, d.outs != 0
}

// volume returns the number of points of d.
func (d denseCube) volume() int {
	return bits.OnesCount64(d.outs) << bits.OnesCount32(d.free)
}

// coverVolume returns the points of T's cubes counted with repetition,
// stopping once beyond limit.
func (s denseSpace) coverVolume(c *cover.Cube, T *cover.Cover, limit int) int {
	n := 0
	for i := 0; i < T.Count && n <= limit; i++ {
		if d, ok := s.decode(c, T.At(i)); ok {
			n += d.volume()
		}
	}
	return n
}

// runs returns how d's points lie in the table, output by output: in runs
// of n consecutive entries, one for each subset sub of hi (taken in
// increasing order, from 0 to hi by sub = (sub-hi)&hi), starting at the
// entry base(j)|sub for an output j of d, where base(j) is
// j<<inputs|d.fixed. The free inputs below the lowest fixed one make a
// run, hi holds the others.
func (d denseCube) runs() (n int, hi uint32) {
	n = 1 << bits.TrailingZeros32(^d.free)
	return n, d.free &^ (uint32(n) - 1)
}

// denseDC is a table holding dcPoint at the points of a DC-set and zero
// elsewhere, kept by the Run for the next REDUCE against the same D.
type denseDC struct {
	cube  *cover.Cube
	space denseSpace
	of    *cover.Cover // a copy of the DC-set it was made for
	table []uint8
}

// sameCubes reports whether T and U hold the same cubes (Equal leaves the
// headers aside), in the same order.
func sameCubes(T, U *cover.Cover) bool {
	if T.Count != U.Count {
		return false
	}
	for i := 0; i < T.Count; i++ {
		if !T.At(i).Equal(U.At(i)) {
			return false
		}
	}
	return true
}

// denseTable is a dense table counting the points of a cover's cubes.
type denseTable struct {
	cube  *cover.Cube
	space denseSpace
	count []uint8
	// excess holds, for an entry at wideCount, its count less wideCount;
	// nil until some count passed wideCount, then made in the Run's
	// storage spare. excessMax is the most an entry of it holds.
	excess    []uint16
	spare     *[]uint16
	excessMax uint16
}

// denseTable returns a table counting F's cubes and marking the points
// of dPoints (the DC-set, or its compacted cover), taken over from the
// last IRREDUNDANT where it counts the same cubes (keptFor), or nil
// where none fits or pays, or a count would overflow. The table is made
// in storage the Run keeps (and the table of D's points is kept between
// calls): it is valid until the next call.
func (r *Run) denseTable(F, dPoints *cover.Cover) *denseTable {
	c := r.cube
	if F.Count < r.denseFrom || r.opt.Debug&DebugReduce1 != 0 || r.dense.overflowed == c {
		return nil
	}
	s, ok := denseSpaceOf(c)
	if !ok {
		return nil
	}
	// A kept table counts the same cubes: their volume passed.
	if t := r.keptFor(F, dPoints); t != nil {
		return t
	}
	limit := denseVolumeRatio * s.points()
	if s.coverVolume(c, F, limit) > limit {
		return nil
	}
	base, s := r.denseDCOf(s, F, dPoints, limit)
	if base == nil {
		return nil
	}
	t := &denseTable{cube: c, space: s, count: r.dense.count, spare: &r.dense.excess, excessMax: r.denseExcessMax}
	if len(t.count) != len(base) {
		t.count = make([]uint8, len(base))
		r.dense.count = t.count
	}
	copy(t.count, base)
	for i := 0; i < F.Count; i++ {
		if d, ok := s.decode(c, F.At(i)); ok && !t.add(d) {
			// Some point lies in more cubes than the table holds:
			// the steps after this one, on covers much like it, do
			// without a table rather than count them again.
			r.dense.overflowed = c
			return nil
		}
	}
	return t
}

// denseDCOf returns the table of D's points and its shape, made now (its
// bits ordered by F's cubes) or kept from an earlier call, or nil if D's
// cubes hold more than limit points with repetition.
func (r *Run) denseDCOf(s denseSpace, F, D *cover.Cover, limit int) ([]uint8, denseSpace) {
	k := r.dense.dc
	if k != nil && k.cube == r.cube && sameCubes(k.of, D) {
		return k.table, k.space
	}
	r.dense.dc = nil
	c := r.cube
	if s.coverVolume(c, D, limit) > limit {
		return nil, s
	}
	s.orderBits(c, F)
	table := make([]uint8, s.points())
	for i := 0; i < D.Count; i++ {
		d, ok := s.decode(c, D.At(i))
		if !ok {
			continue
		}
		n, hi := d.runs()
		for outs := d.outs; outs != 0; outs &= outs - 1 {
			base := bits.TrailingZeros64(outs)<<s.inputs | int(d.fixed)
			for sub := uint32(0); ; sub = (sub - hi) & hi {
				from := base | int(sub)
				fill(table[from:from+n], dcPoint)
				if sub == hi {
					break
				}
			}
		}
	}
	r.dense.dc = &denseDC{cube: c, space: s, of: D.Clone(), table: table}
	return table, s
}

func fill(b []uint8, v uint8) {
	for i := range b {
		b[i] = v
	}
}

// add counts d's points once more; it reports false if a count passed
// what the table holds (the table is then unusable).
func (t *denseTable) add(d denseCube) bool {
	n, hi := d.runs()
	for outs := d.outs; outs != 0; outs &= outs - 1 {
		base := bits.TrailingZeros64(outs)<<t.space.inputs | int(d.fixed)
		for sub := uint32(0); ; sub = (sub - hi) & hi {
			from := base | int(sub)
			if !t.addRun(from, n) {
				return false
			}
			if sub == hi {
				break
			}
		}
	}
	return true
}

// remove counts d's points once less.
func (t *denseTable) remove(d denseCube) {
	n, hi := d.runs()
	for outs := d.outs; outs != 0; outs &= outs - 1 {
		base := bits.TrailingZeros64(outs)<<t.space.inputs | int(d.fixed)
		for sub := uint32(0); ; sub = (sub - hi) & hi {
			from := base | int(sub)
			t.removeRun(from, n)
			if sub == hi {
				break
			}
		}
	}
}

// The counts of a run are updated and read eight at a time, as the bytes
// of a word.
const (
	eachByte = 0x0101010101010101 // 1 in each byte
	low7     = 0x7f7f7f7f7f7f7f7f
)

// zeroBytes returns x with 0x80 in each byte that is zero and 0 in the
// others.
func zeroBytes(x uint64) uint64 { return ^((x&low7 + low7) | x | low7) }

// addRun counts once more each point of entries from..from+n-1 not of D;
// it reports false if a count passed what the table holds.
func (t *denseTable) addRun(from, n int) bool {
	run := t.count[from : from+n : from+n]
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(run[i:])
		skip := zeroBytes(^w) >> 7 // 1 in each byte at dcPoint
		wide := zeroBytes(w ^ wideCount*eachByte)
		for m := wide; m != 0; m &= m - 1 {
			if !t.addPast(from + i + bits.TrailingZeros64(m)>>3) {
				return false
			}
		}
		skip |= wide >> 7
		// No carry: each byte below wideCount gets one, those at
		// wideCount or dcPoint none.
		binary.LittleEndian.PutUint64(run[i:], w+eachByte&^skip)
	}
	return t.addEach(from+i, n-i)
}

// addEach is addRun one entry at a time.
func (t *denseTable) addEach(from, n int) bool {
	for at := from; at < from+n; at++ {
		switch k := t.count[at]; k {
		case dcPoint:
		case wideCount:
			if !t.addPast(at) {
				return false
			}
		default:
			t.count[at] = k + 1
		}
	}
	return true
}

// addPast counts entry at, at wideCount, once more past it; it reports
// false if that would pass excessMax.
func (t *denseTable) addPast(at int) bool {
	if t.excess == nil {
		t.makeExcess()
	}
	if t.excess[at] == t.excessMax {
		return false
	}
	t.excess[at]++
	return true
}

// removePast counts entry at, at wideCount, once less past it, and
// reports false if it had no count past it (its byte counts down then).
func (t *denseTable) removePast(at int) bool {
	if t.excess == nil || t.excess[at] == 0 {
		return false
	}
	t.excess[at]--
	return true
}

// makeExcess makes t's table of counts past wideCount, zero, in the
// Run's storage.
func (t *denseTable) makeExcess() {
	if len(*t.spare) == len(t.count) {
		clear(*t.spare)
	} else {
		*t.spare = make([]uint16, len(t.count))
	}
	t.excess = *t.spare
}

// removeRun counts once less each point of entries from..from+n-1 not of
// D; each is counted once at least.
func (t *denseTable) removeRun(from, n int) {
	run := t.count[from : from+n : from+n]
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(run[i:])
		skip := zeroBytes(^w) >> 7 // 1 in each byte at dcPoint
		if t.excess != nil {
			// The bytes at wideCount with a count past it lose one from
			// that instead.
			for wide := zeroBytes(w ^ wideCount*eachByte); wide != 0; wide &= wide - 1 {
				b := bits.TrailingZeros64(wide)
				if t.removePast(from + i + b>>3) {
					skip |= 1 << (b - 7)
				}
			}
		}
		// No borrow: each byte not skipped is one at least.
		binary.LittleEndian.PutUint64(run[i:], w-eachByte&^skip)
	}
	t.removeEach(from+i, n-i)
}

// removeEach is removeRun one entry at a time.
func (t *denseTable) removeEach(from, n int) {
	for at := from; at < from+n; at++ {
		switch k := t.count[at]; {
		case k == dcPoint:
		case k == wideCount && t.removePast(at):
		default:
			t.count[at] = k - 1
		}
	}
}

// holds reports whether some point of p is counted k times.
func (t *denseTable) holds(p cover.Set, k uint8) bool {
	d, ok := t.space.decode(t.cube, p)
	if !ok {
		return false
	}
	n, hi := d.runs()
	for outs := d.outs; outs != 0; outs &= outs - 1 {
		base := bits.TrailingZeros64(outs)<<t.space.inputs | int(d.fixed)
		for sub := uint32(0); ; sub = (sub - hi) & hi {
			from := base | int(sub)
			if holdsRun(t.count[from:from+n:from+n], k) {
				return true
			}
			if sub == hi {
				break
			}
		}
	}
	return false
}

// holdsRun reports whether some count of run is k.
func holdsRun(run []uint8, k uint8) bool {
	i := 0
	for ; i+8 <= len(run); i += 8 {
		if zeroBytes(binary.LittleEndian.Uint64(run[i:])^uint64(k)*eachByte) != 0 {
			return true
		}
	}
	for ; i < len(run); i++ {
		if run[i] == k {
			return true
		}
	}
	return false
}
