package builder

import (
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
	if !h.each(format.Cube{}, 1<<3, func(king int, i uint32) bool {
		ranks = append(ranks, i)
		return king == 3
	}) {
		t.Fatal("each stopped")
	}
	slices.Sort(ranks)
	if !slices.Equal(ranks, []uint32{0, 1, 2, 3}) {
		t.Errorf("each visits the ranks %v, want 0 to 3", ranks)
	}
	// Position 5 alone (Bits 5, every bit fixed): rank 2.
	h.each(format.Cube{Bits: 5, Mask: 63}, 1<<3, func(_ int, i uint32) bool {
		if i != 2 {
			t.Errorf("position 5 has rank %d, want 2", i)
		}
		return true
	})
	visits := 0
	if h.each(format.Cube{}, 1<<3, func(int, uint32) bool { visits++; return false }) || visits != 1 {
		t.Errorf("each went on after a visit returned false (%d visits)", visits)
	}
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
