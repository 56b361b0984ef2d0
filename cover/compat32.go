package cover

import "math/bits"

// compareWords32 compares the data words of a and b as ESPRESSO 2.3 does
// when it walks two sets word by word: from the first 32-bit word to the
// last, each compared as an unsigned integer. It returns -1, 0 or 1 for the
// first difference found, scanning from word 1 (lo) upwards when ascending
// is true, or from the last word down when it is false.
func compareWords32(a, b Set, ascending bool) int {
	n := len(a)
	if ascending {
		for i := 1; i < n; i++ {
			if a[i] != b[i] {
				return cmp32pair(a[i], b[i], true)
			}
		}
		return 0
	}
	for i := n - 1; i >= 1; i-- {
		if a[i] != b[i] {
			return cmp32pair(a[i], b[i], false)
		}
	}
	return 0
}

// cmp32pair compares two 64-bit words as two 32-bit words, low half first
// when ascending, high half first otherwise.
func cmp32pair(x, y uint64, ascending bool) int {
	xl, yl := uint32(x), uint32(y)
	xh, yh := uint32(x>>32), uint32(y>>32)
	if ascending {
		if xl != yl {
			return cmpU32(xl, yl)
		}
		return cmpU32(xh, yh)
	}
	if xh != yh {
		return cmpU32(xh, yh)
	}
	return cmpU32(xl, yl)
}

func cmpU32(x, y uint32) int {
	if x < y {
		return -1
	}
	if x > y {
		return 1
	}
	return 0
}

// words32 returns the number of 32-bit words ESPRESSO 2.3 uses for the data
// of a set of size elements (LOOP of such a set).
func words32(size int) int {
	if size <= 32 {
		return 1
	}
	return (size-1)>>5 + 1
}

// word32 returns 32-bit data word i (1-based, as in the C code) of s.
func (s Set) word32(i int) uint32 {
	w := s[(i-1)>>1+1]
	if (i-1)&1 == 1 {
		return uint32(w >> 32)
	}
	return uint32(w)
}

// elements32 calls f for each element of s in the order of ESPRESSO's
// foreach_set_element with 32-bit words: the words from the last down to the
// first, and within a word the elements in increasing order. n32 is the
// number of 32-bit data words ([words32] of the set size). f returns false
// to stop.
func (s Set) elements32(n32 int, f func(e int) bool) {
	for i := n32; i > 0; i-- {
		base := (i - 1) << 5
		for v := s.word32(i); v != 0; v &= v - 1 {
			if !f(base + trailingZeros32(v)) {
				return
			}
		}
	}
}

func trailingZeros32(v uint32) int { return bits.TrailingZeros32(v) }
