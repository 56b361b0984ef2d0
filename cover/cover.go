package cover

import (
	"iter"
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/internal/hugepage"
)

// Cover is a set family (ESPRESSO's set_family): Count sets of SetSize
// elements each, stored contiguously. Sets returned by [Cover.At] alias the
// cover's storage and stay valid until the cover grows.
type Cover struct {
	SetSize     int // number of elements in each set
	Count       int // number of sets in the cover
	ActiveCount int // number of sets flagged Active, where maintained
	wsize       int // words per set, header included
	data        []uint64
}

// NewCover returns an empty cover of sets of size elements with room for n
// sets (sf_new).
func NewCover(n, size int) *Cover {
	w := 1 + wordsFor(size)
	if n < 0 {
		n = 0
	}
	return &Cover{SetSize: size, wsize: w, data: hugepage.Words(0, n*w)}
}

// At returns set i of the cover (GETSET).
func (c *Cover) At(i int) Set {
	w := c.wsize
	return Set(c.data[i*w : (i+1)*w : (i+1)*w])
}

// All yields the sets of the cover in order, as [Cover.At] returns them.
// The cover must not grow during the loop.
func (c *Cover) All() iter.Seq[Set] {
	return func(yield func(Set) bool) {
		w := c.wsize
		data := c.data[:c.Count*w]
		for off := 0; off+w <= len(data); off += w {
			if !yield(Set(data[off : off+w : off+w])) {
				return
			}
		}
	}
}

// Sets returns the sets of the cover in order. The slice is freshly
// allocated; its elements alias the cover.
func (c *Cover) Sets() []Set {
	out := make([]Set, c.Count)
	for i := range out {
		out[i] = c.At(i)
	}
	return out
}

// Append adds a copy of s, header included, at the end of the cover
// (sf_addset) and returns the copy.
func (c *Cover) Append(s Set) Set {
	if len(c.data)+c.wsize > cap(c.data) {
		c.data = doubled(c.data, c.wsize)
	}
	c.data = append(c.data, s[:c.wsize]...)
	c.Count++
	return c.At(c.Count - 1)
}

// copyChunk is the most words doubled copies at once.
const copyChunk = 1 << 12

// doubled returns data in new storage (hugepage.Words) with room for twice its
// length, and for least words more at the least. A cover read from a large
// file doubles to hundreds of megabytes: append's growth of 1.25 would copy
// it some four times over, and one copy or clear of that size cannot be
// interrupted, so that a collection starting meanwhile spins on the other
// core, signalling, until it ends. make clears its storage in pieces, and
// the copy goes in pieces of copyChunk words.
func doubled(data []uint64, least int) []uint64 {
	d := hugepage.Words(len(data), len(data)+max(len(data), least))
	for i := 0; i < len(data); i += copyChunk {
		copy(d[i:], data[i:min(i+copyChunk, len(data))])
	}
	return d
}

// Grow makes room for n more sets, so that the next n appends do not move
// the cover's storage; n <= 0 does nothing.
func (c *Cover) Grow(n int) {
	if n > 0 {
		c.data = slices.Grow(c.data, n*c.wsize)
	}
}

// window returns a cover over sets from to mid of c, whose storage reaches
// to set end: appending to it writes over sets mid to end of c, in place.
func (c *Cover) window(from, mid, end int) *Cover {
	w := c.wsize
	return &Cover{SetSize: c.SetSize, Count: mid - from, wsize: w, data: c.data[from*w : mid*w : end*w]}
}

// AppendEmpty adds an empty set at the end of the cover and returns it.
func (c *Cover) AppendEmpty() Set {
	n := len(c.data)
	c.data = slices.Grow(c.data, c.wsize)[:n+c.wsize]
	clear(c.data[n:])
	c.Count++
	return c.At(c.Count - 1)
}

// Delete removes set i by moving the last set into its place (sf_delset).
func (c *Cover) Delete(i int) {
	c.Count--
	if i != c.Count {
		copy(c.At(i), c.At(c.Count))
	}
	c.data = c.data[:c.Count*c.wsize]
}

// Truncate keeps the first n sets.
func (c *Cover) Truncate(n int) {
	c.Count = n
	c.data = c.data[:n*c.wsize]
}

// reuse empties c and makes it a family of sets of size elements,
// keeping its storage.
func (c *Cover) reuse(size int) *Cover {
	c.SetSize, c.wsize = size, 1+wordsFor(size)
	c.Count, c.ActiveCount = 0, 0
	c.data = c.data[:0]
	return c
}

// Clone returns a copy of the cover (sf_save).
func (c *Cover) Clone() *Cover {
	d := *c
	d.data = append(hugepage.Words(0, len(c.data)), c.data...)
	return &d
}

// fitted returns c, or, when c's storage has room for more than twice its
// sets, a copy of c in storage of its size, so that a cover kept for a
// whole run does not hold the room it grew into.
func (c *Cover) fitted() *Cover {
	if cap(c.data) <= 2*len(c.data) {
		return c
	}
	return c.Clone()
}

