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

import "slices"

// sortedSets stores the number of elements of each set of c in its SIZE
// field and returns the sets of c sorted by cmp (sf_sort). The sets alias c.
func (c *Cover) sortedSets(cmp func(a, b Set) int) []Set {
	idx := c.sortedIndex(cmp, true)
	list := make([]Set, len(idx))
	for k, i := range idx {
		list[k] = c.At(int(i))
	}
	return list
}

// Sorted returns copies of the sets of c sorted by cmp, after storing
// each set's element count in its SIZE field: [Cover.Maximal] without the
// removals, for a cover known to hold no set inside another.
func (c *Cover) Sorted(cmp func(a, b Set) int) *Cover {
	return c.fromIndex(c.sortedIndex(cmp, true))
}

// The routines below work on lists of set indices rather than of Sets: a
// uint32 is a sixth of a slice header to move while sorting, and holds no
// pointer for the garbage collector to track.

// sortedIndex returns the indices of the sets of c sorted by cmp, after
// storing each set's element count in its SIZE field when count is true
// (sf_sort, or qsort over sf_list when count is false).
func (c *Cover) sortedIndex(cmp func(a, b Set) int, count bool) []uint32 {
	if c.Count > 1<<32-1 {
		panic("cover: more than 2^32-1 sets")
	}
	idx := make([]uint32, c.Count)
	for i := range idx {
		if count {
			p := c.At(i)
			p.PutSize(p.Count())
		}
		idx[i] = uint32(i)
	}
	w, data := c.wsize, c.data
	Sort(idx, func(x, y uint32) int {
		i, j := int(x)*w, int(y)*w
		return cmp(data[i:i+w:i+w], data[j:j+w:j+w])
	})
	return idx
}

// fromIndex returns a new cover holding copies of the sets idx of c, in
// order (sf_unlist).
func (c *Cover) fromIndex(idx []uint32) *Cover {
	w := c.wsize
	r := NewCover(len(idx), c.SetSize)
	for _, i := range idx {
		r.data = append(r.data, c.data[int(i)*w:int(i)*w+w]...)
	}
	r.Count = len(idx)
	return r
}

// Maximal removes from c the sets contained in another set of c, and
// duplicates, and returns the result in decreasing order of set size
// ([Descend] order) (sf_contain).
func (c *Cover) Maximal() *Cover {
	idx := c.sortedIndex(Descend, true)
	idx = c.removeEqual(idx, Descend)
	idx = c.removeContained(idx, false)
	return c.fromIndex(idx)
}

// Minimal removes from c the sets that contain another set of c, and
// duplicates, and returns the result in increasing order of set size
// ([Ascend] order) (sf_rev_contain).
func (c *Cover) Minimal() *Cover {
	idx := c.sortedIndex(Ascend, true)
	idx = c.removeEqual(idx, Ascend)
	idx = c.removeContained(idx, true)
	return c.fromIndex(idx)
}

// indContain is [Cover.Maximal] that also tracks rows: rowIndices[i] is a
// label of set i of c, and on return rowIndices[k] is the label of the set
// that became set k of the result (sf_ind_contain). rowIndices must have at
// least c.Count entries.
func (c *Cover) indContain(rowIndices []int) *Cover {
	idx := c.sortedIndex(Descend, true)
	idx = c.removeEqual(idx, Descend)
	idx = c.removeContained(idx, false)
	labels := make([]int, len(idx))
	for k, i := range idx {
		labels[k] = rowIndices[i]
	}
	copy(rowIndices, labels)
	return c.fromIndex(idx)
}

// Distinct removes duplicate sets from c and returns the result in [Descend]
// order (sf_dupl).
func (c *Cover) Distinct() *Cover {
	idx := c.sortedIndex(Descend, true)
	idx = c.removeEqual(idx, Descend)
	return c.fromIndex(idx)
}

