package tablebase

import (
	"github.com/espresso-go/espresso/chess"
)

// A class is what the builder knows of one position index: a don't-care (a position that
// is invalid, illegal, or not stored under the table's symmetries) or the value of a
// stored position.
type class uint8

const (
	dontCare class = iota
	classWin
	classDraw
	classLoss
)

// classOf maps the statuses of package chess onto classes.
func classOf(s chess.Status) class {
	switch s {
	case chess.Win:
		return classWin
	case chess.Draw:
		return classDraw
	case chess.Loss:
		return classLoss
	}
	return dontCare
}

// status is the inverse of classOf on the three values.
func (c class) status() chess.Status {
	return [...]chess.Status{dontCare: chess.Invalid, classWin: chess.Win, classDraw: chess.Draw, classLoss: chess.Loss}[c]
}

// classify returns the class of every position index of t under the symmetries sym.
func classify(t *chess.Table, sym Symmetry) []class {
	m := t.Material()
	n := m.NumPieces()
	cls := make([]class, t.Len())
	var canon *canonicalizer
	if sym&BoardSymmetry != 0 {
		canon = newCanonicalizer(m)
	}
	stmBit := 1 << (6 * n)
	for x := range cls {
		if sym&ColourSymmetry != 0 && x&stmBit != 0 {
			continue
		}
		c := classOf(t.Probe(x).Status)
		if c != dontCare && canon != nil && !canon.isRepresentative(uint32(x)) {
			c = dontCare
		}
		cls[x] = c
	}
	return cls
}

// canonicalizer decides whether a position is the representative of its class under the
// board symmetries chess.Canonical uses (the smallest index of the class), without the
// allocation chess.Canonical makes per call.
type canonicalizer struct {
	n  int
	sq [][64]uint8 // sq[t-1][s]: square s under transform t (t = 1..count-1)
}

// newCanonicalizer returns the canonicalizer of material m: with pawns only the
// left-right mirror applies, without them the eight symmetries of the board.
func newCanonicalizer(m chess.Material) *canonicalizer {
	count := 8
	if m.HasPawns() {
		count = 2
	}
	c := &canonicalizer{n: m.NumPieces(), sq: make([][64]uint8, count-1)}
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

// isRepresentative reports whether no transform maps x to a smaller index: the fields
// are compared from the most significant (the white king) down, and the side to move
// is never changed.
func (c *canonicalizer) isRepresentative(x uint32) bool {
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
