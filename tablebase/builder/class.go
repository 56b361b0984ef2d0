package builder

import (
	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// A class is what the builder knows of one position index: a don't-care (a position that
// is invalid, illegal, or not stored under the table's symmetries) or the value of a
// stored position.
type class uint8

const (
	dontCare class = iota
	classWin
	classDraw
	classLoss
)

// classOf maps the statuses of package chess onto classes.
func classOf(s chess.Status) class {
	switch s {
	case chess.Win:
		return classWin
	case chess.Draw:
		return classDraw
	case chess.Loss:
		return classLoss
	}
	return dontCare
}

// status is the inverse of classOf on the three values.
func (c class) status() chess.Status {
	return [...]chess.Status{dontCare: chess.Invalid, classWin: chess.Win, classDraw: chess.Draw, classLoss: chess.Loss}[c]
}

// classify returns the class of every position index of t under the symmetries sym.
func classify(t *chess.Table, sym format.Symmetry) []class {
	m := t.Material()
	cls := make([]class, t.Len())
	var canon *format.Canonicalizer
	if sym&(format.BoardSymmetry|format.PieceSymmetry) != 0 {
		canon = format.NewCanonicalizer(m, sym)
	}
	l := m.Layout()
	for x := range cls {
		if sym&format.ColourSymmetry != 0 && l.SideToMove(uint32(x)) == chess.Black {
			continue
		}
		c := classOf(t.Probe(x).Status)
		if c != dontCare && canon != nil && !canon.IsRepresentative(uint32(x)) {
			c = dontCare
		}
		cls[x] = c
	}
	return cls
}