// DistinctGroups is [Cover.Distinct] that also says where each set came from:
// for the k-th set of the result, the indices in c of the sets equal to it
// are of[start[k]:start[k+1]], in increasing order. As in Distinct, the set
// kept from a group (with its header) is the last of the group in sorted
// order.
func (c *Cover) DistinctGroups() (d *Cover, of, start []int) {
	idx := c.sortedIndex(Descend, true)
	of = make([]int, 0, len(idx))
	start = make([]int, 0, len(idx)/2+1)
	keep := idx[:0] // the kept index of each group, written behind the walk
	for g := 0; g < len(idx); {
		h := g + 1
		for h < len(idx) && Descend(c.At(int(idx[h])), c.At(int(idx[g]))) == 0 {
			h++
		}
		start = append(start, len(of))
		from := len(of)
		for _, i := range idx[g:h] {
			of = append(of, int(i))
		}
		slices.Sort(of[from:])
		keep = append(keep, idx[h-1])
		g = h
	}
	start = append(start, len(of))
	return c.fromIndex(keep), of, start
}

// ContainedUnion returns the union of a and b less the sets contained in
// another one, and duplicates (sf_union). As in 2.3, a and b must each be
// in [Descend] order with the SIZE field of every set holding its element
// count (as [Cover.Maximal] leaves them); the result is in that order too.
// a and b are not changed.
func ContainedUnion(a, b *Cover) *Cover {
	var u unioner
	return u.union(a.Sets(), b.Sets(), nil, a.SetSize)
}

// A unioner forms contained unions again and again, as the sharp products
// gather their results (r = r ∪ x, cube after cube), reusing its lists and
// the storage of the covers it is given back instead of allocating them
// for each union.
type unioner struct {
	a1, b1, e []Set
	free      []*Cover // covers no longer used, to build results in
}

// unionTaking is ContainedUnion(a, b), after which a and b are given back
// to u: the caller must not use them again.
func (u *unioner) unionTaking(a, b *Cover) *Cover {
	u.a1 = appendSets(u.a1[:0], a)
	u.b1 = appendSets(u.b1[:0], b)
	r := u.union(u.a1, u.b1, u.newCover(a.Count+b.Count, a.SetSize), a.SetSize)
	u.giveBack(a)
	u.giveBack(b)
	return r
}

// union merges the lists a1 and b1 (the sets of two covers in [Descend]
// order) as sf_union does, into r if it is not nil (r must be empty).
func (u *unioner) union(a1, b1 []Set, r *Cover, size int) *Cover {
	a1, b1, e1 := remove2Equal(a1, b1, u.e[:0], Descend)
	a1 = remove2Contained(a1, b1)
	b1 = remove2Contained(b1, a1)
	if r == nil {
		r = NewCover(len(a1)+len(b1)+len(e1), size)
	}
	mergeDescending(r, a1, b1, e1)
	u.e = e1[:0]
	return r
}

// newCover returns an empty cover of sets of size elements, in the storage
// of one given back if there is one.
func (u *unioner) newCover(n, size int) *Cover {
	if k := len(u.free); k > 0 {
		c := u.free[k-1]
		u.free = u.free[:k-1]
		w := 1 + wordsFor(size)
		*c = Cover{SetSize: size, wsize: w, data: slices.Grow(c.data[:0], n*w)}
		return c
	}
	return NewCover(n, size)
}

// giveBack records that c is no longer used.
func (u *unioner) giveBack(c *Cover) {
	if c != nil && len(u.free) < 4 {
		u.free = append(u.free, c)
	}
}

// appendSets appends the sets of c to dst.
func appendSets(dst []Set, c *Cover) []Set {
	for i := range c.Count {
		dst = append(dst, c.At(i))
	}
	return dst
}

// Distance1Merge treats every set of c as united with mask and merges the
// sets that are then equal into their union (dist_merge): with the parts
// of one variable v as mask (VarMask[v]), the cubes that differ only in v
// (d1merge). The result is in [d1Order] order.
func (c *Cover) Distance1Merge(mask Set) *Cover {
	mask = mask[:c.wsize]
	idx := c.sortedIndex(func(a, b Set) int { return d1Compare(a, b, mask) }, true)
	r := NewCover(len(idx), c.SetSize)
	// d1_rm_equal: keep the first set of each run of sets equal under the
	// mask, united with the others of the run. Uniting sets equal under the
	// mask does not change their value under it, so comparing with the
	// first set of the run is comparing with the union built so far.
	for k := 0; k < len(idx); {
		first := c.At(int(idx[k]))
		out := r.Append(first)
		k++
		for ; k < len(idx); k++ {
			p := c.At(int(idx[k]))
			if d1Compare(first, p, mask) != 0 {
				break
			}
			out.Or(out, p)
		}
	}
	return r
}

