package format

// This file maps a position index onto the representative of its class under the board
// symmetries, for the builder (which stores only representatives) and the probe.

import "github.com/espresso-go/espresso/chess"

// A Canonicalizer decides whether a position is the representative of its class under the
// board symmetries chess.Canonical uses (the smallest index of the class), without the
// allocation chess.Canonical makes per call.
type Canonicalizer struct {
	n  int
	sq [][64]uint8 // sq[t-1][s]: square s under transform t (t = 1..count-1)
}

// NewCanonicalizer returns the Canonicalizer of material m: with pawns only the
// left-right mirror applies, without them the eight symmetries of the board.
func NewCanonicalizer(m chess.Material) *Canonicalizer {
	count := 8
	if m.HasPawns() {
		count = 2
	}
	c := &Canonicalizer{n: m.NumPieces(), sq: make([][64]uint8, count-1)}
	for t := 1; t < count; t++ {
		for s := range 64 {
			c.sq[t-1][s] = uint8(transformSquare(m, t, s))
		}
	}
	return c
}

// transformSquare returns square s under board transform t of chess.Transform, read off
// chess.Transform itself applied to a position whose first piece stands on s.
func transformSquare(m chess.Material, t, s int) int {
	shift := 6 * (m.NumPieces() - 1)
	return chess.Transform(m, t, s<<shift) >> shift & 63
}

// IsRepresentative reports whether no transform maps x to a smaller index: the fields
// are compared from the most significant (the white king) down, and the side to move
// is never changed.
func (c *Canonicalizer) IsRepresentative(x uint32) bool {
	for _, sq := range c.sq {
		for j := 0; j < c.n; j++ {
			sh := uint(6 * (c.n - 1 - j))
			s := uint8(x >> sh & 63)
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

// Canonical returns the representative of x's class under chess.Canonical's symmetries:
// the smallest image of x, the fields compared from the most significant (the white king)
// down; the side to move is kept. It does not allocate.
func (c *Canonicalizer) Canonical(x uint32) uint32 {
	best := x
	top := uint(6 * (c.n - 1))
	for _, sq := range c.sq {
		// The image's white king decides unless it equals the best image's.
		if uint32(sq[x>>top&63]) > best>>top&63 {
			continue
		}
		y := x >> (top + 6) << (top + 6) // the side to move
		for sh := int(top); sh >= 0; sh -= 6 {
			y |= uint32(sq[x>>uint(sh)&63]) << uint(sh)
		}
		best = min(best, y)
	}
	return best
}

// Least returns the smallest image of square s under the transforms: under BoardSymmetry
// the white king of a class's representative (the smallest index of the class) stands on
// the smallest image of its square.
func (c *Canonicalizer) Least(s int) int {
	least := uint8(s)
	for _, sq := range c.sq {
		least = min(least, sq[s])
	}
	return int(least)
}
