package cover

import (
	"math/bits"
	"strconv"
	"strings"
)

// Set is a bit set preceded by one header word: s[0] holds the flags and the
// SIZE field, s[1:] the elements. See the package documentation.
type Set []uint64

// Flags kept in the header word of a set, with ESPRESSO's values.
const (
	Prime               uint64 = 0x8000 // cube is prime
	NonEssential        uint64 = 0x4000 // cube cannot be an essential prime
	Active              uint64 = 0x2000 // cube is still active
	Redundant           uint64 = 0x1000 // cube is redundant (at this point)
	Covered             uint64 = 0x0800 // cube has been covered
	RelativelyEssential uint64 = 0x0400 // cube is relatively essential
)

// The header word holds the flags in its low half and the SIZE field above.
const (
	flagMask  uint64 = 0xffffffff
	sizeShift int    = 32
)

// whichWord is the index in a Set of the word holding element e.
func whichWord(e int) int { return e>>6 + 1 }

// whichBit is the bit within its word of element e.
func whichBit(e int) uint { return uint(e) & 63 }

func wordsFor(size int) int {
	if size <= 64 {
		return 1
	}
	return (size-1)>>6 + 1
}

// NewSet returns an empty set able to hold elements 0..size-1.
func NewSet(size int) Set { return make(Set, 1+wordsFor(size)) }

// Clone returns a copy of s, header included.
func (s Set) Clone() Set { return append(Set(nil), s...) }

// Test reports whether flag is set in the header of s (TESTP).
func (s Set) Test(flag uint64) bool { return s[0]&flag != 0 }

// SetFlag sets flag in the header of s (SET).
func (s Set) SetFlag(flag uint64) { s[0] |= flag }

// ResetFlag clears flag in the header of s (RESET).
func (s Set) ResetFlag(flag uint64) { s[0] &^= flag }

// Size returns the SIZE field of the header, a scratch integer the
// algorithms attach to a set (a count, an index).
func (s Set) Size() int { return int(s[0] >> sizeShift) }

// PutSize stores n in the SIZE field of the header (PUTSIZE). n must fit
// in 32 bits, which holds for any count of cubes in memory.
func (s Set) PutSize(n int) { s[0] = s[0]&flagMask | uint64(uint32(n))<<sizeShift }

// Has reports whether element e is in s (is_in_set).
func (s Set) Has(e int) bool { return s[whichWord(e)]>>whichBit(e)&1 != 0 }

// Insert adds element e to s (set_insert).
func (s Set) Insert(e int) { s[whichWord(e)] |= 1 << whichBit(e) }

// Remove deletes element e from s (set_remove).
func (s Set) Remove(e int) { s[whichWord(e)] &^= 1 << whichBit(e) }

// Clear empties s and clears its header (set_clear).
func (s Set) Clear() Set {
	clear(s)
	return s
}

// Fill makes s hold exactly the elements 0..size-1 and clears its header
// (set_fill).
func (s Set) Fill(size int) Set {
	s[0] = 0
	n := len(s) - 1
	for i := 1; i < n; i++ {
		s[i] = ^uint64(0)
	}
	s[n] = ^uint64(0) >> uint(n*64-size)
	return s
}

// Copy makes s a copy of a, header included (set_copy), and returns s.
func (s Set) Copy(a Set) Set {
	copy(s, a)
	return s
}

// And sets s = a ∩ b, keeping the header of s (set_and).
func (s Set) And(a, b Set) Set {
	b = b[:len(a)]
	s = s[:len(a)]
	for i := 1; i < len(a); i++ {
		s[i] = a[i] & b[i]
	}
	return s
}

// Or sets s = a ∪ b (set_or).
func (s Set) Or(a, b Set) Set {
	b = b[:len(a)]
	s = s[:len(a)]
	for i := 1; i < len(a); i++ {
		s[i] = a[i] | b[i]
	}
	return s
}

