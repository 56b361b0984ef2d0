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
	// PieceSymmetry: of the orders of a material's identical pieces (same kind and colour,
	// as the two white rooks of KRRvKR) only one is stored, their squares ascending in the
	// material's order; the probe sorts them. With BoardSymmetry it makes one class of the
	// board's images and the pieces' orders, whose representative is its smallest index.
	PieceSymmetry
	// CapturesResolved: the table is built for a probe that resolves captures one ply
	// deep, as Syzygy's does. At a stored position where a capture attains the position's
	// value any value not above it may be stored (chess.LowestStored), so the position's
	// value is the better of the stored value and the captures' values, each probed the
	// same way. It changes no other bit's meaning and which positions are stored.
	CapturesResolved
)

// Table is one material's win/draw/loss table as a decision list: a stored position in
// Covers[0] has the value Order[0]; otherwise one in Covers[1] has Order[1]; otherwise it
// has Order[2]. Order is a permutation of chess.Win, chess.Draw and chess.Loss, for the
// side to move. Covers[1] may hold positions of Covers[0] (they were don't-cares when it
// was minimized).
//
// A sliced table (one of five pieces, or of fewer built so) holds Slices instead, one
// decision list per square of the white king, in the order of the squares, and neither
// Order nor Covers.
type Table struct {
	Material chess.Material
	Symmetry Symmetry
	Order    [3]chess.Status
	Covers   [2][]Cube
	Slices   []Slice
}

// Lookup returns the value of stored position x (after the symmetries are applied), or
// chess.Invalid when t is sliced and has no slice for x's white king.
func (t *Table) Lookup(x uint32) chess.Status {
	order, covers := t.Order, t.Covers
	if len(t.Slices) > 0 {
		s := t.SliceOf(t.Material.Layout().Square(x, 0))
		if s == nil {
			return chess.Invalid
		}
		order, covers = s.Order, s.Covers
	}
	for i, cv := range covers {
		for _, c := range cv {
			if c.Contains(x) {
				return order[i]
			}
		}
	}
	return order[2]
}
