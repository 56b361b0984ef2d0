// Package build builds the chess endgame tables that package tablebase probes, and
// writes them in the table file format.
//
// # Model
//
// A Table holds one material's win/draw/loss values for the side to move over the index
// bits of package chess's encoding (the side to move, then six bits per piece), as a
// decision list of two covers: a position in the first cover has the first value, else
// one in the second cover the second value, else the third. Only some positions are
// stored: under BoardSymmetry the representative of each class of chess.Canonical, under
// ColourSymmetry (both sides with the same pieces) those with White to move, under
// PieceSymmetry (a side with two or more pieces of one kind) those whose identical pieces'
// squares ascend in the material's order; the others,
// and invalid and illegal positions, are don't-cares when the covers are minimized.
//
// # Build
//
// A Builder solves a material with package chess and gives each position index a class:
// a don't-care (invalid, illegal, or not stored under the table's symmetries: always
// BoardSymmetry, ColourSymmetry where both sides have the same pieces, PieceSymmetry where
// a side has identical pieces) or the win,
// draw or loss of a stored position. The positions of each class become one cover over
// the index bits (one input variable a bit, one output): the aligned blocks of
// consecutive indices of that class, compacted as the paper compacts a truth table.
//
// Each value v then has a first cover: v's positions as the ON-set, the other two values'
// as the OFF-set, the don't-cares as the DC-set, minimized in the process by package
// minimize as espresso -ecompact -efast does (EXPAND, IRREDUNDANT, MAKE_SPARSE), or by
// the whole ESPRESSO loop with Options.Full. The value whose first cover has the most
// cubes is left for the rest (Order[2]), the one with the fewest comes first, and the
// other's cover is minimized again with the first cover's cubes in its DC-set: those
// positions never reach it. Before Build returns the table, every stored position's
// value in it is compared with the retrograde analysis's.
//
// # Slices
//
// A table of five pieces (2^31 positions) is built as slices instead: BuildSlice takes
// the positions with the white king on one square, a 4-piece-sized problem of 2^25
// positions whose values it reads from a function (a values file's range, package chess),
// and builds their decision list over the other pieces' squares and the side to move as
// Build does a table's, then checks every stored position of the slice. JoinSlices joins
// the slices into one Table (Table.Slices); package tablebase/plan makes a build a plan of
// such jobs.
//
// # File format
//
// One file a material, named as Syzygy names it (KQvKR.tbc, FileName): a header (magic,
// version, the material, the index encoding, the symmetries, the decision-list order),
// the two covers, and a CRC-32C of the whole file, so that a truncated or altered file
// is an error, never a wrong table. Each cover's cubes are sorted and range-coded digit
// by digit (free, 0 or 1) with adaptive binary contexts, in the order of the index fields
// that codes that cover smallest; a sliced table (version 2) holds each slice's covers
// so. docs/FORMAT.md gives the layout byte by byte. Encode,
// Decode, WriteFile (atomic) and ReadFile read and write it; the coder lives in an
// internal package that package tablebase's probe reads the files through too.
package build
