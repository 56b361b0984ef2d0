// Package format is the model and the file format of the chess endgame tables: package
// tablebase/builder writes the tables through it, package tablebase probes them through
// it, and docs/FORMAT.md gives the layout byte by byte. This is the one description of
// the model; the other packages and documents point here.
//
// # Model
//
// A Table holds one material's win/draw/loss values for the side to move over the index
// bits of package chess's encoding (the side to move, then six bits per piece; see
// chess.Material), as a decision list of two covers: a position in the first cover has
// the first value, else one in the second cover the second value, else the third.
// Only some positions are stored: under BoardSymmetry the representative of each class
// of chess.Canonical, under ColourSymmetry (both sides with the same pieces) those with
// White to move, under PieceSymmetry (a side with two or more pieces of one kind) those
// whose identical pieces' squares ascend in the material's order. The others, and
// invalid and illegal positions, are don't-cares when the covers are minimized; a
// Canonicalizer maps a position onto the stored one that the builder stores and the
// probe looks up. A table may also be stored as slices, one decision list per square of
// the white king (Slice, JoinSlices): what a five-piece build's slices are before they are
// merged into one decision list (package tablebase/builder's Merge).
//
// # File
//
// One file a material, named as Syzygy names it (KQvKR.tbc, FileName): a header (magic,
// version, the material, the index encoding, the symmetries, the decision-list order),
// the two covers, and a CRC-32C of the whole file, so that a truncated or altered file
// is an error, never a wrong table. Each cover's cubes are sorted and range-coded digit
// by digit (free, 0 or 1) with adaptive binary contexts, in the order of the index
// fields that codes that cover smallest; a sliced table (version 2) holds each slice's
// covers so. Encode and Decode write and read it, WriteFile (atomic) and ReadFile a file.
package format
