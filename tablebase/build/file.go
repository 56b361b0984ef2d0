package build

// This file gives the builder's users the table model and the file format, which the
// probe (package tablebase) reads through the same internal package.

import (
	"io"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/internal/format"
)

// Table is one material's win/draw/loss table as a decision list, as Build returns it
// and a table file holds it: a stored position in Covers[0] has the value Order[0];
// otherwise one in Covers[1] has Order[1]; otherwise it has Order[2]. Order is a
// permutation of chess.Win, chess.Draw and chess.Loss, for the side to move; Material
// and Symmetry say which positions are stored. Covers[1] may hold positions of Covers[0]
// (they were don't-cares when it was minimized). Table.Lookup returns the value of a
// stored position's index.
type Table = format.Table

// Cube is a product term over the index bits of a material's positions, in the paper's
// encoding (package chess: the side to move, then six bits per piece): position x lies
// in the cube when x&Mask == Bits. A bit outside Mask is free ('-').
type Cube = format.Cube

// Symmetry says which positions a table stores: the others are don't-cares when it is
// built, and the probe maps them onto stored ones.
type Symmetry = format.Symmetry

const (
	// BoardSymmetry: only the representative of each class of chess.Canonical is stored
	// (8 board symmetries without pawns, the left-right mirror with pawns).
	BoardSymmetry = format.BoardSymmetry
	// ColourSymmetry: both sides have the same material and only positions with White to
	// move are stored; a position with Black to move is probed as its colour-swapped,
	// vertically mirrored twin with White to move.
	ColourSymmetry = format.ColourSymmetry
	// PieceSymmetry: of the orders of identical pieces (the two white rooks of KRRvKR)
	// only the one with their squares ascending is stored; the probe sorts them.
	PieceSymmetry = format.PieceSymmetry
)

// FileExt is the extension of a table file: DIR/KQvKR.tbc holds the table of KQvKR.
const FileExt = format.FileExt

// FileName returns the name of material m's table file, as Syzygy names its files.
func FileName(m chess.Material) string { return format.FileName(m) }

// Encode writes t to w in the table file format (docs/FORMAT.md).
func Encode(w io.Writer, t *Table) error { return format.Encode(w, t) }

// WriteFile writes t to path atomically: path holds either the whole table or what it
// held before.
func WriteFile(path string, t *Table) error { return format.WriteFile(path, t) }

// ReadFile reads and checks the table file at path: a file that is truncated, corrupted
// or not a table file, or whose name (when it ends in FileExt) is not its material's, is
// an error naming the file, never a wrong table.
func ReadFile(path string) (*Table, error) { return format.ReadFile(path) }

// Decode reads a table written by Encode. A file that is truncated, corrupted or not a
// table file is an error, never a wrong table.
func Decode(r io.Reader) (*Table, error) { return format.Decode(r) }
