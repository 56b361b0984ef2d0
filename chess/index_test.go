package chess

import "testing"

// TestLayout: an index's fields read back as written, a slice's range holds the indices
// of its king and side to move, and a slice's own index maps back to the index.
func TestLayout(t *testing.T) {
	for _, tc := range []struct {
		stm     Colour
		squares []int
		want    uint32
	}{
		{White, []int{0, 63, 9}, 0<<12 | 63<<6 | 9},
		{Black, []int{4, 60, 12, 52}, 1<<24 | 4<<18 | 60<<12 | 12<<6 | 52},
		{Black, []int{63, 0, 1, 2, 3}, 1<<30 | 63<<24 | 0<<18 | 1<<12 | 2<<6 | 3},
	} {
		l := Layout(len(tc.squares))
		x := l.Index(tc.stm, tc.squares)
		if x != tc.want || l.SideToMove(x) != tc.stm || x>>l.Bits() != 0 {
			t.Errorf("Index(%v, %v) = %#o, want %#o", tc.stm, tc.squares, x, tc.want)
		}
		for j, s := range tc.squares {
			if got := l.Square(x, j); got != s {
				t.Errorf("%v: Square(%d) = %d, want %d", tc.squares, j, got, s)
			}
		}
		lo, hi := l.SliceRange(tc.stm, tc.squares[0])
		if int(x) < lo || int(x) >= hi || hi-lo != 1<<(l.SliceBits()-1) {
			t.Errorf("%v: SliceRange = [%d, %d), not around %d with %d bits", tc.squares, lo, hi, x, l.SliceBits()-1)
		}
		y := l.ToSlice(x)
		if y>>l.SliceBits() != 0 || l.FromSlice(y, tc.squares[0]) != x {
			t.Errorf("%v: ToSlice = %#o, FromSlice back %#o, want %#o", tc.squares, y, l.FromSlice(y, tc.squares[0]), x)
		}
	}
	if m := MustParseMaterial("KRvKP"); m.Layout().Bits() != m.Inputs() || m.Layout().Pieces() != 4 {
		t.Errorf("KRvKP: %d bits, %d pieces", m.Layout().Bits(), m.Layout().Pieces())
	}
}
