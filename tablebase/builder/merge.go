package builder

// This file merges the slices of a table into one decision list over the whole index: the
// step that recovers what slicing split.

import (
	"context"
	"fmt"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// Merge returns the whole table of material m made from parts, tables each holding slices
// of m's table built in one order (BuildSlice with SliceOrder's order), from src as
// BuildSlice takes it.
//
// A slice's cubes are minimized with the white king fixed on its square, so a cube that
// holds for the king on several squares stands once in each of their slices. Merge lifts
// every slice's cubes into the whole index, where together they are already a decision
// list of the table, and frees the white king's bits of each (EXPAND restricted to those
// bits: a slice's cube is already as large as its own slice allows): a cube may hold for
// the king on every square whose slice's positions in it may have the cover's value, and
// on the squares no stored position's king stands on. The cubes that stand in several
// slices become as few cubes over the king's field as cover all of them, and the cubes
// that the others hold together are then dropped, as IRREDUNDANT drops them, by counting
// the cubes that hold each stored position (kingMerge.irredundant). The first cover goes
// first, and the second takes the merged first cover's positions as don't-cares, as a
// whole table's does. Every stored position of the merged table is then checked against
// src, slice by slice.
func (b *Builder) Merge(ctx context.Context, m chess.Material, parts []*format.Table, src Values) (*format.Table, *Report, error) {
	name := fmt.Sprintf("%v merge", m)
	joined, err := format.JoinSlices(parts)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep := &Report{Material: m, Symmetry: joined.Symmetry, PaperCubes: -1}
	if joined.Material.String() != m.String() {
		return nil, nil, fmt.Errorf("build %s: slices of %v", name, joined.Material)
	}
	if sym := b.symmetries(m); joined.Symmetry != sym {
		return nil, nil, fmt.Errorf("build %s: slices of symmetries %d, the builder's are %d", name, joined.Symmetry, sym)
	}
	order := joined.Slices[0].Order
	var lifted [2][]format.Cube
	for _, s := range joined.Slices {
		if s.Order != order {
			return nil, nil, fmt.Errorf("build %s: slice %s in the order %v, slice %s in %v: the slices of a merged table share one order (SliceOrder)",
				name, chess.SquareName(joined.Slices[0].King), order, chess.SquareName(s.King), s.Order)
		}
		for k := range lifted {
			lifted[k] = append(lifted[k], s.Covers[k]...)
		}
	}
	o, err := orderClasses(order)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}

	start := time.Now()
	km, err := b.newKingMerge(m, joined, src, o, rep)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	b.logf("%s: the values of %d slices read in %.1f s", name, len(joined.Slices), time.Since(start).Seconds())
	var merged [2][]format.Cube
	for k := range merged {
		if err := ctx.Err(); err != nil {
			return nil, nil, fmt.Errorf("build %s: %w", name, err)
		}
		t := time.Now()
		if k == 1 {
			km.allowFirst(merged[0])
		}
		freed := km.merge(lifted[k], km.ok[k])
		merged[k] = km.irredundant(freed, &km.need[k])
		b.logf("%s: %s: %d cubes (from the slices' %d, %d with the king's bits freed) in %.1f s", name, o[k].status(),
			len(merged[k]), len(lifted[k]), len(freed), time.Since(t).Seconds())
	}
	t := &format.Table{Material: m, Symmetry: joined.Symmetry, Order: order, Covers: merged}
	size, err := tableSize(t)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep.Trials = []OrderTrial{{Order: order, Cubes: [2]int{len(merged[0]), len(merged[1])}, Size: size}}
	rep.Minimize = time.Since(start)

	start = time.Now()
	if err := b.checkSlices(t, joined, src); err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep.Check = time.Since(start)
	return t, rep, nil
}

// checkSlices compares the decision list of t, a whole table, with the values src of
// every stored position of each slice of joined, and returns an error naming the first
// slice where they differ.
func (b *Builder) checkSlices(t *format.Table, joined *format.Table, src Values) error {
	m := t.Material
	l := m.Layout()
	for _, s := range joined.Slices {
		cls, err := b.sliceClasses(m, s.King, src, &Report{})
		if err != nil {
			return err
		}
		var local [2][]format.Cube
		for k, cv := range t.Covers {
			local[k] = localCubes(cv, l, s.King)
		}
		if err := check(t.Order, local, cls, sliceInputs(m)); err != nil {
			return fmt.Errorf("slice %s: %w", chess.SquareName(s.King), err)
		}
	}
	return nil
}

// localCubes returns the cubes of cv, cubes over the whole index of layout l, that hold
// for the white king on square king, over that slice's own index.
func localCubes(cv []format.Cube, l chess.Layout, king int) []format.Cube {
	var local []format.Cube
	for _, c := range cv {
		if (uint32(king)<<l.Shift(0)^c.Bits)&c.Mask&(63<<l.Shift(0)) == 0 {
			local = append(local, format.LocalCube(c, l))
		}
	}
	return local
}
