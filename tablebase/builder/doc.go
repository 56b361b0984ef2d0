// Package builder builds the chess endgame tables that package tablebase probes; they
// are written in package tablebase/format's file format.
//
// The tables' model (a decision list of two covers over package chess's index, and the
// symmetries under which positions are stored) and their file format are package
// tablebase/format's, which its documentation describes.
//
// # Build
//
// A Builder solves a material with package chess and gives each position index a class:
// a don't-care (invalid, illegal, or not stored under the table's symmetries: always
// format.BoardSymmetry, format.ColourSymmetry where both sides have the same pieces,
// format.PieceSymmetry where a side has identical pieces) or the win, draw or loss of a
// stored position. The positions of each class become one cover over
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
// and builds their decision list over the other pieces' squares and the side to move,
// then checks every stored position of the slice. Every slice of a table is built in one
// order, which SliceOrder chooses as Build would on one slice (the reference square's),
// so that the minimizations that choose it are made once a table, not once a slice.
//
// A cube that holds for the white king on several squares stands once in each of their
// slices, so Merge then lifts the slices' cubes into the whole index, where they already
// are a decision list of the table, and merges each cover: it frees the white king's bits
// of each cube where the values allow (the other bits are already as free as the cube's
// own slice allows), makes the cubes of one local part that stand in several slices as
// few cubes as cover them, and drops the cubes that the others now hold (IRREDUNDANT).
// The merged table is a whole one, checked at every stored position.
// format.JoinSlices joins slices without merging them (format version 2); package
// tablebase/plan makes a build a plan of such jobs.
package builder
