package cover

import "math/bits"

// Cube operations on sets (ESPRESSO's setc.c).
//
// Binary variables are handled a word at a time. For the words x = a[w] &
// b[w] holding binary variables, ^(x | x>>1) & disjoint has one bit (the
// even one) for each binary variable in which a and b do not intersect, and
// (y | y<<1) widens such a bit mask y back to both parts of each variable.
// Words 1..InWord-1 hold binary parts only; word InWord holds the last
// binary parts (selected by InMask) and possibly the first multiple-valued
// ones. The multiple-valued variables are then checked one by one.

// FullRow reports whether p ∪ cof is the full cube (full_row).
func (c *Cube) FullRow(p, cof Set) bool {
	full := c.FullSet
	cof = cof[:len(full)]
	p = p[:len(full)]
	for i := 1; i < len(full); i++ {
		if p[i]|cof[i] != full[i] {
			return false
		}
	}
	return true
}

// mvMeets reports whether a ∩ b is non-empty in multiple-valued variable v.
func (c *Cube) mvMeets(a, b Set, v int) bool {
	mask := c.VarMask[v]
	for w, last := c.FirstWord[v], c.LastWord[v]; w <= last; w++ {
		if a[w]&b[w]&mask[w] != 0 {
			return true
		}
	}
	return false
}

// meets reports whether a ∩ b is non-empty in the variable.
func (m *mvVar) meets(a, b Set) bool {
	mask := m.mask
	a = a[m.first : m.first+len(mask)]
	b = b[m.first : m.first+len(mask)]
	for w, x := range mask {
		if a[w]&b[w]&x != 0 {
			return true
		}
	}
	return false
}

// disjointInWord reports whether cubes a and b do not intersect in some
// binary variable of word InWord or of word 1. It is a quick first test,
// small enough to be inlined into loops, that a and b are not at distance
// 0: when it holds, Dist0(a, b) is false.
func (c *Cube) disjointInWord(a, b Set) bool {
	last := c.InWord
	if last <= 0 {
		return false
	}
	x := a[last] & b[last]
	if ^(x|x>>1)&c.InMask != 0 {
		return true
	}
	y := a[1] & b[1]
	return ^(y|y>>1)&c.firstMask != 0
}

// farInWord reports whether cubes a and b do not intersect in two or more
// binary variables of word InWord. It is a quick first test, small enough
// to be inlined into loops, that a and b are at distance 2 or more: when it
// holds, Dist01(a, b) is 2.
func (c *Cube) farInWord(a, b Set) bool {
	last := c.InWord
	if last <= 0 {
		return false
	}
	x := a[last] & b[last]
	x = ^(x | x>>1) & c.InMask
	return x&(x-1) != 0
}

// meet1 reports, for cubes that fit in one word (words == 1), whether
// cubes whose data words have the intersection x intersect: Dist0 on
// x alone.
func (c *Cube) meet1(x uint64) bool {
	if c.InWord == 1 && ^(x|x>>1)&c.InMask != 0 {
		return false
	}
	for _, m := range c.mv1 {
		if x&m == 0 {
			return false
		}
	}
	return true
}

// dist01One is Dist01 for cubes that fit in one word, whose data words
// have the intersection x.
func (c *Cube) dist01One(x uint64) int {
	dist := 0
	if c.InWord == 1 {
		if y := ^(x | x>>1) & c.InMask; y != 0 {
			if y&(y-1) != 0 {
				return 2
			}
			dist = 1
		}
	}
	for _, m := range c.mv1 {
		if x&m == 0 {
			if dist++; dist > 1 {
				return 2
			}
		}
	}
	return dist
}

// Dist0 reports whether cubes a and b intersect, that is are at distance 0
// (cdist0).
func (c *Cube) Dist0(a, b Set) bool {
	if c.words == 1 {
		return c.meet1(a[1] & b[1])
	}
	if last := c.InWord; last > 0 {
		a, b := a[:last+1], b[:last+1]
		x := a[last] & b[last]
		if ^(x|x>>1)&c.InMask != 0 {
			return false
		}
		for w := 1; w < last; w++ {
			x := a[w] & b[w]
			if ^(x|x>>1)&disjoint != 0 {
				return false
			}
		}
	}
	for i := range c.mv {
		if !c.mv[i].meets(a, b) {
			return false
		}
	}
	return true
}

// Dist01 returns the distance between cubes a and b (the number of
// variables in which they do not intersect), or 2 when it exceeds 1
// (cdist01).
func (c *Cube) Dist01(a, b Set) int {
	if c.words == 1 {
		return c.dist01One(a[1] & b[1])
	}
	dist := 0
	if last := c.InWord; last > 0 {
		a, b := a[:last+1], b[:last+1]
		x := a[last] & b[last]
		if x = ^(x | x>>1) & c.InMask; x != 0 {
			if dist = bits.OnesCount64(x); dist > 1 {
				return 2
			}
		}
		for w := 1; w < last; w++ {
			x := a[w] & b[w]
			if x = ^(x | x>>1) & disjoint; x != 0 {
				if dist += bits.OnesCount64(x); dist > 1 {
					return 2
				}
			}
		}
	}
	for i := range c.mv {
		if !c.mv[i].meets(a, b) {
			if dist++; dist > 1 {
				return 2
			}
		}
	}
	return dist
}

