package cover

import "fmt"

// Unate functions (ESPRESSO's unate.c). A unate cover is mapped to a set
// family with one column per unate variable; its complement is then the
// family of all minimal column covers, found by a recursive split.

// mapCoverToUnate returns the family with one set per cube of T, in order,
// and one column per part with zeros in d (one per unate variable when T is
// unate): set k holds column j when cube k lacks the j-th such part
// (map_cover_to_unate). d comes from [Cube.MassiveCountInto] of T.
func (c *Cube) mapCoverToUnate(T CubeList, d *ColumnCounts) *Cover {
	return c.mapCoverToUnateInto(NewCover(len(T.Cubes), d.VarsUnate), T, d)
}

// mapCoverToUnateInto is [Cube.mapCoverToUnate] appending to a, an
// empty family of sets of d.VarsUnate elements.
func (c *Cube) mapCoverToUnateInto(a *Cover, T CubeList, d *ColumnCounts) *Cover {
	a.Grow(len(T.Cubes))
	var cols []int
	for i := 0; i < c.Size; i++ {
		if d.PartZeros[i] > 0 {
			cols = append(cols, i)
		}
	}
	for _, p := range T.Cubes {
		q := a.AppendEmpty()
		for j, i := range cols {
			if !p.Has(i) {
				q.Insert(j)
			}
		}
	}
	return a
}

// mapUnateToCover maps a family over the unate columns of d back to cubes:
// each set becomes the full cube less, for each column it holds, the parts
// of that column's unate variable that have no zeros in d
// (map_unate_to_cover). The new cubes have cleared headers.
func (c *Cube) mapUnateToCover(a *Cover, d *ColumnCounts) *Cover {
	return c.appendUnateToCover(c.NewCover(a.Count), a, d)
}

// appendUnateToCover appends the cubes of [Cube.mapUnateToCover] to b and
// returns b.
func (c *Cube) appendUnateToCover(b *Cover, a *Cover, d *ColumnCounts) *Cover {
	var unate []int
	for v := 0; v < c.NumVars; v++ {
		if d.IsUnate[v] {
			unate = append(unate, v)
		}
	}
	b.Grow(a.Count)
	for k := 0; k < a.Count; k++ {
		p := a.At(k)
		q := b.AppendEmpty().Fill(c.Size)
		for col, v := range unate {
			if p.Has(col) {
				for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
					if d.PartZeros[i] == 0 {
						q.Remove(i)
					}
				}
			}
		}
	}
	return b
}

// UnateComplement returns the complement of the unate family a (a set stands
// for the product of its columns): the family of all its minimal
// transversals, in [Ascend] order (unate_compl). a is disposed of.
func UnateComplement(a *Cover) (*Cover, error) {
	var u unateComplementer
	return u.compl(a)
}

// unateComplementRec is the recursion of [UnateComplement]; the SIZE field of each
// set of a must hold its element count. The result is not necessarily
// minimal, and its sets come in 2.3's order (unate_complement). a is
// disposed of.
func unateComplementRec(a *Cover) (*Cover, error) {
	var u unateComplementer
	return u.run(a)
}

// A unateComplementer runs the recursion of [unateComplementRec] without a
// cover of its own at each level. 2.3 returns a family from each call and
// adds to every set of it the columns its caller split on; here each call
// appends its sets to out at once, with the columns of the calls above it
// (path) already in. The families a call hands down are built on a stack
// of words (scratch), given back when the call returns. A column of path
// is in no set of the family below it (each split hands down only the
// sets without its columns, or takes its column out of every set), so
// adding and taking out path's columns is exact.
type unateComplementer struct {
	out     *Cover
	path    Set
	count   []int    // column weights, used by one call at a time
	scratch []uint64 // stack of the families handed down
	top     int      // words of scratch in use
}

// compl is [UnateComplement], reusing u's storage from the calls before.
func (u *unateComplementer) compl(a *Cover) (*Cover, error) {
	for i := 0; i < a.Count; i++ {
		p := a.At(i)
		p.PutSize(p.Count())
	}
	r, err := u.run(a)
	if err != nil {
		return nil, err
	}
	return r.Minimal(), nil
}

