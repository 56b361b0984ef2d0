package tablebase

import (
	"errors"
	"fmt"
)

// The errors a probe matches (errors.Is) besides those of the file system.
var (
	// ErrIllegal: the position is not a legal position of the tables: a FEN that does
	// not parse, castling rights, not one king a side, more than 16 pieces or 8 pawns a
	// side, a pawn on the first or eighth rank, the side not to move in check, an en passant square no double push explains.
	ErrIllegal = errors.New("illegal position")
	// ErrNoTable: the directory has no table for the position's material (nor for its
	// colour-swapped twin), or one en passant capture leads to.
	ErrNoTable = errors.New("no table")
	// ErrCorrupt: the table file of the position's material cannot be read, is truncated
	// or corrupted, or holds another material than its name says.
	ErrCorrupt = errors.New("bad table file")
	// ErrClosed: the Tablebase is closed (Close).
	ErrClosed = errors.New("tablebase closed")
	// ErrCapturesResolved: the table of the position's material was built with its
	// captures resolved (format.CapturesResolved), which only a Tablebase opened with
	// Options.ResolveCaptures answers.
	ErrCapturesResolved = errors.New("table needs its captures resolved")
)

// A PositionError is a position a probe cannot answer for and why, as go/scanner.Error is
// a place in a source and what is wrong there. Err is ErrIllegal, ErrNoTable, ErrCorrupt,
// ErrClosed or ErrCapturesResolved, so that errors.Is tells them apart; Reason says more.
type PositionError struct {
	FEN    string // the FEN given to ParseFEN or ProbeFEN, or Position.FEN of a Position
	Reason string // e.g. "pawn on a8", "KQvKQ", "DIR/KQvK.tbc: truncated table file"
	Err    error  // ErrIllegal, ErrNoTable, ErrCorrupt, ErrClosed or ErrCapturesResolved
}

// Error returns `FEN "…": ` followed by Err and Reason.
func (e *PositionError) Error() string {
	return fmt.Sprintf("FEN %q: %v: %s", e.FEN, e.Err, e.Reason)
}

// Unwrap returns Err.
func (e *PositionError) Unwrap() error { return e.Err }
