package format

// This file maps a position index onto the representative of its class under a table's
// symmetries (the board's, the identical pieces' orders), for the builder (which stores
// only representatives) and the probe.

import "github.com/espresso-go/espresso/chess"

// A Canonicalizer decides whether a position is the representative of its class under
// the board symmetries chess.Canonical uses and, with PieceSymmetry, the orders of
// identical pieces (the smallest index of the class), without the allocation
// chess.Canonical makes per call.
type Canonicalizer struct {
	l  chess.Layout
	sq [][64]uint8 // sq[t-1][s]: square s under transform t (t = 1..count-1)
	// groups holds, for each set of two or more identical pieces, the shifts of their
	// fields in the index, most significant first.
	groups [][]uint
}

// NewCanonicalizer returns the Canonicalizer of material m under sym's BoardSymmetry and
// PieceSymmetry (ColourSymmetry is the caller's): with pawns the board has only the
// left-right mirror, without them its eight symmetries.
func NewCanonicalizer(m chess.Material, sym Symmetry) *Canonicalizer {
	c := &Canonicalizer{l: m.Layout()}
	if sym&BoardSymmetry != 0 {
		count := 8
		if m.HasPawns() {
			count = 2
		}
		c.sq = make([][64]uint8, count-1)
		for t := 1; t < count; t++ {
			for s := range 64 {
				c.sq[t-1][s] = uint8(chess.TransformSquare(t, s))
			}
		}
	}
	if sym&PieceSymmetry != 0 {
		c.groups = identicalPieces(m)
	}
	return c
}

// identicalPieces returns the shifts of the fields of each set of two or more identical
// pieces (same kind and colour) of m, most significant first.
func identicalPieces(m chess.Material) [][]uint {
	var groups [][]uint
	done := make([]bool, m.NumPieces())
	for i, p := range m.Pieces {
		if done[i] {
			continue
		}
		var g []uint
		for j := i; j < m.NumPieces(); j++ {
			if m.Pieces[j] == p {
				g = append(g, m.Layout().Shift(j))
				done[j] = true
			}
		}
		if len(g) > 1 {
			groups = append(groups, g)
		}
	}
	return groups
}

// HasIdenticalPieces reports whether m has two or more pieces of one kind and colour,
// the pieces PieceSymmetry orders.
func HasIdenticalPieces(m chess.Material) bool { return len(identicalPieces(m)) > 0 }

// IsRepresentative reports whether x is the smallest index of its class.
func (c *Canonicalizer) IsRepresentative(x uint32) bool {
	if len(c.groups) > 0 {
		return c.sorted(x) && c.Canonical(x) == x
	}
	// Without identical pieces the first field a transform changes decides: the fields
	// are compared from the most significant (the white king) down, and the side to move
	// is never changed.
	for _, sq := range c.sq {
		for j := range c.l.Pieces() {
			s := uint8(c.l.Square(x, j))
			if img := sq[s]; img != s {
				if img < s {
					return false
				}
				break
			}
		}
	}
	return true
}

// Canonical returns the representative of x's class: the smallest of x's images under
// the board transforms with the identical pieces' squares sorted, the fields compared
// from the most significant (the white king) down; the side to move is kept. It does
// not allocate.
func (c *Canonicalizer) Canonical(x uint32) uint32 {
	best := c.sort(x)
	l := c.l
	for _, sq := range c.sq {
		// The image's white king decides unless it equals the best image's (the kings
		// are never among the identical pieces).
		if int(sq[l.Square(x, 0)]) > l.Square(best, 0) {
			continue
		}
		y := x >> l.StmShift() << l.StmShift() // the side to move
		for j := range l.Pieces() {
			y |= uint32(sq[l.Square(x, j)]) << l.Shift(j)
		}
		best = min(best, c.sort(y))
	}
	return best
}

// sort returns x with the squares of each set of identical pieces in ascending order
// over their fields, most significant first: the smallest index of x's orders.
func (c *Canonicalizer) sort(x uint32) uint32 {
	for _, g := range c.groups {
		// Insertion sort: a set holds at most three pieces (chess.MaxPieces).
		for i := 1; i < len(g); i++ {
			for j := i; j > 0; j-- {
				hi, lo := x>>g[j-1]&63, x>>g[j]&63
				if hi <= lo {
					break
				}
				x = x&^(63<<g[j-1]|63<<g[j]) | lo<<g[j-1] | hi<<g[j]
			}
		}
	}
	return x
}

// sorted reports whether sort(x) == x.
func (c *Canonicalizer) sorted(x uint32) bool {
	for _, g := range c.groups {
		for i := 1; i < len(g); i++ {
			if x>>g[i-1]&63 > x>>g[i]&63 {
				return false
			}
		}
	}
	return true
}

// Least returns the smallest image of square s under the board transforms: under
// BoardSymmetry the white king of a class's representative (the smallest index of the
// class) stands on the smallest image of its square.
func (c *Canonicalizer) Least(s int) int {
	least := uint8(s)
	for _, sq := range c.sq {
		least = min(least, sq[s])
	}
	return int(least)
}
