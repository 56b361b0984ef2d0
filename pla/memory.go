package pla

import (
	"fmt"
	"strconv"
)

// What a minimization takes, said before it starts.
//
// A minimization's memory grows with the cubes it holds and with their
// width. The cube structure holds a mask of every variable as wide as a
// cube; the run holds F, D and R, the copies the loop makes of them (a DC-set
// compacted, R's cubes blocked for EXPAND) and, while COMPL, ESSENTIAL and
// the tautology checks recur, lists of the cubes of each level. Both grow
// with the product of variables and width when one row's complement has a
// cube per literal (a PLA of one row and 50 000 inputs), and with the rows
// when a truth table lists every point. MemoryEstimate adds them up, with
// factors measured on both shapes (it says 168 MiB for the truth tables of
// KQk and KPk, whose peaks are 155 and 142 MiB, and 122 MiB for one row of
// 8 000 inputs, whose peak is 116 MiB): it is an estimate of the peak, not
// a bound.

// Bytes per cube of the per-cube terms of MemoryEstimate.
const (
	// coverCopies is how many cubes of cube width a row of the input and
	// each cube of its complement come to in all: F, D and R, the run's
	// copies of D and of F, EXPAND's blocking rows, the collector's room.
	coverCopies = 6
	// listBytes is what each cube costs in the recursions' lists: a list
	// entry (a slice, 24 bytes) on the first levels of COMPL's recursion,
	// which hold most cubes.
	listBytes = 64
	// baseBytes is what any run takes: the Go runtime and the program.
	baseBytes = 8 << 20
)

// MemoryCheckFrom is the need from which reading asks
// [ReadOptions.MemoryAvailable] for the limit: less fits on any machine
// that runs the program, and the smallest PLAs, read by the thousand from
// scripts, are not slowed by reading the system's files.
const MemoryCheckFrom = 64 << 20

// MemoryEstimate returns about how many bytes minimizing a PLA of vars
// variables of parts parts in all and rows rows (of F, D and R together)
// takes at its peak. The OFF-set that a run computes is counted as rows
// more cubes, or as a cube a variable where that is more (the complement of
// one cube has a cube for each of its literals).
func MemoryEstimate(vars, parts, rows int) int64 {
	cubeBytes := int64(8 * (1 + (parts+63)/64))
	complement := int64(max(rows, vars))
	cubes := int64(rows) + complement
	return baseBytes + int64(vars)*cubeBytes + cubes*(coverCopies*cubeBytes+listBytes)
}

// MemoryError is the error of a PLA whose minimization's [MemoryEstimate]
// is more than the limit it is read with ([ReadOptions.MemoryLimit]).
type MemoryError struct {
	Vars, Parts, Rows int
	Estimate, Limit   int64
}

func (e *MemoryError) Error() string {
	rows := ""
	if e.Rows > 0 {
		rows = fmt.Sprintf(" and %d rows", e.Rows)
	}
	return fmt.Sprintf("minimizing %d variables (%d parts)%s needs about %s of memory, more than the %s it may take",
		e.Vars, e.Parts, rows, FormatBytes(e.Estimate), FormatBytes(e.Limit))
}

// checkMemory returns a *MemoryError when the minimization of the PLA read
// so far (vars variables, parts parts, rows rows) is estimated to need
// more than the reading options allow. Only a reading for a minimization
// (one that needs the OFF-set) is checked: the estimate is a
// minimization's, and the cube structure of any other command is bounded
// by MaxMaskBits.
func (p *parser) checkMemory(vars, parts, rows int) error {
	if !p.opt.NeedsOffset || (p.opt.MemoryLimit <= 0 && p.opt.MemoryAvailable == nil) {
		return nil
	}
	est := MemoryEstimate(vars, parts, rows)
	if limit := p.memoryLimit(est); limit > 0 && est > limit {
		return &MemoryError{Vars: vars, Parts: parts, Rows: rows, Estimate: est, Limit: limit}
	}
	return nil
}

// memoryLimit returns the limit that a need of need bytes is held to (0:
// none): MemoryLimit when positive; else, without MemoryAvailable, none;
// else MemoryCheckFrom for a need below it, which it fits, without asking;
// else what MemoryAvailable says.
func (p *parser) memoryLimit(need int64) int64 {
	switch {
	case p.opt.MemoryLimit > 0:
		return p.opt.MemoryLimit
	case p.opt.MemoryAvailable == nil:
		return 0
	case need < MemoryCheckFrom:
		return MemoryCheckFrom
	}
	return p.opt.MemoryAvailable()
}

// FormatBytes writes n bytes for a person, in powers of 1024: "39 MiB",
// "4.1 GiB" (two or three significant digits).
func FormatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	prec := 0
	if v < 10 && u > 0 {
		prec = 1
	}
	return strconv.FormatFloat(v, 'f', prec, 64) + " " + units[u]
}
