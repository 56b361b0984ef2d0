package cover

import "math"

// Compact performs the compaction of Gomboc and Shelton: it merges every two
// cubes of F that are equal outside one input variable (binary or
// multiple-valued) into their union, and repeats over all input variables
// until no such pair remains. The output variable is never merged on, so
// cubes with different outputs stay apart. Duplicate cubes are merged too.
//
// Unlike ESPRESSO's d1merge, which makes one pass per variable, Compact
// iterates to a fixpoint: the result has no two cubes at distance one in a
// single input variable. Each pass over a variable hashes every cube with
// that variable masked out, so a pass costs O(n) expected time for n cubes
// and no pairwise comparison is ever made.
//
// F is compacted in place and returned; merged cubes take the place of the
// first cube of their group, so the order of the result follows F's order.
// Where the cubes left fill less than half of F's storage, the result is a
// copy in storage of its size: a truth table read for compaction shrinks
// to a few percent of its rows, and the rest of its storage (hundreds of
// megabytes on a 2^25-row table) would be held through the run.
// The number of merges made is returned too.
func (c *Cube) Compact(F *Cover) (*Cover, int) {
	inputs := c.NumVars
	if c.Output >= 0 {
		inputs--
	}
	if F.Count < 2 || inputs == 0 || F.Count > math.MaxInt32 {
		return F, 0
	}
	k := newCompactor(F)
	total := 0
	// idle counts the variables visited since the last merge; a full
	// round of them without a merge is the fixpoint.
	for v, idle := 0, 0; idle < inputs; v = (v + 1) % inputs {
		n := k.mergeOn(c.VarMask[v], c.FirstWord[v], c.LastWord[v])
		if n > 0 {
			total += n
			idle = 1
		} else {
			idle++
		}
	}
	return F.fitted(), total
}

// Compacted returns F compacted in new storage of its size, or F itself
// where F has fewer than from cubes or no two of its cubes merge: the
// same points, for questions that depend on them alone.
func (c *Cube) Compacted(F *Cover, from int) *Cover {
	if F.Count < from {
		return F
	}
	C, merged := c.Compact(F.Clone())
	if merged == 0 {
		return F
	}
	return C.Clone()
}

// compactor holds the scratch space of one compaction, reused by every
// pass.
type compactor struct {
	f *Cover
	// table is an open-addressing hash table of cube indices, -1 empty,
	// with two slots for each cube. Its slots are int32, half the room of
	// int, and it has no more slots than that (a hash is mapped to a slot
	// by multiplying, not masking to a power of two): on a 2^25-row truth
	// table that is 209 MB rather than the 537 MB of a power of two of
	// ints. (A cover of 2^31 cubes would take more than 32 GiB; Compact
	// leaves such a cover as it is.)
	table []int32
	// dead marks the cubes merged away, one bit a cube.
	dead []uint64
}

func newCompactor(f *Cover) *compactor {
	return &compactor{f: f}
}

// mergeOn merges the cubes of k.f that are equal outside the parts in mask
// (a variable spanning words first..last) and returns how many cubes were
// merged away.
func (k *compactor) mergeOn(mask Set, first, last int) int {
	f := k.f
	n := f.Count
	size := 2 * n
	if cap(k.table) < size {
		k.table = make([]int32, size)
		k.dead = make([]uint64, (n+63)/64)
	}
	table := k.table[:size]
	for i := range table {
		table[i] = -1
	}
	dead := k.dead[:(n+63)/64]
	clear(dead)
	w := f.wsize
	data := f.data
	merged := 0
	for i := 0; i < n; i++ {
		p := data[i*w+1 : (i+1)*w]
		var h uint64
		for j, x := range p {
			if j+1 >= first && j+1 <= last {
				x &^= mask[j+1]
			}
			h = (h ^ x) * 0x9e3779b97f4a7c15
		}
		slot := int((h >> 32) * uint64(size) >> 32)
		for {
			o := int(table[slot])
			if o < 0 {
				table[slot] = int32(i)
				break
			}
			q := data[o*w+1 : (o+1)*w]
			if equalOutside(p, q, mask, first, last) {
				for j := first; j <= last; j++ {
					q[j-1] |= p[j-1] & mask[j]
				}
				dead[i>>6] |= 1 << (i & 63)
				merged++
				break
			}
			if slot++; slot == size {
				slot = 0
			}
		}
	}
	if merged > 0 {
		out := 0
		for i := 0; i < n; i++ {
			if dead[i>>6]&(1<<(i&63)) == 0 {
				if out != i {
					copy(data[out*w:(out+1)*w], data[i*w:(i+1)*w])
				}
				out++
			}
		}
		f.Truncate(out)
	}
	return merged
}

// equalOutside reports whether the data words p and q agree outside the
// parts of mask, which spans Set words first..last.
func equalOutside(p, q []uint64, mask Set, first, last int) bool {
	for j := range p {
		x := p[j] ^ q[j]
		if j+1 >= first && j+1 <= last {
			x &^= mask[j+1]
		}
		if x != 0 {
			return false
		}
	}
	return true
}
