// Package tablebase stores chess endgame win/draw/loss tables as minimized covers and
// answers probes from them without search.
//
// # Model
//
// A table (Table) holds one material's values for the side to move — win, draw or loss —
// over the index bits of package chess's encoding (the side to move, then six bits per
// piece), as a decision list of two covers: a position in the first cover has the first
// value, else one in the second cover the second value, else the third. Only some
// positions are stored: under BoardSymmetry the representative of each class of
// chess.Canonical, under ColourSymmetry (both sides with the same pieces) those with
// White to move; the others, and invalid and illegal positions, were don't-cares when
// the covers were minimized. A probe maps every legal position onto a stored one.
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
//
// # File format
//
// One file a material, named as Syzygy names it (KQvKR.tbc, FileName): a header (magic,
// version, the material, the index encoding, the symmetries, the decision-list order),
// the two covers, and a CRC-32C of the whole file, so that a truncated or altered file
// is an error, never a wrong table. Each cover's cubes are sorted and range-coded digit
// by digit (free, 0 or 1) with adaptive binary contexts, in the order of the index fields
// that codes that cover smallest. docs/FORMAT.md gives the layout byte by byte. Encode,
// Decode, WriteFile (atomic) and ReadFile read and write it.
//
// # Probe
//
// Open reads every table file of a directory; Tablebase.Probe answers for a Position
// value, Tablebase.ProbeFEN for a FEN, with chess.Win, chess.Draw or chess.Loss for the
// side to move, without search. The probe checks that the position is legal (one king a
// side, no pawn on the first or eighth rank, the side not to move not in check, an en
// passant square that a double push explains), finds the material's table or its colour-
// swapped twin's (KRvKQ is read in KQvKR's table with the colours swapped, the ranks
// mirrored and the other side to move), applies ColourSymmetry (Black to move: the same
// swap) and then BoardSymmetry (the representative of chess.Canonical's class), and
// looks the index up in a trie over the index's rows and files, whose nodes hold the few
// cubes that can contain it. A Tablebase is read-only after Open and safe for concurrent
// use.
//
// The tables store positions without an en passant square. With one (a FEN whose en
// passant square a pawn of the side to move can use), the answer is the best over the
// legal moves, the en passant captures among them: each capture is looked up in the
// smaller table it leads to (which must be in the directory), and its value is taken
// when it is better than the position's stored value — or alone when the position has
// no other legal move, where the stored value would say stalemate or mate.
//
// Package chess computes the value of a double push as the better, for the opponent, of
// the position reached and its en passant captures, and where the captures are the
// opponent's only legal moves as the best capture's alone, the stored mate or stalemate
// being no move the opponent may choose: the stored tables and this probe agree. No such
// position exists with four pieces (TestOnlyEnPassantFourPieces checks every one of
// KPvKP, the only 4-piece material with a pawn a side); with five pieces some do
// (k1K5/8/8/8/4pP2/4B3/8/8 b - f3).
package tablebase
