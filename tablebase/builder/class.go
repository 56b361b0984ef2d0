package builder

import (
	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// A class is what the builder knows of one position index: a don't-care (a position that
// is invalid, illegal, or not stored under the table's symmetries), the value of a stored
// position, or for a table probed with its captures resolved the values it may store.
type class uint8

const (
	dontCare class = iota
	classWin
	classDraw
	classLoss
	// classDrawOrLoss is a drawn position that a capture draws, in a table built for a
	// probe that resolves captures (Options.CapturesResolved): it may be stored as a draw
	// or as a loss. A won position that a capture wins is a don't-care there.
	classDrawOrLoss
	numClasses
)

// allowed returns the values a position of class c may be stored with, a bit 1<<v for
// each of classWin, classDraw and classLoss.
func (c class) allowed() uint8 {
	switch c {
	case dontCare:
		return 1<<classWin | 1<<classDraw | 1<<classLoss
	case classDrawOrLoss:
		return 1<<classDraw | 1<<classLoss
	}
	return 1 << c
}

// value returns the value a stored position of class c has: the draw of classDrawOrLoss.
func (c class) value() class {
	if c == classDrawOrLoss {
		return classDraw
	}
	return c
}

// relaxed returns the class of a stored position of class c in a table probed with its
// captures resolved, where its best capture attains best (has: it has a capture): any
// value from chess.LowestStored up to its own may be stored.
func relaxed(c class, best chess.Status, has bool) class {
	if c == dontCare || chess.LowestStored(c.status(), best, has) == c.status() {
		return c
	}
	if c == classWin {
		return dontCare
	}
	return classDrawOrLoss
}

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

// status is the inverse of classOf on the three values (a draw for classDrawOrLoss).
func (c class) status() chess.Status {
	return [...]chess.Status{dontCare: chess.Invalid, classWin: chess.Win, classDraw: chess.Draw, classLoss: chess.Loss,
		classDrawOrLoss: chess.Draw}[c]
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
