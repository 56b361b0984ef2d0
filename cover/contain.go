package cover

// Set containment over a cover (contain.c). The sets are sorted by size, and
// by value as a second key so that equal sets end up next to each other;
// equal sets are then removed by comparing neighbours, and containment is
// checked only against the sets of larger (or smaller) size. The results and
// their order are those of ESPRESSO 2.3.
//
// The functions here return a new cover and leave the sets of their inputs
// in place, except that sorting stores each set's element count in its SIZE
// field, as 2.3 does. The sets of a result are copies of input sets with
// their headers (flags and SIZE).

// SortedSets stores the number of elements of each set of c in its SIZE
// field and returns the sets of c sorted by cmp (sf_sort). The sets alias c.
func (c *Cover) SortedSets(cmp func(a, b Set) int) []Set {
	list := c.Sets()
	for _, p := range list {
		p.PutSize(p.Count())
	}
	Sort(list, cmp)
	return list
}

// Contain removes from c the sets contained in another set of c, and
// duplicates, and returns the result in decreasing order of set size
// ([Descend] order) (sf_contain).
func (c *Cover) Contain() *Cover {
	list := c.SortedSets(Descend)
	list = removeEqual(list, Descend)
	list = removeContained(list, false)
	return FromSets(c.SetSize, list)
}

// RevContain removes from c the sets that contain another set of c, and
// duplicates, and returns the result in increasing order of set size
// ([Ascend] order) (sf_rev_contain).
func (c *Cover) RevContain() *Cover {
	list := c.SortedSets(Ascend)
	list = removeEqual(list, Ascend)
	list = removeContained(list, true)
	return FromSets(c.SetSize, list)
}

// IndContain is [Cover.Contain] that also tracks rows: rowIndices[i] is a
// label of set i of c, and on return rowIndices[k] is the label of the set
// that became set k of the result (sf_ind_contain). rowIndices must have at
// least c.Count entries.
func (c *Cover) IndContain(rowIndices []int) *Cover {
	list := c.SortedSets(Descend)
	list = removeEqual(list, Descend)
	list = removeContained(list, false)
	// The sets of list alias c; find where each one lives.
	where := make(map[*uint64]int, c.Count)
	for i := 0; i < c.Count; i++ {
		where[&c.At(i)[0]] = i
	}
	labels := make([]int, len(list))
	for k, p := range list {
		labels[k] = rowIndices[where[&p[0]]]
	}
	copy(rowIndices, labels)
	return FromSets(c.SetSize, list)
}

// Dupl removes duplicate sets from c and returns the result in [Descend]
// order (sf_dupl).
func (c *Cover) Dupl() *Cover {
	list := c.SortedSets(Descend)
	list = removeEqual(list, Descend)
	return FromSets(c.SetSize, list)
}

// ContainedUnion returns the union of a and b less the sets contained in
// another one, and duplicates (sf_union). As in 2.3, a and b must each be
// in [Descend] order with the SIZE field of every set holding its element
// count (as [Cover.Contain] leaves them); the result is in that order too.
// a and b are not changed.
func ContainedUnion(a, b *Cover) *Cover {
	a1, b1 := a.Sets(), b.Sets()
	a1, b1, e1 := remove2Equal(a1, b1, Descend)
	a1 = remove2Contained(a1, b1)
	b1 = remove2Contained(b1, a1)
	return mergeDescending(a.SetSize, a1, b1, e1)
}

// DistMerge treats every set of c as united with mask and merges the sets
// that are then equal into their union: the distance-1 merge when mask
// holds the parts of one variable (dist_merge). The result is in
// [D1Order] order.
func (c *Cover) DistMerge(mask Set) *Cover {
	list := c.SortedSets(D1Order(mask))
	r := NewCover(len(list), c.SetSize)
	// d1_rm_equal: keep the first set of each run of sets equal under the
	// mask, united with the others of the run. Uniting sets equal under the
	// mask does not change their value under it, so comparing with the
	// first set of the run is comparing with the union built so far.
	for i := 0; i < len(list); {
		first := list[i]
		out := r.Append(first)
		j := i + 1
		for ; j < len(list) && d1Compare(first, list[j], mask) == 0; j++ {
			out.Or(out, list[j])
		}
		i = j
	}
	return r
}

// D1Merge merges the cubes of c that differ only in variable v into their
// union (d1merge). See [Cover.DistMerge].
func (cb *Cube) D1Merge(c *Cover, v int) *Cover {
	return c.DistMerge(cb.VarMask[v])
}

// removeEqual removes duplicates from list, sorted by cmp, in place: of
// each run of sets equal under cmp the last one stays (rm_equal).
func removeEqual(list []Set, cmp func(a, b Set) int) []Set {
	if len(list) == 0 {
		return list
	}
	n := 0
	for j := 1; j < len(list); j++ {
		if cmp(list[j], list[j-1]) != 0 {
			list[n] = list[j-1]
			n++
		}
	}
	list[n] = list[len(list)-1]
	return list[:n+1]
}