// Trimmed returns c, or, when c's storage has room for more than an
// eighth again of its sets, a copy of c in storage of its size. A cover
// grown by appending its sets one by one (a PLA's covers as read) has up
// to as much room again as it holds; trimmed, it does not hold that room
// through a run.
func (c *Cover) Trimmed() *Cover {
	if cap(c.data) <= len(c.data)+len(c.data)/8 {
		return c
	}
	return c.Clone()
}

// AppendCover adds copies of the sets of b at the end of c (sf_append
// without freeing b) and returns c.
func (c *Cover) AppendCover(b *Cover) *Cover {
	c.data = append(c.data, b.data[:b.Count*b.wsize]...)
	c.Count += b.Count
	c.ActiveCount += b.ActiveCount
	return c
}

// Join returns a new cover holding the sets of a followed by those of b
// (sf_join).
func Join(a, b *Cover) *Cover {
	r := NewCover(a.Count+b.Count, a.SetSize)
	r.AppendCover(a)
	r.AppendCover(b)
	return r
}

// FromSets returns a new cover holding copies of the given sets.
func FromSets(size int, sets []Set) *Cover {
	r := NewCover(len(sets), size)
	for _, s := range sets {
		r.Append(s)
	}
	return r
}

// SetAllActive flags every set Active and sets ActiveCount (sf_active).
func (c *Cover) SetAllActive() *Cover {
	for i := 0; i < c.Count; i++ {
		c.At(i).SetFlag(Active)
	}
	c.ActiveCount = c.Count
	return c
}

// RemoveInactive deletes the sets not flagged Active, keeping the order of
// the others (sf_inactive).
func (c *Cover) RemoveInactive() *Cover {
	w := c.wsize
	n := 0
	for i := 0; i < c.Count; i++ {
		if c.data[i*w]&Active != 0 {
			if n != i {
				copy(c.data[n*w:(n+1)*w], c.data[i*w:(i+1)*w])
			}
			n++
		}
	}
	c.Truncate(n)
	c.ActiveCount = n
	return c
}

// elementCounts returns, for each element, the number of sets holding it
// (sf_count).
func (c *Cover) elementCounts() []int {
	count := make([]int, c.SetSize)
	for i := 0; i < c.Count; i++ {
		c.At(i).adjCount(count, 1)
	}
	return count
}

// elementCountsRestricted returns, for each element e of r, the sum over the
// sets p of the cover that hold e of 1024/(|p|-1), the weighting of
// ESPRESSO's sf_count_restricted; elements outside r count 0. A set of one
// element has no weight defined (2.3 divides by zero); it counts 0 here.
func (c *Cover) elementCountsRestricted(r Set) []int {
	return c.elementCountsRestrictedInto(make([]int, c.SetSize), r)
}

// elementCountsRestrictedInto is [Cover.elementCountsRestricted] in count,
// which must have c.SetSize entries; it clears them first.
func (c *Cover) elementCountsRestrictedInto(count []int, r Set) []int {
	clear(count)
	for i := 0; i < c.Count; i++ {
		p := c.At(i)
		weight := 0
		if n := p.Count(); n != 1 {
			weight = 1024 / (n - 1)
		}
		for w := 1; w < len(p); w++ {
			for x := p[w] & r[w]; x != 0; x &= x - 1 {
				count[(w-1)<<6+bits.TrailingZeros64(x)] += weight
			}
		}
	}
	return count
}

// Permute returns a cover whose sets keep, in order, elements
// permute[0..npermute-1] of the sets of c (sf_permute).
func (c *Cover) Permute(permute []int) *Cover {
	r := NewCover(c.Count, len(permute))
	for i := 0; i < c.Count; i++ {
		p := c.At(i)
		q := r.AppendEmpty()
		for j, e := range permute {
			if p.Has(e) {
				q.Insert(j)
			}
		}
	}
	return r
}

// DeleteColumns returns a cover whose sets lack elements first..last
// (sf_delc).
func (c *Cover) DeleteColumns(first, last int) *Cover {
	perm := make([]int, 0, c.SetSize)
	for i := 0; i < c.SetSize; i++ {
		if i < first || i > last {
			perm = append(perm, i)
		}
	}
	return c.Permute(perm)
}

// Compress returns a cover whose sets keep only the elements in keep, in
// order (sf_compress).
func (c *Cover) Compress(keep Set) *Cover {
	perm := make([]int, 0, c.SetSize)
	keep.Elements(func(e int) bool { perm = append(perm, e); return true })
	return c.Permute(perm)
}

// AddColumns returns a cover whose sets have n empty elements inserted
// before element first (sf_addcol); first == SetSize appends them. As in
// 2.3, appending columns that fit in the 32-bit words the sets already
// occupy keeps the sets' headers (2.3 reuses the cover); otherwise the
// new sets have cleared headers.
func (c *Cover) AddColumns(first, n int) *Cover {
	keepHeaders := first == c.SetSize && c.SetSize+n <= 32*words32(c.SetSize)
	r := NewCover(c.Count, c.SetSize+n)
	for i := 0; i < c.Count; i++ {
		p := c.At(i)
		q := r.AppendEmpty()
		if keepHeaders {
			q[0] = p[0]
		}
		p.Elements(func(e int) bool {
			if e >= first {
				q.Insert(e + n)
			} else {
				q.Insert(e)
			}
			return true
		})
	}
	return r
}