// run is [unateComplementRec]; the family it returns is u's, valid until the
// next call.
func (u *unateComplementer) run(a *Cover) (*Cover, error) {
	size := a.SetSize
	if u.out == nil {
		u.out = NewCover(a.Count, size)
	}
	u.out.reuse(size)
	if len(u.path) != 1+wordsFor(size) {
		u.path = NewSet(size)
	}
	clear(u.path)
	if len(u.count) < size {
		u.count = make([]int, size)
	}
	u.top = 0
	if err := u.complement(a); err != nil {
		return nil, err
	}
	return u.out, nil
}

// push returns an empty family with room for n sets of size elements at
// the top of the stack; keep then takes onto the stack the sets it was
// given. Where the stack is full it starts a larger one: the families
// below stay where they are, and no longer used storage is left to the
// collector.
func (u *unateComplementer) push(n, size int) *Cover {
	w := 1 + wordsFor(size)
	need := n * w
	if u.top+need > len(u.scratch) {
		u.scratch = make([]uint64, max(2*len(u.scratch), 2*(u.top+need), 256))
	}
	data := u.scratch[u.top : u.top : u.top+need]
	return &Cover{SetSize: size, wsize: w, data: data}
}

// keep leaves on the stack the sets of a, the family push returned last.
func (u *unateComplementer) keep(a *Cover) { u.top += a.Count * a.wsize }

// emit appends a copy of path to out and returns it.
func (u *unateComplementer) emit() Set {
	return u.out.AppendEmpty().Or(u.path, u.path)
}

func (u *unateComplementer) complement(a *Cover) error {
	size := a.SetSize
	switch a.Count {
	case 0:
		// No sets: the complement is the universe.
		u.emit()
		return nil
	case 1:
		// A single set: De Morgan.
		p := a.At(0)
		for i := 0; i < size; i++ {
			if p.Has(i) {
				u.emit().Insert(i)
			}
		}
		return nil
	}

	mark := u.top
	defer func() { u.top = mark }()

	// Split on a column of a smallest set, of greatest column count.
	one := u.push(1, size)
	restrict := one.AppendEmpty()
	u.keep(one)
	minOrd := size + 1
	for i := 0; i < a.Count; i++ {
		p := a.At(i)
		if s := p.Size(); s < minOrd {
			restrict.Copy(p)
			minOrd = s
		} else if s == minOrd {
			restrict.Or(restrict, p)
		}
	}

	switch minOrd {
	case 0:
		// An empty set (should not happen): no sets.
		return nil
	case 1:
		// "Essential" columns: the minimal covers of the sets without
		// them, each with all of them.
		sub := u.push(a.Count, size)
		for i := 0; i < a.Count; i++ {
			if p := a.At(i); p.Disjoint(restrict) {
				sub.Append(p)
			}
		}
		u.keep(sub)
		u.path.Or(u.path, restrict)
		err := u.complement(sub)
		u.path.Diff(u.path, restrict)
		return err
	}

	maxI, err := u.selectRestricted(a, restrict)
	if err != nil {
		return err
	}
	// The minimal covers of the sets without column maxI, plus maxI ...
	sub := u.push(a.Count, size)
	for i := 0; i < a.Count; i++ {
		if p := a.At(i); !p.Has(maxI) {
			sub.Append(p)
		}
	}
	u.keep(sub)
	u.path.Insert(maxI)
	err = u.complement(sub)
	u.path.Remove(maxI)
	if err != nil {
		return err
	}
	// ... and those of a without column maxI.
	for i := 0; i < a.Count; i++ {
		if p := a.At(i); p.Has(maxI) {
			p.Remove(maxI)
			p.PutSize(p.Size() - 1)
		}
	}
	return u.complement(a)
}

