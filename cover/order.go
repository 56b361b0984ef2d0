package cover

import "slices"

// The comparison functions ESPRESSO 2.3 passes to qsort (setc.c), for use
// with [Sort]. Each returns <0, 0 or >0 like a C comparator; the ones 2.3
// feeds to routines that switch on the result (rm2_equal) return exactly
// -1, 0 or 1.
//
// 2.3 compares sets as arrays of 32-bit unsigned words from the last word
// down to the first. A 64-bit word holds 32-bit words 2k-1 (low half) and 2k
// (high half), so comparing the 64-bit words from the last down as unsigned
// integers visits the 32-bit words in the same order and gives the same
// answer (the equivalent of [compareWords32] with ascending false), at half
// the cost.

// cmpWordsDown compares the data words of a and b from the last down, as
// unsigned integers, and returns -1, 0 or 1.
func cmpWordsDown(a, b Set) int {
	b = b[:len(a)]
	for i := len(a) - 1; i >= 1; i-- {
		if x, y := a[i], b[i]; x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Descend orders sets by decreasing SIZE field, then by decreasing value of
// their words read from the last word down (descend). After [Cover.sortedSets]
// has stored each set's element count in its SIZE field, this sorts the
// largest sets first and puts equal sets next to each other.
func Descend(a, b Set) int {
	sa, sb := a.Size(), b.Size()
	if sa > sb {
		return -1
	}
	if sa < sb {
		return 1
	}
	return -cmpWordsDown(a, b)
}

// Ascend is the reverse of [Descend]: increasing SIZE field, then increasing
// word values from the last word down (ascend).
func Ascend(a, b Set) int {
	sa, sb := a.Size(), b.Size()
	if sa > sb {
		return 1
	}
	if sa < sb {
		return -1
	}
	return cmpWordsDown(a, b)
}

// lexOrder orders sets by decreasing word values from the last word down,
// ignoring the header (lex_order).
func lexOrder(a, b Set) int {
	return -cmpWordsDown(a, b)
}

// d1Order returns the comparison of the distance-1 merge: sets ordered by
// decreasing word values from the last word down, each set first united with
// mask, so that sets that differ only inside mask compare equal (d1_order,
// with mask in the role of cube.temp[0]).
func d1Order(mask Set) func(a, b Set) int {
	return func(a, b Set) int { return d1Compare(a, b, mask) }
}

func d1Compare(a, b, mask Set) int {
	b = b[:len(a)]
	mask = mask[:len(a)]
	for i := len(a) - 1; i >= 1; i-- {
		x, y := a[i]|mask[i], b[i]|mask[i]
		if x != y {
			if x > y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// descendNilLast is [Descend] on sets that may be nil, a nil set ordering after every
// other set (desc1).
func descendNilLast(a, b Set) int {
	if a == nil {
		if b == nil {
			return 0
		}
		return 1
	}
	if b == nil {
		return -1
	}
	return Descend(a, b)
}

// SortBySize returns the indices in group ordered by the number of
// elements of c.At(k): increasing, or decreasing with desc; indices of sets
// of one size keep their order in group. It is a counting sort: it stores
// each count in the set's SIZE field, uses count (at least c.SetSize+1
// long) as scratch, and writes the result over order, grown as needed.
func (c *Cover) SortBySize(group []int, desc bool, count, order []int) []int {
	count = count[:c.SetSize+1]
	clear(count)
	for _, k := range group {
		p := c.At(k)
		p.PutSize(p.Count())
		count[p.Size()]++
	}
	// count[n] becomes the position of the first set of size n.
	at := 0
	for i := range count {
		n := i
		if desc {
			n = len(count) - 1 - i
		}
		count[n], at = at, at+count[n]
	}
	order = slices.Grow(order[:0], len(group))[:len(group)]
	for _, k := range group {
		n := c.At(k).Size()
		order[count[n]] = k
		count[n]++
	}
	return order
}
