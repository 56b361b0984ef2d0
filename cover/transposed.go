package cover

import "math/bits"

// Transposed holds a cover part by part: for each group of 64 cubes, one
// word per part, whose bit i says whether cube 64·group+i holds the part.
// Held this way, the distance from one cube to each cube of the cover is
// found 64 cubes at a time, a few word operations per variable, which is
// what EXPAND asks of its OFF-set again and again (essen_parts,
// elim_lowering, feasibly_covered).
//
// A Transposed is a snapshot: later changes to the cover's cubes are not
// seen. Its queries use scratch space kept in it, so it is not safe for
// concurrent use.
type Transposed struct {
	cube   *Cube
	n      int      // cubes
	stride int      // words per group: one per part
	bits   []uint64 // part j of group g at bits[g*stride+j]
	// someVoid[v] is set when some cube holds no part of variable v: only
	// then can a cube holding all of v's parts be far from it in v.
	someVoid []bool

	// The plan of the last query: the cube it was made for (planFor),
	// the binary variables of which that cube holds one part (that part
	// in bin), and the other variables a cube may be far from it in
	// (vars), with its parts in each: mvParts[start[k]:start[k+1]] for
	// vars[k].
	planFor Set
	bin     []int
	vars    []int
	start   []int
	mvParts []int
}

// Transpose returns the cubes of F held part by part.
func (c *Cube) Transpose(F *Cover) *Transposed {
	groups := (F.Count + 63) / 64
	t := &Transposed{
		cube:     c,
		n:        F.Count,
		stride:   c.Size,
		bits:     make([]uint64, groups*c.Size),
		someVoid: make([]bool, c.NumVars),
	}
	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		col := t.bits[i/64*t.stride:]
		bit := uint64(1) << (i % 64)
		for w, x := range p[1:] {
			for x != 0 {
				j := w*64 + bits.TrailingZeros64(x)
				x &= x - 1
				if j < c.Size {
					col[j] |= bit
				}
			}
		}
		for v := 0; v < c.NumVars; v++ {
			if !t.someVoid[v] && p.Disjoint(c.VarMask[v]) {
				t.someVoid[v] = true
			}
		}
	}
	return t
}

// Len returns the number of cubes held.
func (t *Transposed) Len() int { return t.n }

// Groups returns the number of groups of 64 cubes: the length of the masks
// the queries take and fill.
func (t *Transposed) Groups() int { return (t.n + 63) / 64 }

// plan makes the plan of a query for s: the variables in which a cube
// may be far from s, with the parts of s in each. It leaves out the
// variables where s holds every part and no cube is void.
func (t *Transposed) plan(s Set) {
	if t.planFor != nil && t.planFor.Equal(s) {
		return
	}
	c := t.cube
	t.planFor = append(t.planFor[:0], s...)
	t.bin, t.vars, t.mvParts = t.bin[:0], t.vars[:0], t.mvParts[:0]
	t.start = append(t.start[:0], 0)
	for v := 0; v < c.NumVars; v++ {
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
		case v < c.NumBinaryVars && held == 1:
			t.bin = append(t.bin, t.mvParts[n])
			t.mvParts = t.mvParts[:n]
		default:
			t.vars = append(t.vars, v)
			t.start = append(t.start, len(t.mvParts))
		}
	}
}

// Near sets, for each group g with active[g] not zero, dist0[g] to the
// cubes of active[g] at distance 0 from s (those meeting s in every
// variable) and, if dist1 is not nil, dist1[g] to those at distance 1
// (cdist01). Groups with no active cube are left as they were.
func (t *Transposed) Near(s Set, active, dist0, dist1 []uint64) {
	t.plan(s)
	for g, a := range active {
		if a == 0 {
			continue
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		if dist1 == nil {
			dist0[g] = t.meetAll(col, a)
			continue
		}
		d0, d1 := a, uint64(0)
		for _, j := range t.bin {
			meet := col[j]
			d1 = d1&meet | d0&^meet
			if d0 &= meet; d0|d1 == 0 {
				break
			}
		}
		for k := range t.vars {
			if d0|d1 == 0 {
				break
			}
			var meet uint64
			for _, j := range t.mvParts[t.start[k]:t.start[k+1]] {
				meet |= col[j]
			}
			d1 = d1&meet | d0&^meet
			d0 &= meet
		}
		dist0[g], dist1[g] = d0, d1
	}
}

// meetAll returns the cubes of a, in the group whose parts col holds,
// that meet the planned cube in every variable.
func (t *Transposed) meetAll(col []uint64, a uint64) uint64 {
	for _, j := range t.bin {
		if a &= col[j]; a == 0 {
			return 0
		}
	}
	for k := range t.vars {
		var meet uint64
		for _, j := range t.mvParts[t.start[k]:t.start[k+1]] {
			meet |= col[j]
		}
		if a &= meet; a == 0 {
			return 0
		}
	}
	return a
}

// Lower adds to xlower, for each cube of active that near holds (near[g]
// for group g, as Near returns them), its parts in each variable in which it does
// not meet s: what keeps a cube grown from s away from it (force_lower).
func (t *Transposed) Lower(s Set, active, near []uint64, xlower Set) {
	t.plan(s)
	c := t.cube
	for g, a := range active {
		if a &= near[g]; a == 0 {
			continue
		}
		col := t.bits[g*t.stride : (g+1)*t.stride]
		for _, j := range t.bin {
			if far := a &^ col[j]; far != 0 && col[j^1]&far != 0 {
				xlower.Insert(j ^ 1)
			}
		}
		for k, v := range t.vars {
			var meet uint64
			for _, j := range t.mvParts[t.start[k]:t.start[k+1]] {
				meet |= col[j]
			}
			if far := a &^ meet; far != 0 {
				for j := c.FirstPart[v]; j <= c.LastPart[v]; j++ {
					if col[j]&far != 0 {
						xlower.Insert(j)
					}
				}
			}
		}
	}
}

// AnyHas reports whether some cube of active holds part j.
func (t *Transposed) AnyHas(active []uint64, j int) bool {
	for g, a := range active {
		if a&t.bits[g*t.stride+j] != 0 {
			return true
		}
	}
	return false
}
