package builder

import (
	"fmt"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// check compares the decision list of order and covers, over bits index bits, with the
// classes of every stored position of cls and returns an error naming the first position
// whose value in it its class does not allow. It marks the positions of each cover in a bit set (coveredSet)
// instead of asking every cube for each position.
func check(order [3]chess.Status, covers [2][]format.Cube, cls []class, bits int) error {
	sets := [2][]uint64{coveredSet(covers[0], bits), coveredSet(covers[1], bits)}
	bad := 0
	var first uint32
	var want, got chess.Status
	for x, c := range cls {
		if c == dontCare {
			continue
		}
		v := order[2]
		switch {
		case sets[0][x>>6]>>(x&63)&1 != 0:
			v = order[0]
		case sets[1][x>>6]>>(x&63)&1 != 0:
			v = order[1]
		}
		if c.allowed()&(1<<classOf(v)) == 0 {
			if bad == 0 {
				first, want, got = uint32(x), c.status(), v
			}
			bad++
		}
	}
	if bad > 0 {
		return fmt.Errorf("check: %d stored positions differ from the retrograde values, the first index %d: table %v, retrograde %v",
			bad, first, got, want)
	}
	return nil
}

// coveredSet returns the set of positions (indices of bits bits) lying in a cube of cubes,
// as a bit set. It walks the index bits from the most significant down, keeping the cubes
// that contain the current prefix, and marks a whole range as soon as one cube holds all
// of it.
func coveredSet(cubes []format.Cube, bits int) []uint64 {
	set := make([]uint64, (1<<bits+63)/64)
	scratch := make([][]format.Cube, bits+1)
	var walk func(cs []format.Cube, prefix uint32, depth int)
	walk = func(cs []format.Cube, prefix uint32, depth int) {
		low := uint32(1)<<uint(bits-depth) - 1
		for _, c := range cs {
			if c.Mask&low == 0 {
				markRange(set, prefix<<uint(bits-depth), bits-depth)
				return
			}
		}
		bit := uint32(1) << uint(bits-depth-1)
		for v := uint32(0); v < 2; v++ {
			sub := scratch[depth+1][:0]
			for _, c := range cs {
				if c.Mask&bit == 0 || c.Bits&bit == v*bit {
					sub = append(sub, c)
				}
			}
			scratch[depth+1] = sub
			if len(sub) > 0 {
				walk(sub, prefix<<1|v, depth+1)
			}
		}
	}
	if len(cubes) > 0 {
		walk(cubes, 0, 0)
	}
	return set
}

// markRange sets the 2^width bits of set from lo on (lo a multiple of 2^width).
func markRange(set []uint64, lo uint32, width int) {
	if width >= 6 {
		for w := lo >> 6; w < (lo>>6)+1<<uint(width-6); w++ {
			set[w] = ^uint64(0)
		}
		return
	}
	set[lo>>6] |= (uint64(1)<<(1<<uint(width)) - 1) << (lo & 63)
}
