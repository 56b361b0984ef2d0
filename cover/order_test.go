package cover

import (
	"math/rand/v2"
	"testing"
)

// caRandomSet returns a set of size elements, each present with probability
// about density/8.
func caRandomSet(r *rand.Rand, size, density int) Set {
	s := NewSet(size)
	for e := 0; e < size; e++ {
		if r.IntN(8) < density {
			s.Insert(e)
		}
	}
	return s
}

func caSign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// The comparators must agree with 2.3's reading of sets as 32-bit words from
// the last word down: compareWords32 with ascending false.
func TestComparatorsRead32BitWordsFromTheTop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{5, 32, 40, 64, 65, 100, 130, 200} {
		mask := caRandomSet(r, size, 2)
		for n := 0; n < 300; n++ {
			a, b := caRandomSet(r, size, 4), caRandomSet(r, size, 4)
			if n%5 == 0 {
				b.Copy(a)
				b.Remove(r.IntN(size))
			}
			a.PutSize(r.IntN(3))
			b.PutSize(r.IntN(3))
			words := compareWords32(a, b, false)
			bySize := caSign(a.Size() - b.Size())
			tests := []struct {
				name      string
				got, want int
			}{
				{"lexOrder", lexOrder(a, b), -words},
				{"Descend", Descend(a, b), map[bool]int{true: -bySize, false: -words}[bySize != 0]},
				{"Ascend", Ascend(a, b), map[bool]int{true: bySize, false: words}[bySize != 0]},
				{"descendNilLast", descendNilLast(a, b), Descend(a, b)},
			}
			am, bm := NewSet(size), NewSet(size)
			am.Or(a, mask)
			bm.Or(b, mask)
			tests = append(tests, struct {
				name      string
				got, want int
			}{"d1Order", d1Order(mask)(a, b), -compareWords32(am, bm, false)})
			for _, tc := range tests {
				if tc.got != tc.want {
					t.Fatalf("size %d: %s(%s, %s) = %d, want %d", size, tc.name, a, b, tc.got, tc.want)
				}
			}
		}
	}
}

func TestDesc1Nil(t *testing.T) {
	s := NewSet(10)
	tests := []struct {
		a, b Set
		want int
	}{
		{nil, nil, 0}, {nil, s, 1}, {s, nil, -1}, {s, s, 0},
	}
	for _, tc := range tests {
		if got := descendNilLast(tc.a, tc.b); got != tc.want {
			t.Errorf("descendNilLast(%v, %v) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
