package builder

import (
	"cmp"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

func TestHolders(t *testing.T) {
	var need [64][]uint64
	need[3] = []uint64{0b10100110} // positions 1, 2, 5 and 7 of a slice of 6 bits
	h := newHolders(&need, 6)
	if len(h.count[3]) != 4 {
		t.Fatalf("%d counters for 4 positions", len(h.count[3]))
	}
	// Every position of the slice: each visits need's four, by their ranks.
	var ranks []uint32
	if !h.each(format.Cube{}, 1<<3, func(king int, r uint32, n, m uint64) bool {
		for i := range wordRanks(r, n, m) {
			ranks = append(ranks, i)
		}
		return king == 3
	}) {
		t.Fatal("each stopped")
	}
	slices.Sort(ranks)
	if !slices.Equal(ranks, []uint32{0, 1, 2, 3}) {
		t.Errorf("each visits the ranks %v, want 0 to 3", ranks)
	}
	// Position 5 alone (Bits 5, every bit fixed): rank 2.
	h.each(format.Cube{Bits: 5, Mask: 63}, 1<<3, func(_ int, r uint32, n, m uint64) bool {
		if got := slices.Collect(wordRanks(r, n, m)); !slices.Equal(got, []uint32{2}) {
			t.Errorf("position 5 has the ranks %v, want [2]", got)
		}
		return true
	})
	for _, n := range []int{1, 2, 254, 255, 256, 600} {
		for range n {
			h.add(3, 2)
		}
		for left := n; left > 0; left-- {
			if got, want := h.atMostOne(3, 2), left <= 1; got != want {
				t.Fatalf("%d added, %d left: atMostOne = %v, want %v", n, left, got, want)
			}
			h.remove(3, 2)
		}
		if h.count[3][2] != 0 || len(h.more) != 0 {
			t.Errorf("%d added and removed: count %d, %d in the map", n, h.count[3][2], len(h.more))
		}
	}
}

// TestHoldersEach checks holders.each and wordRanks, which walk a word at a time,
// against the plain walk of a cube's positions on random sets and cubes.
func TestHoldersEach(t *testing.T) {
	const width = 9
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		var need [64][]uint64
		for _, king := range []int{0, 5, 63} {
			need[king] = make([]uint64, 1<<width/64)
			for w := range need[king] {
				need[king][w] = rng.Uint64() & rng.Uint64()
			}
		}
		h := newHolders(&need, width)
		c := format.Cube{Mask: rng.Uint32() & (1<<width - 1)}
		c.Bits = rng.Uint32() & c.Mask
		kings := rng.Uint64()
		var got, want [][2]int
		h.each(c, kings, func(king int, r uint32, n, m uint64) bool {
			for i := range wordRanks(r, n, m) {
				got = append(got, [2]int{king, int(i)})
			}
			return true
		})
		for rest := kings; rest != 0; rest &= rest - 1 {
			king := bits.TrailingZeros64(rest)
			if need[king] == nil {
				continue
			}
			positions(c, width, func(y uint32) bool {
				if need[king][y>>6]>>(y&63)&1 != 0 {
					rank := 0
					for z := range y {
						rank += int(need[king][z>>6] >> (z & 63) & 1)
					}
					want = append(want, [2]int{king, rank})
				}
				return true
			})
		}
		order := func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }
		slices.SortFunc(got, order)
		slices.SortFunc(want, order)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d, cube %+v: each visits %v, want %v", trial, c, got, want)
		}
	}
}

// TestIrredundantByCount checks kingMerge.irredundant on random covers of KRvK's index
// against its definition, position by position: what is kept holds every position of
// need that the cover holds, and each kept cube holds a position of need that no other
// kept cube holds.
func TestIrredundantByCount(t *testing.T) {
	m := chess.MustParseMaterial("KRvK")
	l := m.Layout()
	km := &kingMerge{l: l, bits: sliceInputs(m), subcubes: kingSubcubes()}
	size := 1 << uint(km.bits)
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 40 {
		t.Run(fmt.Sprint(trial), func(t *testing.T) {
			var need [64][]uint64
			for _, king := range []int{0, 1, 9, 27, 63} {
				need[king] = make([]uint64, (size+63)/64)
				for y := range size {
					if rng.IntN(4) != 0 {
						need[king][y>>6] |= 1 << uint(y&63)
					}
				}
			}
			var cv []format.Cube
			for range 10 + rng.IntN(60) {
				var c format.Cube
				c.Bits = rng.Uint32() & (1<<uint(l.Bits()) - 1)
				for bit := range l.Bits() {
					if rng.IntN(3) != 0 {
						c.Mask |= 1 << uint(bit)
					}
				}
				c.Bits &= c.Mask
				cv = append(cv, c)
			}
			kept := km.irredundant(cv, &need)
			holders := func(cubes []format.Cube) map[[2]int]int {
				count := make(map[[2]int]int)
				for _, c := range cubes {
					for rest := km.kingSquares(c); rest != 0; rest &= rest - 1 {
						king := bits.TrailingZeros64(rest)
						if need[king] == nil {
							continue
						}
						positions(format.LocalCube(c, l), km.bits, func(y uint32) bool {
							if need[king][y>>6]>>(y&63)&1 != 0 {
								count[[2]int{king, int(y)}]++
							}
							return true
						})
					}
				}
				return count
			}
			before, after := holders(cv), holders(kept)
			for p := range before {
				if after[p] == 0 {
					t.Fatalf("position %v held by %d cubes of %d, by none of the %d kept", p, before[p], len(cv), len(kept))
				}
			}
			for i, c := range kept {
				alone := false
				for p, n := range holders([]format.Cube{c}) {
					if n > 0 && after[p] == 1 {
						alone = true
					}
				}
				if !alone {
					t.Errorf("kept cube %d of %d (%+v) is held by the others", i, len(kept), c)
				}
			}
			// kept keeps cv's order.
			j := 0
			for _, c := range cv {
				if j < len(kept) && kept[j] == c {
					j++
				}
			}
			if j != len(kept) {
				t.Errorf("kept is not a subsequence of cv")
			}
		})
	}
}

// positions calls visit with each position of c, a cube over a slice's own index of
// bits bits, one at a time (the plain walk that holders.each does a word at a time),
// until visit returns false; it reports whether visit never did.
func positions(c format.Cube, bits int, visit func(y uint32) bool) bool {
	free := ^c.Mask & (uint32(1)<<uint(bits) - 1)
	base := c.Bits &^ free
	for y := free; ; y = (y - 1) & free {
		if !visit(base | y) {
			return false
		}
		if y == 0 {
			return true
		}
	}
}
