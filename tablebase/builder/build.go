package builder

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// Options are the settings of a Builder.
type Options struct {
	// Full runs the whole ESPRESSO loop on each cover (espresso -ecompact); by default
	// a cover is compacted, expanded and made irredundant (espresso -ecompact -efast),
	// the paper's chosen trade-off.
	Full bool
	// AllOrders tries the six orders of the decision list; by default one is: the
	// values ordered by the cubes of their first covers (each against the other two),
	// the fewest first.
	AllOrders bool
	// Omit lists symmetries not to use where they apply, for measuring what they gain
	// (with BoardSymmetry every position is stored, not only its class's representative;
	// with ColourSymmetry, the positions with Black to move too).
	Omit format.Symmetry
	// Paper also minimizes the paper's encoding (one cover with the three outputs) for
	// the report; it does not enter the table.
	Paper bool
	// CapturesResolved builds tables for a probe that resolves captures one ply deep, as
	// Syzygy's does (format.CapturesResolved): a stored position where a capture attains
	// its value may hold any value not above it (chess.LowestStored). Off by default: a
	// table answers without search.
	CapturesResolved bool
	// Workers is the number of goroutines the solver and the minimizer may use; 0 means
	// GOMAXPROCS.
	Workers int
	// Progress, when not nil, receives a line per step.
	Progress io.Writer
}

// Report describes how one table was built.
type Report struct {
	Material chess.Material
	Symmetry format.Symmetry
	// Positions is the number of stored positions (legal, and kept by the symmetries);
	// Counts splits them into wins, draws and losses.
	Positions int
	Counts    [3]int
	// Trials lists the decision-list orders tried, and Chosen the index of the one
	// the table holds.
	Trials []OrderTrial
	Chosen int
	// PaperCubes is the number of cubes of the paper's encoding (with Paper set; -1
	// otherwise).
	PaperCubes int
	// Solve, Minimize and Check are the times of the retrograde analysis (with the
	// tables it depends on), the minimizations, and the exhaustive check.
	Solve, Minimize, Check time.Duration
}

// An OrderTrial is one order of a decision list tried: its covers' cubes and its size in
// bytes as a table file.
type OrderTrial struct {
	Order [3]chess.Status
	Cubes [2]int
	Size  int
}

// Builder builds tables with the options it holds. Each Build solves its material with a
// chess.Solver of its own, so that the tables it depends on are freed with it: one Solver
// shared by the 35 tables of up to 4 pieces would keep every 4-piece table (64 MiB each)
// to the end. A Builder may be used by one goroutine at a time.
type Builder struct {
	opt Options
}

// NewBuilder returns a Builder with the options opt.
func NewBuilder(opt Options) *Builder {
	return &Builder{opt: opt}
}

// Build solves material m, minimizes its decision list under every order it tries,
// checks the chosen table against the retrograde values at every stored position, and
// returns it. ctx is checked between the steps.
func (b *Builder) Build(ctx context.Context, m chess.Material) (*format.Table, *Report, error) {
	rep := &Report{Material: m, PaperCubes: -1}
	start := time.Now()
	solver := chess.NewSolver()
	solver.Workers = b.opt.Workers
	if solver.Workers == 0 {
		solver.Workers = runtime.GOMAXPROCS(0)
	}
	t, err := solver.Solve(m)
	if err != nil {
		return nil, nil, fmt.Errorf("build %v: %w", m, err)
	}
	rep.Solve = time.Since(start)
	b.logf("%v: solved in %.1f s", m, rep.Solve.Seconds())

	rep.Symmetry = b.symmetries(m)
	var captures func(x int) (chess.Status, bool)
	if b.opt.CapturesResolved {
		c, err := solver.Captures(m)
		if err != nil {
			return nil, nil, fmt.Errorf("build %v: %w", m, err)
		}
		captures = c.Best
	}
	cls := classify(t, rep.Symmetry)
	for x, c := range cls {
		if c != dontCare {
			rep.Counts[c-classWin]++
			rep.Positions++
			if captures != nil {
				best, has := captures(x)
				cls[x] = relaxed(c, best, has)
			}
		}
	}

	start = time.Now()
	order, covers, err := b.chooseOrder(ctx, m.String(), cls, m.Inputs(), rep, func(o [3]chess.Status, cv [2][]format.Cube) (int, error) {
		return tableSize(&format.Table{Material: m, Symmetry: rep.Symmetry, Order: o, Covers: cv})
	})
	if err != nil {
		return nil, nil, fmt.Errorf("build %v: %w", m, err)
	}
	tb := &format.Table{Material: m, Symmetry: rep.Symmetry, Order: order, Covers: covers}
	if b.opt.Paper {
		if rep.PaperCubes, err = b.paperCubes(ctx, m, cls); err != nil {
			return nil, nil, fmt.Errorf("build %v: paper's encoding: %w", m, err)
		}
	}
	rep.Minimize = time.Since(start)

	start = time.Now()
	if err := check(order, covers, cls, m.Inputs()); err != nil {
		return nil, nil, fmt.Errorf("build %v: %w", m, err)
	}
	rep.Check = time.Since(start)
	return tb, rep, nil
}

// symmetries returns the symmetries of a table of m built with b's options (and its
// format.CapturesResolved bit).
func (b *Builder) symmetries(m chess.Material) format.Symmetry {
	s := symmetriesOf(m) &^ b.opt.Omit
	if b.opt.CapturesResolved {
		s |= format.CapturesResolved
	}
	return s
}

// Values is where a build reads the values of a material's positions.
type Values struct {
	// At returns the value of position x: chess.Win, chess.Draw or chess.Loss, or
	// another status for a position that is invalid or illegal.
	At func(x int) chess.Status
	// Captures, needed with Options.CapturesResolved, returns the best value the side to
	// move of position x attains by a capture, and whether it has one
	// (chess.Captures.Best).
	Captures func(x int) (chess.Status, bool)
	// Slice, if set, returns At for the positions with the white king on square king
	// alone, and Merge reads the values through it a slice at a time instead of through
	// At, so that a five-piece table's values (512 MiB) need not be in memory at once.
	Slice func(king int) (func(x int) chess.Status, error)
}

// slice returns where the build reads the values of the positions with the white king
// on square king.
func (v Values) slice(king int) (func(x int) chess.Status, error) {
	if v.Slice != nil {
		return v.Slice(king)
	}
	if v.At == nil {
		return nil, fmt.Errorf("no values")
	}
	return v.At, nil
}

// symmetriesOf returns the symmetries a table of m stores under: the board's always,
// the colours' where both sides have the same pieces, the pieces' orders where a side has
// two or more of one kind.
func symmetriesOf(m chess.Material) format.Symmetry {
	s := format.BoardSymmetry
	if colourSymmetric(m) {
		s |= format.ColourSymmetry
	}
	if format.HasIdenticalPieces(m) {
		s |= format.PieceSymmetry
	}
	return s
}

// colourSymmetric reports whether White and Black have the same pieces.
func colourSymmetric(m chess.Material) bool {
	var count [2][6]int
	for _, p := range m.Pieces {
		count[p.Colour][p.Kind]++
	}
	return count[0] == count[1]
}

func (b *Builder) logf(format string, args ...any) {
	if b.opt.Progress != nil {
		fmt.Fprintf(b.opt.Progress, format+"\n", args...)
	}
}
