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
// from src, which it asks for the slice's positions only: it classifies them under the
// table's symmetries, minimizes the slice's decision list in the given order (the
// table's, from SliceOrder, so that Merge can join the slices' cubes), checks every
// stored position of the slice against src, and returns a table holding that slice alone
// (format.JoinSlices joins such tables, Merge merges them).
func (b *Builder) BuildSlice(ctx context.Context, m chess.Material, king int, order [3]chess.Status, src Values) (*format.Table, *Report, error) {
	name := fmt.Sprintf("%v slice %s", m, chess.SquareName(king))
	rep := &Report{Material: m, PaperCubes: -1}
	rep.Symmetry = b.symmetries(m)
	o, err := orderClasses(order)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	cls, err := b.sliceClasses(m, king, src, rep)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	inputs := sliceInputs(m)

	start := time.Now()
	k, err := newClassCovers(cls, inputs)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	local, err := b.minimizeList(ctx, name, k, o)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	t := sliceTable(m, rep.Symmetry, king, order, local)
	size, err := tableSize(t)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep.Trials = []OrderTrial{{Order: order, Cubes: [2]int{len(local[0]), len(local[1])}, Size: size}}
	rep.Minimize = time.Since(start)

	start = time.Now()
	if err := check(order, local, cls, inputs); err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep.Check = time.Since(start)
	return t, rep, nil
}

// SliceOrder returns the decision-list order of material m's sliced table, from src (as
// BuildSlice's): the order that Build would choose for the slice of the reference square
// (ReferenceSquare), by its first covers, so that every slice of the table is built in
// one order, which Merge needs. It is deterministic: each slice's job may compute it, or
// one of them, for the others to read (package tablebase/plan keeps it in the build). The
// minimizations that choose it make the reference square's slice in that order too, which
// it returns with its report, checked, as BuildSlice would: the same cubes.
func (b *Builder) SliceOrder(ctx context.Context, m chess.Material, src Values) ([3]chess.Status, *format.Table, *Report, error) {
	king := b.ReferenceSquare(m)
	name := fmt.Sprintf("%v order (slice %s)", m, chess.SquareName(king))
	rep := &Report{Material: m, PaperCubes: -1, Symmetry: b.symmetries(m)}
	fail := func(err error) ([3]chess.Status, *format.Table, *Report, error) {
		return [3]chess.Status{}, nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	cls, err := b.sliceClasses(m, king, src, rep)
	if err != nil {
		return fail(err)
	}
	start := time.Now()
	order, local, err := b.chooseOrder(ctx, name, cls, sliceInputs(m), rep, func(o [3]chess.Status, cv [2][]format.Cube) (int, error) {
		return tableSize(sliceTable(m, rep.Symmetry, king, o, cv))
	})
	if err != nil {
		return fail(err)
	}
	rep.Minimize = time.Since(start)
	start = time.Now()
	if err := check(order, local, cls, sliceInputs(m)); err != nil {
		return fail(err)
	}
	rep.Check = time.Since(start)
	return order, sliceTable(m, rep.Symmetry, king, order, local), rep, nil
}

// ReferenceSquare returns the square of the white king whose slice chooses the order of
// m's sliced table (SliceOrder): of the squares a stored position's white king stands on,
// the one nearest the board's centre (the first in index order among equals), where the
// king's position is most typical of the table.
func (b *Builder) ReferenceSquare(m chess.Material) int {
	best, bestDist := -1, 0
	var canon *format.Canonicalizer
	if sym := b.symmetries(m); sym&format.BoardSymmetry != 0 {
		canon = format.NewCanonicalizer(m, sym)
	}
	for s := range 64 {
		if canon != nil && canon.Least(s) != s {
			continue
		}
		// Twice the distance to the centre, between the four central squares.
		rank, file := s/8, s%8
		d := max(abs(2*rank-7), abs(2*file-7))
		if best < 0 || d < bestDist {
			best, bestDist = s, d
		}
	}
	return best
}

func abs(x int) int { return max(x, -x) }

// sliceInputs returns the number of bits of a slice's own index of m: the side to move,
// then the other pieces than the white king.
func sliceInputs(m chess.Material) int { return m.Layout().SliceBits() }

// sliceClasses returns the class of every position of the slice of m with the white king
// on king, over the slice's own index, from src under the table's symmetries (relaxed
// where a capture attains the value, with Options.CapturesResolved), and counts the
// stored positions in rep.
func (b *Builder) sliceClasses(m chess.Material, king int, src Values, rep *Report) ([]class, error) {
	sym := b.symmetries(m)
	if b.opt.CapturesResolved && src.Captures == nil {
		return nil, fmt.Errorf("a table with its captures resolved needs the captures' values")
	}
	if king < 0 || king > 63 {
		return nil, fmt.Errorf("no such square")
	}
	var canon *format.Canonicalizer
	if sym&(format.BoardSymmetry|format.PieceSymmetry) != 0 {
		canon = format.NewCanonicalizer(m, sym)
		if sym&format.BoardSymmetry != 0 && canon.Least(king) != king {
			return nil, fmt.Errorf("the white king of a stored position never stands on %s", chess.SquareName(king))
		}
	}
	at, err := src.slice(king)
	if err != nil {
		return nil, err
	}
	// The slice's own index: the side to move, then the other pieces.
	l := m.Layout()
	cls := make([]class, 1<<l.SliceBits())
	for y := range cls {
		x := l.FromSlice(uint32(y), king)
		if sym&format.ColourSymmetry != 0 && l.SideToMove(x) == chess.Black {
			continue
		}
		c := classOf(at(int(x)))
		if c != dontCare && canon != nil && !canon.IsRepresentative(x) {
			c = dontCare
		}
		if c != dontCare {
			rep.Counts[c-classWin]++
			rep.Positions++
			if b.opt.CapturesResolved {
				best, has := src.Captures(int(x))
				c = relaxed(c, best, has)
			}
		}
		cls[y] = c
	}
	return cls, nil
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
