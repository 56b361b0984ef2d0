package tablebase

import "github.com/espresso-go/espresso/chess"

// boardSym maps position indices to the representatives of chess.Canonical's classes (the
// smallest index under the board's symmetries: 8 without pawns, the left-right mirror with
// pawns), without allocating.
type boardSym struct {
	n     int
	count int          // the number of transforms, identity included
	sq    [8][64]uint8 // sq[t][s]: square s under transform t of chess.Transform
}

func newBoardSym(m chess.Material) *boardSym {
	b := &boardSym{n: m.NumPieces(), count: 8}
	if m.HasPawns() {
		b.count = 2
	}
	shift := 6 * (b.n - 1)
	for t := range b.count {
		for s := range 64 {
			// The image of a position whose first piece stands on s shows where t takes s.
			b.sq[t][s] = uint8(chess.Transform(m, t, s<<shift) >> shift & 63)
		}
	}
	return b
}

// canonical returns the representative of x's class: the smallest image of x, the fields
// compared from the most significant (the white king) down; the side to move is kept.
func (b *boardSym) canonical(x uint32) uint32 {
	best := x
	top := uint(6 * (b.n - 1))
	for t := 1; t < b.count; t++ {
		sq := &b.sq[t]
		// The image's white king decides unless it is equal to the best one's.
		if uint32(sq[x>>top&63]) > best>>top&63 {
			continue
		}
		y := x >> (top + 6) << (top + 6) // the side to move
		for sh := int(top); sh >= 0; sh -= 6 {
			y |= uint32(sq[x>>uint(sh)&63]) << uint(sh)
		}
		if y < best {
			best = y
		}
	}
	return best
}
