package builder

// This file merges one cover of a sliced table over the whole index: it frees the white
// king's bits of the slices' cubes (EXPAND restricted to them); kingirred.go then drops
// the cubes that the others hold (IRREDUNDANT).

import (
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// A kingMerge holds, for each white king's square that a slice holds, the positions of
// the slice (over its own index, as bit sets) that each cover of the table may hold:
// ok[0] the first cover's, ok[1] the second's. A square without a slice has nil sets: no
// stored position has the king there, and every cube may hold for it.
type kingMerge struct {
	l    chess.Layout
	bits int
	ok   [2][64][]uint64
	// need[k] holds, for each slice, the positions that cover k must hold where it holds
	// them now (irredundant): the stored positions, less the merged first cover's for the
	// second.
	need [2][64][]uint64
	// subcubes[m][b] is the set of the king's squares b|y for every y within m (b&m == 0):
	// the squares a cube holds for whose king's field is free at the bits m and b elsewhere.
	subcubes *[64][64]uint64
}

// newKingMerge reads the classes of every slice of joined from src (counting its stored
// positions in rep) and keeps, for the decision list of order o, where each cover may
// hold: the first cover where a position may have o[0], the second where it may have
// o[1] (allowFirst adds the merged first cover's positions).
func (b *Builder) newKingMerge(m chess.Material, joined *format.Table, src Values, o [3]class, rep *Report) (*kingMerge, error) {
	l := m.Layout()
	km := &kingMerge{l: l, bits: sliceInputs(m), subcubes: kingSubcubes()}
	for _, s := range joined.Slices {
		cls, err := b.sliceClasses(m, s.King, src, rep)
		if err != nil {
			return nil, err
		}
		for k := range km.ok {
			km.ok[k][s.King] = make([]uint64, (len(cls)+63)/64)
		}
		stored := make([]uint64, (len(cls)+63)/64)
		km.need[0][s.King], km.need[1][s.King] = stored, stored
		for y, c := range cls {
			if c != dontCare {
				stored[y>>6] |= 1 << uint(y&63)
			}
			a := c.allowed()
			for k := range km.ok {
				if a&(1<<o[k]) != 0 {
					km.ok[k][s.King][y>>6] |= 1 << uint(y&63)
				}
			}
		}
	}
	return km, nil
}

// kingSubcubes returns the table of kingMerge.subcubes.
func kingSubcubes() *[64][64]uint64 {
	t := new([64][64]uint64)
	for mask := range 64 {
		for base := range 64 {
			if base&mask != 0 {
				continue
			}
			for y := mask; ; y = (y - 1) & mask {
				t[mask][base] |= 1 << uint(base|y)
				if y == 0 {
					break
				}
			}
		}
	}
	return t
}

// allowFirst adds the positions of first, the merged first cover, to where the second
// cover may hold: they never reach it.
func (km *kingMerge) allowFirst(first []format.Cube) {
	for king, ok := range km.ok[1] {
		if ok == nil {
			continue
		}
		need := slices.Clone(km.need[0][king])
		for i, w := range coveredSet(localCubes(first, km.l, king), km.bits) {
			ok[i] |= w
			need[i] &^= w
		}
		km.need[1][king] = need
	}
}

// merge returns the cubes of one cover over the whole index made from cubes, the cover's
// cubes of every slice (each with the white king fixed on its slice's square), where ok
// says for each slice which positions the cover may hold. The cubes of one local part
// (the other pieces' squares and the side to move) become together as few cubes as
// cover the squares of their slices (kingCubes), each free on as many of the king's bits
// as ok allows.
func (km *kingMerge) merge(cubes []format.Cube, ok [64][]uint64) []format.Cube {
	type group struct {
		local format.Cube
		from  uint64 // the squares of the slices whose cover has the local cube
	}
	index := make(map[format.Cube]int, len(cubes))
	var groups []group
	for _, c := range cubes {
		local := format.LocalCube(c, km.l)
		i, seen := index[local]
		if !seen {
			i = len(groups)
			index[local] = i
			groups = append(groups, group{local: local})
		}
		groups[i].from |= 1 << uint(km.l.Square(c.Bits, 0))
	}
	var sets [64]*summary
	for king, set := range ok {
		if set != nil {
			sets[king] = newSummary(set, km.bits)
		}
	}
	var out []format.Cube
	shift := km.l.Shift(0)
	for _, g := range groups {
		allowed := g.from
		for king := range 64 {
			if allowed>>uint(king)&1 == 0 && (ok[king] == nil || sets[king].fits(g.local)) {
				allowed |= 1 << uint(king)
			}
		}
		km.kingCubes(g.from, allowed, func(free, base int) {
			c := format.SliceCube(g.local, km.l, base)
			c.Mask &^= uint32(free) << shift
			out = append(out, c)
		})
	}
	return out
}

// kingCubes calls emit with the free bits and the fixed ones of subcubes of the king's
// field, each within allowed, that together hold every square of from: greedily, the
// subcube holding the most squares of from not yet held (then the largest) first.
func (km *kingMerge) kingCubes(from, allowed uint64, emit func(free, base int)) {
	for left := from; left != 0; {
		bestFree, bestBase, bestHeld, bestSize := -1, 0, 0, 0
		for rest := left; rest != 0; rest &= rest - 1 {
			s := bits.TrailingZeros64(rest)
			for free := range 64 {
				base := s &^ free
				set := km.subcubes[free][base]
				if set&^allowed != 0 {
					continue
				}
				held, size := bits.OnesCount64(set&left), bits.OnesCount64(set)
				if held > bestHeld || held == bestHeld && size > bestSize {
					bestFree, bestBase, bestHeld, bestSize = free, base, held, size
				}
			}
		}
		emit(bestFree, bestBase)
		left &^= km.subcubes[bestFree][bestBase]
	}
}

// A summary is a bit set over a slice's index of bits bits, and above it, built on first
// use and kept, its summaries by pattern: for the positions a cube holds within one word
// (those its six lowest bits allow), the bit set of the words that hold all of them. A
// cube that spans many words fits the set where the cube one level up (its bits shifted
// by six) fits the summary of its pattern: it is tested on 64 times fewer words a level.
type summary struct {
	set  []uint64
	bits int
	up   map[uint64]*summary
}

func newSummary(set []uint64, bits int) *summary {
	return &summary{set: set, bits: bits, up: make(map[uint64]*summary)}
}

// fits reports whether every position of c, a cube over the set's index, lies in the
// set. It tests a word of the set at a time, or the cube one level up on a summary.
func (s *summary) fits(c format.Cube) bool {
	free := ^c.Mask & (uint32(1)<<uint(s.bits) - 1)
	base := c.Bits &^ free
	low, high := free&63, free&^63
	word := wordPattern(base, low)
	if s.bits > 6 && 1<<uint(bits.OnesCount32(high)) >= summaryMinWords {
		up := s.up[word]
		if up == nil {
			set := make([]uint64, (len(s.set)+63)/64)
			for w, have := range s.set {
				if have&word == word {
					set[w>>6] |= 1 << uint(w&63)
				}
			}
			up = newSummary(set, s.bits-6)
			s.up[word] = up
		}
		return up.fits(format.Cube{Bits: base >> 6, Mask: c.Mask >> 6})
	}
	for y := high; ; y = (y - 1) & high {
		if s.set[(base|y)>>6]&word != word {
			return false
		}
		if y == 0 {
			return true
		}
	}
}

// wordPattern returns the positions within one word of a bit set that a cube holds whose
// bits are base (its free bits clear) and whose free bits among the six lowest are low:
// the same in every word the cube meets.
func wordPattern(base, low uint32) uint64 {
	var word uint64
	for y := low; ; y = (y - 1) & low {
		word |= 1 << (base&63 | y)
		if y == 0 {
			return word
		}
	}
}
