package cover

import "fmt"

// Unate functions (ESPRESSO's unate.c). A unate cover is mapped to a set
// family with one column per unate variable; its complement is then the
// family of all minimal column covers, found by a recursive split.

// MapCoverToUnate returns the family with one set per cube of T, in order,
// and one column per part with zeros in d (one per unate variable when T is
// unate): set k holds column j when cube k lacks the j-th such part
// (map_cover_to_unate). d comes from [Cube.MassiveCount] of T.
func (c *Cube) MapCoverToUnate(T CubeList, d *CData) *Cover {
	var cols []int
	for i := 0; i < c.Size; i++ {
		if d.PartZeros[i] > 0 {
			cols = append(cols, i)
		}
	}
	a := NewCover(len(T.Cubes), d.VarsUnate)
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

// MapUnateToCover maps a family over the unate columns of d back to cubes:
// each set becomes the full cube less, for each column it holds, the parts
// of that column's unate variable that have no zeros in d
// (map_unate_to_cover). The new cubes have cleared headers.
func (c *Cube) MapUnateToCover(a *Cover, d *CData) *Cover {
	var unate []int
	for v := 0; v < c.NumVars; v++ {
		if d.IsUnate[v] {
			unate = append(unate, v)
		}
	}
	b := c.NewCover(a.Count)
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

// UnateCompl returns the complement of the unate family a (a set stands
// for the product of its columns): the family of all its minimal
// transversals, in [Ascend] order (unate_compl). a is disposed of.
func UnateCompl(a *Cover) (*Cover, error) {
	for i := 0; i < a.Count; i++ {
		p := a.At(i)
		p.PutSize(p.Count())
	}
	r, err := UnateComplement(a)
	if err != nil {
		return nil, err
	}
	return r.RevContain(), nil
}

// UnateComplement is the recursion of [UnateCompl]; the SIZE field of each
// set of a must hold its element count. The result is not necessarily
// minimal (unate_complement). a is disposed of.
func UnateComplement(a *Cover) (*Cover, error) {
	size := a.SetSize
	switch a.Count {
	case 0:
		// No sets: the complement is the universe.
		r := NewCover(1, size)
		r.AppendEmpty()
		return r, nil
	case 1:
		// A single set: De Morgan.
		p := a.At(0)
		r := NewCover(size, size)
		for i := 0; i < size; i++ {
			if p.Has(i) {
				r.AppendEmpty().Insert(i)
			}
		}
		return r, nil
	}

	// Split on a column of a smallest set, of greatest column count.
	restrict := NewSet(size)
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
		// An empty set (should not happen).
		a.Truncate(0)
		return a, nil
	case 1:
		// "Essential" columns.
		r, err := UnateComplement(absCoveredMany(a, restrict))
		if err != nil {
			return nil, err
		}
		for i := 0; i < r.Count; i++ {
			p := r.At(i)
			p.Or(p, restrict)
		}
		return r, nil
	}

	maxI, err := absSelectRestricted(a, restrict)
	if err != nil {
		return nil, err
	}
	// The minimal covers of the rows not covered by maxI, plus maxI ...
	r, err := UnateComplement(absCovered(a, maxI))
	if err != nil {
		return nil, err
	}
	for i := 0; i < r.Count; i++ {
		r.At(i).Insert(maxI)
	}
	// ... and those of a without column maxI.
	for i := 0; i < a.Count; i++ {
		if p := a.At(i); p.Has(maxI) {
			p.Remove(maxI)
			p.PutSize(p.Size() - 1)
		}
	}
	r2, err := UnateComplement(a)
	if err != nil {
		return nil, err
	}
	return r.AppendCover(r2), nil
}

// absCovered returns copies of the sets of a that lack column pick
// (abs_covered).
func absCovered(a *Cover, pick int) *Cover {
	r := NewCover(a.Count, a.SetSize)
	for i := 0; i < a.Count; i++ {
		if p := a.At(i); !p.Has(pick) {
			r.Append(p)
		}
	}
	return r
}

// absCoveredMany returns copies of the sets of a disjoint from pick
// (abs_covered_many).
func absCoveredMany(a *Cover, pick Set) *Cover {
	r := NewCover(a.Count, a.SetSize)
	for i := 0; i < a.Count; i++ {
		if p := a.At(i); p.Disjoint(pick) {
			r.Append(p)
		}
	}
	return r
}

// absSelectRestricted returns the column of restrict with the largest
// weighted column count, each set of n elements weighing 1024/(n-1), the
// first one on ties (abs_select_restricted).
func absSelectRestricted(a *Cover, restrict Set) (int, error) {
	count := a.ElementCountsRestricted(restrict)
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
			save := pt.AndP(pi, pj)
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
					t = t.Contain()
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
	t = t.Contain()
	if tsave == nil {
		return t
	}
	return ContainedUnion(tsave, t)
}
