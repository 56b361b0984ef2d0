// Package tablebase answers probes of chess endgame tables: the win, draw or loss of an
// endgame position for the side to move, read without search from tables stored as
// minimized covers (package tablebase/builder writes them; docs/FORMAT.md gives
// their layout).
//
//	tb, err := tablebase.Open("tables")
//	...
//	v, err := tb.ProbeFEN("8/8/8/4k3/8/8/8/KQ6 w - - 0 1") // tablebase.Win
//
// # Values
//
// A WDL has the numbers of Syzygy's probing code: Loss −2, Draw 0, Win 2, for the side to
// move. The tables hold the values of chess without the fifty-move rule: a win is a win
// however many moves it takes, so Syzygy's cursed win and blessed loss (1 and −1) never
// occur. Bare kings are a draw without a table.
//
// # Errors
//
// A probe that cannot answer returns a *PositionError: the position's FEN, the reason,
// and one of the sentinels ErrIllegal (a FEN that does not parse, or a position that is
// not legal), ErrNoTable (no table of the position's material in the directory),
// ErrCorrupt (the material's table file is bad) or ErrClosed (a probe after Close), which
// errors.Is tells apart. A probe never guesses: a truncated or altered table file is an
// error, not a wrong answer.
//
// # Model
//
// A directory holds one file a material (KQvKR.tbc, one per colour pair, most as Syzygy
// stores them, some five-piece ones as their colour twin: KBvKQQ.tbc for KQQvKB). A
// table holds one material's values as a decision list of two covers over package
// chess's index, for the positions stored under the table's symmetries: package
// tablebase/format describes this model.
//
// A probe checks that the position is legal (one king a side, no pawn on the first or
// eighth rank, the side not to move not in check, an en passant square that a double
// push explains), finds the material's table or its colour-swapped twin's (KRvKQ is read
// in KQvKR's table with the colours swapped, the ranks mirrored and the other side to
// move), applies the colour symmetry (Black to move: the same swap) and then the board's
// and the pieces' symmetries (the smallest index of the class), and looks the index up
// in a trie over the index's rows and files, whose nodes hold the few cubes that can
// contain it.
//
// Open only lists the directory. A table file is read, checked (its CRC-32C, its header,
// its name against its material) and decoded by the first probe of its material, once
// however many goroutines probe at the same time; a bad file fails the probes of its
// material alone, with ErrCorrupt and the file's name. A table's first probes scan its
// covers; the top of the trie is built once the table has answered a few dozen, and
// each region below it once it has answered a few hundred (a small region is scanned
// for good). Preload does the reading and the top of every trie at once, for a program
// that calls it from a goroutine of its own soon after Open. A Tablebase is safe for
// concurrent use.
//
// # Moves and the set
//
// Position.LegalMoves, Play, SAN and Move.UCI give a position's legal moves, the position
// after each and their names, with check, checkmate and stalemate taken from the position
// after the move; a probe of each is what `tablebase probe --moves` and the server's
// /standard answer. MaxPieces (Fathom's TB_LARGEST) and Materials say what a directory
// holds without reading a table; Reopen lists it again and reads the files replaced or
// repaired since Open, keeping the others; Close releases the tables (Fathom's tb_free).
//
// # Captures resolved
//
// A Tablebase answers without search by default: every table holds every stored
// position's value. Syzygy's tables may store, where a capture attains a position's
// value, any value not above it, and leave the captures to the prober; a table built so
// (format.CapturesResolved) is answered only by a Tablebase opened with
// OpenWith(dir, Options{ResolveCaptures: true}), and refused with ErrCapturesResolved by
// one opened search-free. With ResolveCaptures a position's value is the better of its
// stored value and its captures' (capture-promotions included), the position after each
// capture answered the same way, as Fathom's probe_ab does it: an alpha-beta search
// over the captures, bounded by the pieces, that starts from the stored value and stops
// at a win. The tables the captures lead to must be in the directory. An exact table
// answers the same either way, at the search's cost (docs/CHESS.md measures it).
//
// # En passant
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
