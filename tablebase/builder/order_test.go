package builder

import (
	"math/bits"
	"testing"

	"github.com/espresso-go/espresso/tablebase/format"
)

// TestClearRest: a value is the rest without its first cover only when it takes the most
// blocks both alone and with the don't-cares joined to it. The classes are laid out on
// the parity of the index, which compaction cannot merge (one cube a position).
func TestClearRest(t *testing.T) {
	const inputs = 10
	const half = 1 << (inputs - 1)
	even := func(x int) bool { return bits.OnesCount(uint(x))%2 == 0 }
	for _, tc := range []struct {
		name string
		of   func(x int) class
		want class
	}{
		{"draws scattered", func(x int) class {
			switch {
			case even(x):
				return classDraw // 512 cubes
			case x < half:
				return classWin // 256
			}
			return classLoss // 256
		}, classDraw},
		{"wins simple with the don't-cares", func(x int) class {
			switch {
			case x < half && even(x):
				return classWin // 256 cubes, one with the don't-cares
			case x < half:
				return dontCare
			case x%4 == 0:
				return classDraw // one cube
			}
			return classLoss // two
		}, dontCare},
		{"no value twice another's", func(x int) class {
			switch {
			case even(x):
				return classDraw // 512
			case x%4 == 1:
				return classWin // 256
			}
			return classLoss // 256
		}, dontCare},
		{"one value", func(int) class { return classLoss }, classLoss},
	} {
		cls := make([]class, 1<<inputs)
		for x := range cls {
			cls[x] = tc.of(x)
		}
		k, err := newClassCovers(cls, inputs)
		if err != nil {
			t.Fatal(err)
		}
		if got := k.clearRest(); got != tc.want {
			t.Errorf("%s: clearRest = %v, want %v (cubes: win %d, draw %d, loss %d)", tc.name, got, tc.want,
				k.of[classWin].Count, k.of[classDraw].Count, k.of[classLoss].Count)
		}
	}
}

// TestOrdersClearRest: a clear rest comes last whatever its (unminimized, empty) first
// cover; the others by their first covers' cubes, the fewest first.
func TestOrdersClearRest(t *testing.T) {
	b := NewBuilder(Options{})
	var firsts [4][]format.Cube
	firsts[classWin] = make([]format.Cube, 5)
	firsts[classLoss] = make([]format.Cube, 3)
	got := b.orders(firsts, classDraw)
	if want := [3]class{classLoss, classWin, classDraw}; len(got) != 1 || got[0] != want {
		t.Errorf("orders = %v, want [%v]", got, want)
	}
}
