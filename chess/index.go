package chess

// This file owns the layout of the position index (the package documentation's Model):
// every shift and mask over an index, in this package and in the tablebase's, is one of
// Layout's methods.

// SquareBits is the number of index bits of one piece's square (a8 = 0 ... h1 = 63).
const SquareBits = 6

// squareMask keeps one square's bits.
const squareMask = 1<<SquareBits - 1

// Layout is the layout of the position index of a material of n pieces, Layout(n): the
// side to move (1 = Black) in bit 6n, above the pieces' squares, six bits a piece in the
// material's order, the white king's the most significant. A slice of a table is the
// positions with the white king on one square; its own index (SliceBits bits) is the
// side to move above the other pieces' squares.
type Layout uint8

// Layout returns the layout of m's position index.
func (m Material) Layout() Layout { return Layout(len(m.Pieces)) }

// Pieces returns the number of pieces of the layout.
func (l Layout) Pieces() int { return int(l) }

// Bits returns the number of bits of an index: 1 + 6n.
func (l Layout) Bits() int { return 1 + SquareBits*int(l) }

// StmShift returns the position of the side-to-move bit.
func (l Layout) StmShift() uint { return SquareBits * uint(l) }

// Shift returns the position of the lowest bit of piece j's square.
func (l Layout) Shift(j int) uint { return SquareBits * (uint(l) - 1 - uint(j)) }

// Square returns the square of piece j in index x.
func (l Layout) Square(x uint32, j int) int { return int(x >> l.Shift(j) & squareMask) }

// SideToMove returns the side to move of index x.
func (l Layout) SideToMove(x uint32) Colour { return Colour(x >> l.StmShift() & 1) }

// Index returns the index of the position with stm to move and piece j on squares[j]:
// squares holds one square (0 to 63) a piece.
func (l Layout) Index(stm Colour, squares []int) uint32 {
	x := uint32(stm)
	for _, s := range squares {
		x = x<<SquareBits | uint32(s)
	}
	return x
}

// SliceBits returns the number of bits of a slice's own index: the side to move, then
// the other pieces than the white king.
func (l Layout) SliceBits() int { return l.Bits() - SquareBits }

// SliceRange returns the indices [lo, hi) of the positions with stm to move and the white
// king on square king: one side to move's half of a slice.
func (l Layout) SliceRange(stm Colour, king int) (lo, hi int) {
	lo = int(stm)<<l.StmShift() | king<<l.Shift(0)
	return lo, lo + 1<<l.Shift(0)
}

// ToSlice returns index x over its slice's own index (the white king's square dropped).
// Applied to a cube's mask and bits it gives the cube over the slice's index.
func (l Layout) ToSlice(x uint32) uint32 {
	ks := l.Shift(0)
	return x>>(ks+SquareBits)&1<<ks | x&(1<<ks-1)
}

// FromSlice is the inverse of ToSlice for the slice with the white king on king; with king
// 63 it maps a cube's mask (the white king's square then fixed).
func (l Layout) FromSlice(y uint32, king int) uint32 {
	ks := l.Shift(0)
	return y>>ks&1<<(ks+SquareBits) | uint32(king)<<ks | y&(1<<ks-1)
}
