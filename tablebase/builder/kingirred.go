package builder

// This file drops the redundant cubes of a merged cover by counting, position by position,
// the cubes that hold each.

import (
	"cmp"
	"iter"
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/tablebase/format"
)

// holders counts, for each position of need (the positions that the kept cubes must
// still hold, by the king's square, over each slice's own index), the cubes that hold
// it: a byte a position of need, found by its rank among the slice's positions of need,
// and past 254 (cubes freed on the king's bits meet on a position by the hundreds at
// times) the count in a map. Counting only need's positions, not every index of a slice,
// halves the counters of a pawn table's merge (KRPvKR stores 45 % of its slices'
// indices).
type holders struct {
	need  *[64][]uint64
	bits  int          // the slices' indices' bits
	rank  [64][]uint32 // rank[king][w]: the positions of need[king] in its words before w
	count [64][]uint8  // by the king's square, then the position's rank; 255: see more
	more  map[uint64]int
}

// newHolders returns the counters of need's positions, over slices' indices of width
// bits, every count 0.
func newHolders(need *[64][]uint64, width int) *holders {
	h := &holders{need: need, bits: width, more: make(map[uint64]int)}
	for king, n := range need {
		if n == nil {
			continue
		}
		rank := make([]uint32, len(n))
		total := 0
		for w, word := range n {
			rank[w] = uint32(total)
			total += bits.OnesCount64(word)
		}
		h.rank[king], h.count[king] = rank, make([]uint8, total)
	}
	return h
}

func (h *holders) add(king int, i uint32) {
	switch c := &h.count[king][i]; *c {
	case 255:
		h.more[uint64(king)<<32|uint64(i)]++
	case 254:
		*c = 255
		h.more[uint64(king)<<32|uint64(i)] = 255
	default:
		*c++
	}
}

func (h *holders) remove(king int, i uint32) {
	c := &h.count[king][i]
	if *c < 255 {
		*c--
		return
	}
	key := uint64(king)<<32 | uint64(i)
	if h.more[key]--; h.more[key] < 255 {
		*c = uint8(h.more[key])
		delete(h.more, key)
	}
}

// atMostOne reports whether no more than one cube holds the position of rank i in
// king's slice.
func (h *holders) atMostOne(king int, i uint32) bool { return h.count[king][i] < 2 }

// each calls visit with each word of need that the cube meets whose local part (over a
// slice's own index) is local and whose king's squares are kings: the king's square, the
// rank r of the word's first position of need, need's word n and the cube's positions of
// need within it, m (wordRanks gives their ranks), until visit returns false; it reports
// whether visit never did. The cube's positions within one word are those its six lowest
// bits allow.
func (h *holders) each(local format.Cube, kings uint64, visit func(king int, r uint32, n, m uint64) bool) bool {
	free := ^local.Mask & (uint32(1)<<uint(h.bits) - 1)
	base := local.Bits &^ free
	low, high := free&63, free&^63
	inWord := wordPattern(base, low) // the cube's positions within each of its words
	for rest := kings; rest != 0; rest &= rest - 1 {
		king := bits.TrailingZeros64(rest)
		n, rank := h.need[king], h.rank[king]
		if n == nil {
			continue
		}
		for y := high; ; y = (y - 1) & high {
			w := (base&^63 | y) >> 6
			if m := n[w] & inWord; m != 0 && !visit(king, rank[w], n[w], m) {
				return false
			}
			if y == 0 {
				break
			}
		}
	}
	return true
}

// wordRanks yields the ranks of the positions m of a word of need n whose first position
// of need has rank r: consecutive where m holds all of n.
func wordRanks(r uint32, n, m uint64) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		if m == n {
			for i := range uint32(bits.OnesCount64(m)) {
				if !yield(r + i) {
					return
				}
			}
			return
		}
		for ; m != 0; m &= m - 1 {
			if !yield(r + uint32(bits.OnesCount64(n&(m&-m-1)))) {
				return
			}
		}
	}
}

// irredundant returns the cubes of cv that are kept when those the others hold together
// are dropped, as IRREDUNDANT keeps them, by counting: need[king] is, for each
// square with a slice, the bit set (over the slice's own index) of the positions a cube
// of cv must still hold if it holds them now (the stored positions, less those the cover
// before it holds). A cube is dropped when every position of need it holds is held by
// another kept cube, the cubes that hold the fewest positions asked first; what is kept
// holds every position of need that cv holds, and no kept cube is held by the others.
func (km *kingMerge) irredundant(cv []format.Cube, need *[64][]uint64) []format.Cube {
	held := newHolders(need, km.bits)
	locals := make([]format.Cube, len(cv))
	kings := make([]uint64, len(cv))
	volume := make([]int, len(cv))
	for i, c := range cv {
		locals[i], kings[i] = format.LocalCube(c, km.l), km.kingSquares(c)
		held.each(locals[i], kings[i], func(king int, r uint32, n, m uint64) bool {
			for y := range wordRanks(r, n, m) {
				held.add(king, y)
			}
			volume[i] += bits.OnesCount64(m)
			return true
		})
	}
	order := make([]int, len(cv))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(volume[a], volume[b]) })
	dropped := make([]bool, len(cv))
	for _, i := range order {
		redundant := held.each(locals[i], kings[i], func(king int, r uint32, n, m uint64) bool {
			for y := range wordRanks(r, n, m) {
				if held.atMostOne(king, y) {
					return false
				}
			}
			return true
		})
		if redundant {
			dropped[i] = true
			held.each(locals[i], kings[i], func(king int, r uint32, n, m uint64) bool {
				for y := range wordRanks(r, n, m) {
					held.remove(king, y)
				}
				return true
			})
		}
	}
	var kept []format.Cube
	for i, c := range cv {
		if !dropped[i] {
			kept = append(kept, c)
		}
	}
	return kept
}

// kingSquares returns the squares of the white king that c, a cube over the whole index,
// holds.
func (km *kingMerge) kingSquares(c format.Cube) uint64 {
	shift := km.l.Shift(0)
	free := int(^c.Mask>>shift) & 63
	return km.subcubes[free][int(c.Bits>>shift)&63&^free]
}
