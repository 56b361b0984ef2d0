package tablebase

// canonical returns the representative of x's class under chess.Canonical's symmetries:
// the smallest image of x, the fields compared from the most significant (the white king)
// down; the side to move is kept. It does not allocate.
func (c *canonicalizer) canonical(x uint32) uint32 {
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
