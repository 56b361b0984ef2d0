// Package tablebase stores chess endgame win/draw/loss tables as minimized covers and
// answers probes from them without search.
//
// The model, the build and the file format are documented as they are written; see
// Table for the in-memory form both the builder and the reader share.
//
// # Build
//
// A Builder solves a material with package chess and gives each position index a class:
// a don't-care (invalid, illegal, or not stored under the table's symmetries: always
// BoardSymmetry, and ColourSymmetry where both sides have the same pieces) or the win,
// draw or loss of a stored position. The positions of each class become one cover over
// the index bits (one input variable a bit, one output): the aligned blocks of
// consecutive indices of that class, compacted as the paper compacts a truth table.
//
// Each value v then has a first cover: v's positions as the ON-set, the other two values'
// as the OFF-set, the don't-cares as the DC-set, minimized in the process by package
// minimize as espresso -ecompact -efast does (EXPAND, IRREDUNDANT, MAKE_SPARSE), or by
// the whole ESPRESSO loop with BuildOptions.Full. The value whose first cover has the
// most cubes is left for the rest (Order[2]), the one with the fewest comes first, and
// the other's cover is minimized again with the first cover's cubes in its DC-set: those
// positions never reach it. Before Build returns the table, every stored position's
// value in it is compared with the retrograde analysis's.
package tablebase