// removeContained keeps, in place and in order, the sets of list not
// contained in a kept set of different SIZE met earlier (rm_contain), or,
// when rev is true, not containing one (rm_rev_contain). list is sorted so
// that sets of equal SIZE are adjacent and free of duplicates.
//
// The kept sets' words are gathered in one flat slice, so the scan of the
// candidates reads memory in order.
func removeContained(list []Set, rev bool) []Set {
	if len(list) == 0 {
		return list
	}
	dw := len(list[0]) - 1
	kept := make([]uint64, 0, len(list)*dw)
	n, check, lastSize := 0, 0, -1
	for _, a := range list {
		if s := a.Size(); s != lastSize {
			lastSize, check = s, n
		}
		if !coveredBy(a[1:], kept[:check*dw], dw, rev) {
			list[n] = a
			n++
			kept = append(kept, a[1:]...)
		}
	}
	return list[:n]
}

// coveredBy reports whether a is a subset of one of the sets in flat (dw
// words each), or, when rev is true, a superset of one.
func coveredBy(a, flat []uint64, dw int, rev bool) bool {
	switch {
	case dw == 1 && !rev:
		x := a[0]
		for _, y := range flat {
			if x&^y == 0 {
				return true
			}
		}
	case dw == 1:
		x := a[0]
		for _, y := range flat {
			if y&^x == 0 {
				return true
			}
		}
	case dw == 2 && !rev:
		x0, x1 := a[0], a[1]
		for k := 0; k+1 < len(flat); k += 2 {
			if x0&^flat[k]|x1&^flat[k+1] == 0 {
				return true
			}
		}
	case dw == 2:
		x0, x1 := a[0], a[1]
		for k := 0; k+1 < len(flat); k += 2 {
			if flat[k]&^x0|flat[k+1]&^x1 == 0 {
				return true
			}
		}
	default:
		a = a[:dw]
	next:
		for k := 0; k+dw <= len(flat); k += dw {
			b := flat[k : k+dw]
			for i, x := range a {
				var d uint64
				if rev {
					d = b[i] &^ x
				} else {
					d = x &^ b[i]
				}
				if d != 0 {
					continue next
				}
			}
			return true
		}
	}
	return false
}

// remove2Equal walks two lists sorted by cmp (which returns exactly -1, 0
// or 1) and moves the sets found in both to a third list, keeping those of
// a (rm2_equal). a and b are reduced in place.
func remove2Equal(a, b []Set, cmp func(x, y Set) int) (ra, rb, e []Set) {
	e = make([]Set, 0, max(len(a), len(b)))
	i, j, na, nb := 0, 0, 0, 0
	for i < len(a) && j < len(b) {
		switch cmp(a[i], b[j]) {
		case -1:
			a[na] = a[i]
			na++
			i++
		case 0:
			e = append(e, a[i])
			i++
			j++
		case 1:
			b[nb] = b[j]
			nb++
			j++
		}
	}
	na += copy(a[na:], a[i:])
	nb += copy(b[nb:], b[j:])
	return a[:na], b[:nb], e
}

// remove2Contained keeps, in place and in order, the sets of a not
// contained in a set of b met before the first set of b whose SIZE is not
// larger (rm2_contain).
func remove2Contained(a, b []Set) []Set {
	n := 0
	for _, x := range a {
		sx := x.Size()
		contained := false
		for _, y := range b {
			if y.Size() <= sx {
				break
			}
			if x.Implies(y) {
				contained = true
				break
			}
		}
		if !contained {
			a[n] = x
			n++
		}
	}
	return a[:n]
}

// mergeDescending merges three lists sorted by [Desc1] into a new cover,
// as sf_merge does (its ties fall as 2.3's do).
func mergeDescending(size int, a, b, e []Set) *Cover {
	r := NewCover(len(a)+len(b)+len(e), size)
	lists := [3][]Set{a, b, e}
	var pos [3]int
	head := func(l int) Set {
		if pos[l] < len(lists[l]) {
			return lists[l][pos[l]]
		}
		return nil
	}
	// Order the three lists by their first sets.
	t := [3]int{0, 1, 2}
	for i := 0; i < 2; i++ {
		for j := i + 1; j < 3; j++ {
			if Desc1(head(t[i]), head(t[j])) > 0 {
				t[i], t[j] = t[j], t[i]
			}
		}
	}
	lo, mid, hi := t[0], t[1], t[2]
	for {
		p := head(lo)
		if p == nil {
			break
		}
		r.Append(p)
		pos[lo]++
		if Desc1(head(lo), head(hi)) > 0 {
			lo, mid, hi = mid, hi, lo
		} else if Desc1(head(lo), head(mid)) > 0 {
			lo, mid = mid, lo
		}
	}
	return r
}