// removeEqual removes duplicates from idx, sorted by cmp, in place: of each
// run of sets equal under cmp the last one stays (rm_equal).
func (c *Cover) removeEqual(idx []uint32, cmp func(a, b Set) int) []uint32 {
	if len(idx) == 0 {
		return idx
	}
	n := 0
	prev := c.At(int(idx[0]))
	for j := 1; j < len(idx); j++ {
		p := c.At(int(idx[j]))
		if cmp(p, prev) != 0 {
			idx[n] = idx[j-1]
			n++
		}
		prev = p
	}
	idx[n] = idx[len(idx)-1]
	return idx[:n+1]
}

// removeContained keeps, in place and in order, the sets of idx not
// contained in a kept set of different SIZE met earlier (rm_contain), or,
// when rev is true, not containing one (rm_rev_contain). idx is sorted so
// that sets of equal SIZE are adjacent and free of duplicates.
//
// The kept sets' words are gathered in one flat slice, so the scan of the
// candidates reads memory in order.
//
// A set is contained in a kept set of larger SIZE exactly when it is a
// proper subset of any other set of idx (containment is transitive, and the
// sets a removed set was contained in lead to a kept one), so for long lists
// a subsetIndex of all of idx answers instead of the scan.
func (c *Cover) removeContained(idx []uint32, rev bool) []uint32 {
	if len(idx) == 0 {
		return idx
	}
	dw := c.wsize - 1
	if useSubsetIndex(c.scanPairs(idx), len(idx), dw) {
		sets := make([]Set, len(idx))
		for k, i := range idx {
			sets[k] = c.At(int(i))
		}
		ix := newSubsetIndex(sets, dw, rev)
		n := 0
		for k, i := range idx {
			if !ix.properOf(sets[k]) {
				idx[n] = i
				n++
			}
		}
		return idx[:n]
	}
	kept := make([]uint64, 0, len(idx)*dw)
	n, check, lastSize := 0, 0, -1
	for _, i := range idx {
		a := c.At(int(i))
		if s := a.Size(); s != lastSize {
			lastSize, check = s, n
		}
		if !coveredBy(a[1:], kept[:check*dw], dw, rev) {
			idx[n] = i
			n++
			kept = append(kept, a[1:]...)
		}
	}
	return idx[:n]
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
func remove2Equal(a, b, e []Set, cmp func(x, y Set) int) (ra, rb, re []Set) {
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

// scanPairs returns how many comparisons removeContained's scan makes at
// most: each set against the earlier sets of another SIZE.
func (c *Cover) scanPairs(idx []uint32) int {
	pairs, check, last := 0, 0, -1
	for k, i := range idx {
		if s := c.At(int(i)).Size(); s != last {
			last, check = s, k
		}
		pairs += check
	}
	return pairs
}

// scan2Pairs returns how many comparisons remove2Contained's scan makes at
// most: each set of a against the sets of b of larger SIZE (both lists in
// decreasing SIZE order).
func scan2Pairs(a, b []Set) int {
	pairs, j := 0, 0
	for _, x := range a {
		for j < len(b) && b[j].Size() > x.Size() {
			j++
		}
		pairs += j
	}
	return pairs
}

// remove2Contained keeps, in place and in order, the sets of a not
// contained in a set of b met before the first set of b whose SIZE is not
// larger (rm2_contain). No set of a equals one of b (remove2Equal saw to
// that), so this is "not contained in any set of b", which a subsetIndex of
// b answers when the lists are long.
func remove2Contained(a, b []Set) []Set {
	n := 0
	if len(a) > 0 && useSubsetIndex(scan2Pairs(a, b), len(b), len(a[0])-1) {
		ix := newSubsetIndex(b, len(a[0])-1, false)
		for _, x := range a {
			if !ix.properOf(x) {
				a[n] = x
				n++
			}
		}
		return a[:n]
	}
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

// mergeDescending appends to r three lists sorted by [descendNilLast], merged as
// sf_merge does (its ties fall as 2.3's do).
func mergeDescending(r *Cover, a, b, e []Set) {
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
			if descendNilLast(head(t[i]), head(t[j])) > 0 {
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
		if descendNilLast(head(lo), head(hi)) > 0 {
			lo, mid, hi = mid, hi, lo
		} else if descendNilLast(head(lo), head(mid)) > 0 {
			lo, mid = mid, lo
		}
	}
}
