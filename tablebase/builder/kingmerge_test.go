package builder

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/espresso-go/espresso/tablebase/format"
)

func TestFits(t *testing.T) {
	const bits = 8
	// ok holds every position but 0b1010_0101.
	ok := []uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	ok[0b1010_0101>>6] &^= 1 << (0b1010_0101 & 63)
	for _, tc := range []struct {
		c    format.Cube
		want bool
	}{
		{format.Cube{}, false},                                     // every position
		{format.Cube{Mask: 0xff, Bits: 0b1010_0101}, false},        // the one position
		{format.Cube{Mask: 0xff, Bits: 0b1010_0100}, true},         // its neighbour
		{format.Cube{Mask: 0x01, Bits: 0x01}, false},               // the odd positions
		{format.Cube{Mask: 0x01, Bits: 0x00}, true},                // the even ones
		{format.Cube{Mask: 0x80, Bits: 0x00}, true},                // the low half
		{format.Cube{Mask: 0x80 | 0x04, Bits: 0x80 | 0x04}, false}, // a high word, low bit 2 set
		{format.Cube{Mask: 0x80 | 0x40, Bits: 0x80 | 0x40}, true},  // the last word
	} {
		if got := newSummary(ok, bits).fits(tc.c); got != tc.want {
			t.Errorf("fits(%+v) = %v, want %v", tc.c, got, tc.want)
		}
	}
}

// TestFitsSummaries checks summary.fits, which tests a large cube on summaries of the
// words, against a test of each of the cube's positions, on random sets of 2^14
// positions whose words often hold most of a cube's pattern.
func TestFitsSummaries(t *testing.T) {
	const bits = 14
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 40 {
		ok := make([]uint64, 1<<bits/64)
		for w := range ok {
			switch rng.IntN(16) {
			case 0:
				ok[w] = ^(uint64(1) << uint(rng.IntN(64)))
			case 1:
				ok[w] = 0x5555_5555_5555_5555 // the even positions
			default:
				ok[w] = ^uint64(0)
			}
		}
		s := newSummary(ok, bits)
		for range 10 {
			c := format.Cube{Mask: rng.Uint32() & rng.Uint32() & (1<<bits - 1)}
			c.Bits = rng.Uint32() & c.Mask
			want := positions(c, bits, func(y uint32) bool { return ok[y>>6]>>(y&63)&1 != 0 })
			if got := s.fits(c); got != want {
				t.Fatalf("trial %d: fits(%+v) = %v, want %v", trial, c, got, want)
			}
		}
	}
}

func TestKingCubes(t *testing.T) {
	km := &kingMerge{subcubes: kingSubcubes()}
	// The table by its definition: the squares b|y for every y within m.
	for mask := range 64 {
		for base := range 64 {
			if base&mask != 0 {
				continue
			}
			var want uint64
			for y := range 64 {
				if y&^mask == 0 {
					want |= 1 << uint(base|y)
				}
			}
			if got := km.subcubes[mask][base]; got != want {
				t.Fatalf("subcubes[%d][%d] = %#x, want %#x", mask, base, got, want)
			}
		}
	}
	all := ^uint64(0)
	for _, tc := range []struct {
		from, allowed uint64
		want          []int // free bits and base of each cube, in pairs
	}{
		{1, 1, []int{0, 0}},
		{1 | 1<<9, all, []int{63, 0}},                             // everything allowed: one free field
		{1 | 1<<1, 1 | 1<<1, []int{1, 0}},                         // two neighbours: bit 0 free
		{1 | 1<<3, 1 | 1<<1 | 1<<2 | 1<<3, []int{3, 0}},           // a1 and d1 through b1 and c1
		{1 | 1<<3, 1 | 1<<3, []int{0, 0, 0, 3}},                   // not neighbours, nothing between
		{1<<5 | 1<<7, 0xf0, []int{3, 4}},                          // the subcube of 4..7 holds both
		{1<<8 | 1<<16, 1<<8 | 1<<16 | 1<<24, []int{16, 8, 8, 16}}, // 8 and 16 differ in bits 3 and 4: each with 24
		{1<<8 | 1<<16, 1 | 1<<8 | 1<<16 | 1<<24, []int{24, 0}},
	} {
		var got []int
		km.kingCubes(tc.from, tc.allowed, func(free, base int) { got = append(got, free, base) })
		held := uint64(0)
		for i := 0; i < len(got); i += 2 {
			set := km.subcubes[got[i]][got[i+1]]
			if set&^tc.allowed != 0 {
				t.Errorf("kingCubes(%#x, %#x): cube %d/%d holds squares not allowed", tc.from, tc.allowed, got[i], got[i+1])
			}
			held |= set
		}
		if held&tc.from != tc.from {
			t.Errorf("kingCubes(%#x, %#x) = %v: not every square held", tc.from, tc.allowed, got)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("kingCubes(%#x, %#x) = %v, want %v", tc.from, tc.allowed, got, tc.want)
		}
	}
}