// Diff sets s = a − b (set_diff).
func (s Set) Diff(a, b Set) Set {
	b = b[:len(a)]
	s = s[:len(a)]
	for i := 1; i < len(a); i++ {
		s[i] = a[i] &^ b[i]
	}
	return s
}

// Xor sets s = a ⊕ b (set_xor).
func (s Set) Xor(a, b Set) Set {
	b = b[:len(a)]
	s = s[:len(a)]
	for i := 1; i < len(a); i++ {
		s[i] = a[i] ^ b[i]
	}
	return s
}

// Merge sets s to the elements of a inside mask and of b outside it
// (set_merge).
func (s Set) Merge(a, b, mask Set) Set {
	b = b[:len(a)]
	mask = mask[:len(a)]
	s = s[:len(a)]
	for i := 1; i < len(a); i++ {
		s[i] = a[i]&mask[i] | b[i]&^mask[i]
	}
	return s
}

// andP sets s = a ∩ b and reports whether the result is non-empty
// (set_andp).
func (s Set) andP(a, b Set) bool {
	var x uint64
	b = b[:len(a)]
	s = s[:len(a)]
	for i := 1; i < len(a); i++ {
		s[i] = a[i] & b[i]
		x |= s[i]
	}
	return x != 0
}

// IsEmpty reports whether s has no element (setp_empty).
func (s Set) IsEmpty() bool {
	for _, w := range s[1:] {
		if w != 0 {
			return false
		}
	}
	return true
}

// isFull reports whether s holds every element 0..size-1 (setp_full).
func (s Set) isFull(size int) bool {
	n := len(s) - 1
	for i := 1; i < n; i++ {
		if s[i] != ^uint64(0) {
			return false
		}
	}
	return s[n] == ^uint64(0)>>uint(n*64-size)
}

// Equal reports whether a and b hold the same elements (setp_equal).
func (a Set) Equal(b Set) bool {
	b = b[:len(a)]
	for i := 1; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Disjoint reports whether a and b share no element (setp_disjoint).
func (a Set) Disjoint(b Set) bool {
	b = b[:len(a)]
	for i := 1; i < len(a); i++ {
		if a[i]&b[i] != 0 {
			return false
		}
	}
	return true
}

// Implies reports whether a ⊆ b (setp_implies).
func (a Set) Implies(b Set) bool {
	b = b[:len(a)]
	for i := 1; i < len(a); i++ {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

// Count returns the number of elements of s (set_ord).
func (s Set) Count() int {
	n := 0
	for _, w := range s[1:] {
		n += bits.OnesCount64(w)
	}
	return n
}

// Dist returns the number of elements a and b share (set_dist).
func (a Set) Dist(b Set) int {
	b = b[:len(a)]
	n := 0
	for i := 1; i < len(a); i++ {
		n += bits.OnesCount64(a[i] & b[i])
	}
	return n
}

// Elements calls f for each element of s in increasing order; f returns
// false to stop.
func (s Set) Elements(f func(e int) bool) {
	for i := 1; i < len(s); i++ {
		for w := s[i]; w != 0; w &= w - 1 {
			if !f((i-1)<<6 + bits.TrailingZeros64(w)) {
				return
			}
		}
	}
}

// adjCount adds weight to count[e] for each element e of s (set_adjcnt).
func (s Set) adjCount(count []int, weight int) {
	for i := 1; i < len(s); i++ {
		for w := s[i]; w != 0; w &= w - 1 {
			count[(i-1)<<6+bits.TrailingZeros64(w)] += weight
		}
	}
}

// String lists the elements of s in braces, as ESPRESSO's ps1 does.
func (s Set) String() string {
	var b strings.Builder
	b.WriteByte('[')
	first := true
	s.Elements(func(e int) bool {
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteString(strconv.Itoa(e))
		return true
	})
	b.WriteByte(']')
	return b.String()
}
