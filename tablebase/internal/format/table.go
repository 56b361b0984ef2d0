package format

import "github.com/espresso-go/espresso/chess"

// Cube is a product term over the index bits of a material's positions, in the paper's
// encoding (package chess: the side to move, then six bits per piece): position x lies in
// the cube when x&Mask == Bits. A bit outside Mask is free ('-').
type Cube struct{ Mask, Bits uint32 }

// Contains reports whether position index x lies in the cube.
func (c Cube) Contains(x uint32) bool { return x&c.Mask == c.Bits }

// Symmetry says which positions a table stores: the others are don't-cares when it is
// built, and the probe maps them onto stored ones.
type Symmetry uint8

const (
	// BoardSymmetry: only the representative of each class of chess.Canonical is stored
	// (8 board symmetries without pawns, the left-right mirror with pawns).
	BoardSymmetry Symmetry = 1 << iota
	// ColourSymmetry: both sides have the same material and only positions with White to
	// move are stored; a position with Black to move is probed as its colour-swapped,
	// vertically mirrored twin with White to move. ColourSymmetry is applied before
	// BoardSymmetry.
	ColourSymmetry
)

// Table is one material's win/draw/loss table as a decision list: a stored position in
// Covers[0] has the value Order[0]; otherwise one in Covers[1] has Order[1]; otherwise it
// has Order[2]. Order is a permutation of chess.Win, chess.Draw and chess.Loss, for the
// side to move. Covers[1] may hold positions of Covers[0] (they were don't-cares when it
// was minimized).
type Table struct {
	Material chess.Material
	Symmetry Symmetry
	Order    [3]chess.Status
	Covers   [2][]Cube
}

// Lookup returns the value of stored position x (after the symmetries are applied).
func (t *Table) Lookup(x uint32) chess.Status {
	for i, cv := range t.Covers {
		for _, c := range cv {
			if c.Contains(x) {
				return t.Order[i]
			}
		}
	}
	return t.Order[2]
}