// selectRestricted returns the column of restrict with the largest
// weighted column count, each set of n elements weighing 1024/(n-1), the
// first one on ties (abs_select_restricted).
func (u *unateComplementer) selectRestricted(a *Cover, restrict Set) (int, error) {
	count := a.elementCountsRestrictedInto(u.count[:a.SetSize], restrict)
	best, bestCount := -1, 0
	for i, n := range count {
		if n > bestCount {
			best, bestCount = i, n
		}
	}
	if best == -1 {
		// 2.3 stops here (fatal); the weights are 0 for sets of more than
		// 1025 elements.
		return -1, fmt.Errorf("unate complement: no column to split on among %d sets of %d columns", a.Count, a.SetSize)
	}
	return best, nil
}

// ExactMinimumCover returns the family of all minimal covers of the
// columns by the sets of t: set i of the result holds the rows of a
// minimal column cover, in the order 2.3 finds them (exact_minimum_cover).
// t is not changed. trace, when not nil, is told each intersection of
// two families of the stack below level 10: the level, the size of the
// result and of the two families (2.3's -d mincov lines).
func ExactMinimumCover(t *Cover, trace func(level, n, a, b int)) *Cover {
	size := t.SetSize
	if t.Count <= 0 {
		return NewCover(1, size)
	}
	lev := 0
	for n := t.Count; n != 0; n >>= 1 {
		lev++
	}
	t = t.Clone().LexSort()

	type level struct {
		sf    *Cover
		level int
	}
	// A full set starts the stack; each set p of t pushes the family of
	// the full set less each element of p, and families of equal level
	// are intersected pairwise (the last set intersects all).
	start := NewCover(1, size)
	start.AppendEmpty().Fill(size)
	stack := []level{{start, lev}}
	for k := 0; k < t.Count; k++ {
		p := t.At(k)
		temp := NewCover(p.Count(), size)
		for i := 0; i < size; i++ {
			if p.Has(i) {
				temp.AppendEmpty().Fill(size).Remove(i)
			}
		}
		stack = append(stack, level{temp, lev})
		isLast := k == t.Count-1
		for n := len(stack); n > 1 && (stack[n-1].level == stack[n-2].level || isLast); n = len(stack) {
			x := UnateIntersect(stack[n-1].sf, stack[n-2].sf, false)
			lvl := min(stack[n-1].level, stack[n-2].level) - 1
			if trace != nil && lvl < 10 {
				trace(lvl, x.Count, stack[n-1].sf.Count, stack[n-2].sf.Count)
			}
			stack[n-2] = level{x, lvl}
			stack = stack[:n-1]
		}
	}

	r := stack[0].sf
	full := NewSet(size).Fill(size)
	for i := 0; i < r.Count; i++ {
		p := r.At(i)
		p.Diff(full, p)
	}
	return r
}

// UnateIntersect returns the non-empty pairwise intersections of the sets
// of a and b, less those contained in another, in [Descend] order; with
// largestOnly, only those of the largest element count (unate_intersect).
// a and b are not changed.
func UnateIntersect(a, b *Cover, largestOnly bool) *Cover {
	size := a.SetSize
	t := NewCover(magic, size)
	var tsave *Cover
	maxOrd := 0
	pt := NewSet(size)
	for i := 0; i < a.Count; i++ {
		pi := a.At(i)
		for j := 0; j < b.Count; j++ {
			pj := b.At(j)
			save := pt.andP(pi, pj)
			if save && largestOnly {
				if ord := pt.Count(); ord > maxOrd {
					// Discard what was kept so far.
					tsave = nil
					t.Truncate(0)
					maxOrd = ord
				} else if ord < maxOrd {
					save = false
				}
			}
			if save {
				t.Append(pt)
				if t.Count >= magic {
					t = t.Maximal()
					if tsave == nil {
						tsave = t
					} else {
						tsave = ContainedUnion(tsave, t)
					}
					t = NewCover(magic, size)
				}
			}
		}
	}
	t = t.Maximal()
	if tsave == nil {
		return t
	}
	return ContainedUnion(tsave, t)
}