// Dist returns the distance between cubes a and b: the number of variables
// in which they do not intersect (cdist).
func (c *Cube) Dist(a, b Set) int {
	dist := 0
	if last := c.InWord; last != -1 {
		x := a[last] & b[last]
		dist = bits.OnesCount64(^(x | x>>1) & c.InMask)
		for w := 1; w < last; w++ {
			x := a[w] & b[w]
			dist += bits.OnesCount64(^(x | x>>1) & disjoint)
		}
	}
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		if !c.mvMeets(a, b, v) {
			dist++
		}
	}
	return dist
}

// ForceLower adds to xlower the parts of a in each variable where a and b
// do not intersect, and returns xlower (force_lower).
func (c *Cube) ForceLower(xlower, a, b Set) Set {
	if c.words == 1 {
		x := a[1] & b[1]
		var low uint64
		if c.InWord == 1 {
			y := ^(x | x>>1) & c.InMask
			low = (y | y<<1) & a[1]
		}
		for _, m := range c.mv1 {
			if x&m == 0 {
				low |= a[1] & m
			}
		}
		xlower[1] |= low
		return xlower
	}
	if last := c.InWord; last != -1 {
		x := a[last] & b[last]
		if x = ^(x | x>>1) & c.InMask; x != 0 {
			xlower[last] |= (x | x<<1) & a[last]
		}
		for w := 1; w < last; w++ {
			x := a[w] & b[w]
			if x = ^(x | x>>1) & disjoint; x != 0 {
				xlower[w] |= (x | x<<1) & a[w]
			}
		}
	}
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		if !c.mvMeets(a, b, v) {
			mask := c.VarMask[v]
			for w, last := c.FirstWord[v], c.LastWord[v]; w <= last; w++ {
				xlower[w] |= a[w] & mask[w]
			}
		}
	}
	return xlower
}

// Consensus stores in r, header cleared, the consensus of cubes a and b:
// in each variable the intersection of a and b, or their union where the
// intersection is empty. This is the consensus proper only when a and b are
// at distance 1 (consensus).
func (c *Cube) Consensus(r, a, b Set) {
	r.Clear()
	if last := c.InWord; last != -1 {
		x := a[last] & b[last]
		r[last] = x
		if x = ^(x | x>>1) & c.InMask; x != 0 {
			r[last] |= (x | x<<1) & (a[last] | b[last])
		}
		for w := 1; w < last; w++ {
			x := a[w] & b[w]
			r[w] = x
			if x = ^(x | x>>1) & disjoint; x != 0 {
				r[w] |= (x | x<<1) & (a[w] | b[w])
			}
		}
	}
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		mask := c.VarMask[v]
		first, last := c.FirstWord[v], c.LastWord[v]
		empty := true
		for w := first; w <= last; w++ {
			if x := a[w] & b[w] & mask[w]; x != 0 {
				empty = false
				r[w] |= x
			}
		}
		if empty {
			for w := first; w <= last; w++ {
				r[w] |= mask[w] & (a[w] | b[w])
			}
		}
	}
}

// Active returns the single variable in which cube a is not full, or -1
// when a is full in every variable or not full in more than one (cactive).
func (c *Cube) Active(a Set) int {
	active, dist := -1, 0
	if last := c.InWord; last != -1 {
		x := a[last]
		if x = ^(x & (x >> 1)) & c.InMask; x != 0 {
			if dist = bits.OnesCount64(x); dist > 1 {
				return -1
			}
			active = (last-1)*32 + bits.TrailingZeros64(x)/2
		}
		for w := 1; w < last; w++ {
			x := a[w]
			if x = ^(x & (x >> 1)) & disjoint; x != 0 {
				if dist += bits.OnesCount64(x); dist > 1 {
					return -1
				}
				active = (w-1)*32 + bits.TrailingZeros64(x)/2
			}
		}
	}
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		mask := c.VarMask[v]
		for w, last := c.FirstWord[v], c.LastWord[v]; w <= last; w++ {
			if mask[w]&^a[w] != 0 {
				if dist++; dist > 1 {
					return -1
				}
				active = v
				break
			}
		}
	}
	return active
}

// common reports whether cubes a and b, each taken together with cof, are
// both active (not full, or empty) in some common variable (ccommon).
func (c *Cube) common(a, b, cof Set) bool {
	if last := c.InWord; last != -1 {
		x := a[last] | cof[last]
		y := b[last] | cof[last]
		if ^(x&(x>>1)) & ^(y&(y>>1)) & c.InMask != 0 {
			return true
		}
		for w := 1; w < last; w++ {
			x := a[w] | cof[w]
			y := b[w] | cof[w]
			if ^(x&(x>>1)) & ^(y&(y>>1)) & disjoint != 0 {
				return true
			}
		}
	}
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		mask := c.VarMask[v]
		first, last := c.FirstWord[v], c.LastWord[v]
		for w := first; w <= last; w++ {
			if mask[w]&^a[w]&^cof[w] != 0 {
				for w := first; w <= last; w++ {
					if mask[w]&^b[w]&^cof[w] != 0 {
						return true
					}
				}
				break
			}
		}
	}
	return false
}
