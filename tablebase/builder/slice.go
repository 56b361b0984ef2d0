package builder

// This file builds one slice of a table: the positions with the white king on one square,
// minimized as a table of its own over the other pieces' squares and the side to move.

import (
	"context"
	"fmt"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// BuildSlice builds the slice of material m's table with the white king on square king,
// from at, the value of each position of m (chess.Win, chess.Draw, chess.Loss, or another
// status for a position that is invalid or illegal), which it asks for the slice's
// positions only: it classifies them under the table's symmetries, minimizes the slice's
// decision list as Build does a table's, checks every stored position of the slice
// against at, and returns a table holding that slice alone (format.JoinSlices joins such tables).
func (b *Builder) BuildSlice(ctx context.Context, m chess.Material, king int, at func(x int) chess.Status) (*format.Table, *Report, error) {
	name := fmt.Sprintf("%v slice %s", m, chess.SquareName(king))
	rep := &Report{Material: m, PaperCubes: -1}
	rep.Symmetry = symmetriesOf(m) &^ b.opt.Omit
	if king < 0 || king > 63 {
		return nil, nil, fmt.Errorf("build %s: no such square", name)
	}
	var canon *format.Canonicalizer
	if rep.Symmetry&(format.BoardSymmetry|format.PieceSymmetry) != 0 {
		canon = format.NewCanonicalizer(m, rep.Symmetry)
		if rep.Symmetry&format.BoardSymmetry != 0 && canon.Least(king) != king {
			return nil, nil, fmt.Errorf("build %s: the white king of a stored position never stands on %s", name, chess.SquareName(king))
		}
	}
	// The slice's own index: the side to move, then the other pieces.
	l := m.Layout()
	inputs := l.SliceBits()
	cls := make([]class, 1<<inputs)
	for y := range cls {
		x := l.FromSlice(uint32(y), king)
		if rep.Symmetry&format.ColourSymmetry != 0 && l.SideToMove(x) == chess.Black {
			continue
		}
		c := classOf(at(int(x)))
		if c != dontCare && canon != nil && !canon.IsRepresentative(x) {
			c = dontCare
		}
		if c != dontCare {
			rep.Counts[c-classWin]++
			rep.Positions++
		}
		cls[y] = c
	}

	start := time.Now()
	order, local, err := b.chooseOrder(ctx, name, cls, inputs, rep, func(o [3]chess.Status, cv [2][]format.Cube) (int, error) {
		return tableSize(sliceTable(m, rep.Symmetry, king, o, cv))
	})
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep.Minimize = time.Since(start)

	start = time.Now()
	if err := check(order, local, cls, inputs); err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep.Check = time.Since(start)
	return sliceTable(m, rep.Symmetry, king, order, local), rep, nil
}

// sliceTable returns the table holding the slice of m with the white king on king whose
// decision list is order and cv, covers over the slice's own index.
func sliceTable(m chess.Material, sym format.Symmetry, king int, order [3]chess.Status, cv [2][]format.Cube) *format.Table {
	s := format.Slice{King: king, Order: order}
	for k, cubes := range cv {
		for _, c := range cubes {
			s.Covers[k] = append(s.Covers[k], format.SliceCube(c, m.Layout(), king))
		}
	}
	return &format.Table{Material: m, Symmetry: sym, Slices: []format.Slice{s}}
}
