package chess

import (
	"fmt"
	"strings"
)

// Status classifies a position of a table.
type Status uint8

// The statuses. Invalid, Illegal (and Acanonical in canonical mode) are the don't-cares of
// the PLA; Win, Draw and Loss are for the side to move with best play.
const (
	Invalid    Status = iota // two pieces on one square
	Illegal                  // a pawn on rank 1 or 8, or the side not to move in check
	Acanonical               // not its symmetry class's representative (canonical mode only)
	Win
	Draw
	Loss
)

var statusNames = [...]string{"invalid", "illegal", "acanonical", "win", "draw", "loss"}

// String returns the status's name in lower case.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", s)
}

// Value is the value of a position: its status and, for Win and Loss, the distance to mate
// in plies (a win in 1 mates at once; a loss in 0 is checkmate).
type Value struct {
	Status Status
	Dist   int
}

// String returns e.g. "win in 7", "draw", "illegal".
func (v Value) String() string {
	if v.Status == Win || v.Status == Loss {
		return fmt.Sprintf("%v in %d", v.Status, v.Dist)
	}
	return v.Status.String()
}

// Table is the solved table of one material: a value for each of the 2^(1+6n) indices of
// the paper's encoding.
type Table struct {
	mat Material
	n   int
	val []uint16
}

// Material returns the table's material.
func (t *Table) Material() Material { return t.mat }

// Len returns the number of indices (positions) of the table, 2^(1+6n).
func (t *Table) Len() int { return len(t.val) }

func decodeValue(v uint16) Value {
	switch {
	case v == vInvalid:
		return Value{Status: Invalid}
	case v == vIllegal:
		return Value{Status: Illegal}
	case v == vDraw:
		return Value{Status: Draw}
	case vIsWin(v):
		return Value{Status: Win, Dist: vDist(v)}
	default:
		return Value{Status: Loss, Dist: vDist(v)}
	}
}

// Probe returns the value of the position with index idx.
func (t *Table) Probe(idx int) Value { return decodeValue(t.val[idx]) }

// Index returns the index of the position with side stm to move and piece i on square
// squares[i] (in the material's piece order; squares a8 = 0 ... h1 = 63).
func (t *Table) Index(stm Colour, squares []int) (int, error) {
	if len(squares) != t.n {
		return 0, fmt.Errorf("index %v: %d squares for %d pieces", t.mat, len(squares), t.n)
	}
	x := int(stm)
	for _, s := range squares {
		if s < 0 || s > 63 {
			return 0, fmt.Errorf("index %v: square %d out of range", t.mat, s)
		}
		x = x<<SquareBits | s
	}
	return x, nil
}

// Decode returns the side to move and the squares of the pieces of index idx.
func (t *Table) Decode(idx int) (Colour, []int) {
	sq := make([]int, t.n)
	for j := t.n - 1; j >= 0; j-- {
		sq[j] = idx & squareMask
		idx >>= SquareBits
	}
	return Colour(idx & 1), sq
}

// FEN returns the position of index idx in Forsyth-Edwards notation (no castling, no en
// passant square), for messages and examples.
func (t *Table) FEN(idx int) string {
	stm, sq := t.Decode(idx)
	var board [64]byte
	for j, s := range sq {
		board[s] = t.mat.Pieces[j].Letter()
	}
	return BoardFEN(&board) + " " + string("wb"[stm]) + " - - 0 1"
}

// BoardFEN returns the first field of a FEN, the pieces rank by rank from the eighth:
// board[s] is the letter of the piece on square s (as Piece.Letter gives it), 0 for an
// empty square.
func BoardFEN(board *[64]byte) string {
	var b strings.Builder
	for r := 0; r < 8; r++ {
		empty := 0
		for c := 0; c < 8; c++ {
			if board[r*8+c] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(board[r*8+c])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r < 7 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// Stats holds the counts of Table 2 of the paper for one table.
type Stats struct {
	Material   Material
	Canonical  bool
	Invalid    int
	Acanonical int
	Illegal    int
	Win        int
	Draw       int
	Loss       int
}

// Stats counts the table's positions by status. With canonical set, a valid position that
// is not its class's representative (see Canonical) counts as Acanonical.
func (t *Table) Stats(canonical bool) Stats {
	st := Stats{Material: t.mat, Canonical: canonical}
	sym := newSymmetry(t.mat, canonical)
	for i := range t.val {
		switch t.status(sym, i) {
		case Invalid:
			st.Invalid++
		case Acanonical:
			st.Acanonical++
		case Illegal:
			st.Illegal++
		case Win:
			st.Win++
		case Draw:
			st.Draw++
		case Loss:
			st.Loss++
		}
	}
	return st
}

// status returns the status of index i, with Acanonical when sym is not nil and i is not
// its class's representative.
func (t *Table) status(sym *symmetry, i int) Status {
	v := t.val[i]
	if v == vInvalid {
		return Invalid
	}
	if sym != nil {
		if rep, _ := sym.canonical(i); rep != i {
			return Acanonical
		}
	}
	return decodeValue(v).Status
}

// StatsHeader is the header line of Stats.CSV, the columns of the project's table2.csv.
const StatsHeader = "material,syzygy_name,canonicalized,invalid,acanonical_dont_care,illegal,win,draw,loss,inputs,outputs,rows"

// CSV returns the statistics as one line in the format of table2.csv (without newline).
func (s Stats) CSV() string {
	return fmt.Sprintf("%v,%s,%t,%d,%d,%d,%d,%d,%d,%d,3,%d", s.Material, s.Material.SyzygyName(), s.Canonical,
		s.Invalid, s.Acanonical, s.Illegal, s.Win, s.Draw, s.Loss, s.Material.Inputs(), s.Material.Size())
}
