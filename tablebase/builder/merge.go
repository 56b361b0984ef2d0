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
// list of the table, and minimizes each cover again over the whole index from those cubes
// (EXPAND and IRREDUNDANT, as the slices were): EXPAND frees the white king's bits where
// the values allow, and IRREDUNDANT drops the cubes that the expanded ones now hold. The
// first cover goes first, and the second takes the merged first cover's positions as
// don't-cares, as a whole table's does. Every stored position of the merged table is then
// checked against src, slice by slice.
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
	k, err := b.wholeClassCovers(m, joined, src, rep)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	b.logf("%s: covers of the classes (win %d, draw %d, loss %d, don't-care %d cubes) in %.1f s", name,
		k.of[classWin].Count, k.of[classDraw].Count, k.of[classLoss].Count, k.of[dontCare].Count, time.Since(start).Seconds())
	first, err := b.reminimize(ctx, name, k, lifted[0], k.first(o[0]), o[0].status().String())
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	second, err := b.reminimize(ctx, name, k, lifted[1], k.second(o, first), o[1].status().String()+" after "+o[0].status().String())
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	k = nil // the classes' covers are not needed past here: the check reads src again
	t := &format.Table{Material: m, Symmetry: joined.Symmetry, Order: order, Covers: [2][]format.Cube{first, second}}
	size, err := tableSize(t)
	if err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep.Trials = []OrderTrial{{Order: order, Cubes: [2]int{len(first), len(second)}, Size: size}}
	rep.Minimize = time.Since(start)

	start = time.Now()
	if err := b.checkSlices(t, joined, src); err != nil {
		return nil, nil, fmt.Errorf("build %s: %w", name, err)
	}
	rep.Check = time.Since(start)
	return t, rep, nil
}

// reminimize minimizes one cover of a merged table from the lifted cubes of its slices,
// with the DC- and OFF-sets of cv (whose ON-set the cubes replace), and returns its cubes
// over the whole index.
func (b *Builder) reminimize(ctx context.Context, name string, k *classCovers, cubes []format.Cube, cv *covers, what string) ([]format.Cube, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(cubes) == 0 {
		return nil, nil
	}
	start := time.Now()
	cv.F = k.cube.NewCover(len(cubes))
	out := uint64(1) << uint(2*k.inputs)
	for _, c := range cubes {
		cv.F.AppendEmpty()[1] = cubeParts(c, k.inputs) | out
	}
	nF, nD, nR := cv.F.Count, cv.D.Count, cv.R.Count
	F, err := minimizeCovers(cv, b.opt.Full, b.opt.Workers)
	if err != nil {
		return nil, err
	}
	merged := make([]format.Cube, F.Count)
	for i := range merged {
		merged[i] = cubeOf(F.At(i), k.inputs)
	}
	b.logf("%s: %s: %d cubes (from the slices' %d, D %d, R %d) in %.1f s", name, what, len(merged), nF, nD, nR, time.Since(start).Seconds())
	return merged, nil
}

// wholeClassCovers returns the covers of the classes of every position of m's table over
// the whole index, made slice by slice from at: the positions of a white king's square
// that joined has no slice of are don't-cares (no stored position has the king there),
// and the blocks of each slice are lifted into the whole index and compacted together.
func (b *Builder) wholeClassCovers(m chess.Material, joined *format.Table, src Values, rep *Report) (*classCovers, error) {
	l := m.Layout()
	inputs := m.Inputs()
	k, err := emptyClassCovers(inputs)
	if err != nil {
		return nil, err
	}
	local := sliceInputs(m)
	out := uint64(1) << uint(2*inputs)
	add := func(c format.Cube, cl class) {
		k.of[cl].AppendEmpty()[1] = cubeParts(c, inputs) | out
	}
	next := 0
	for king := range 64 {
		if next < len(joined.Slices) && joined.Slices[next].King == king {
			next++
			cls, err := b.sliceClasses(m, king, src, rep)
			if err != nil {
				return nil, err
			}
			blocks(cls, local, func(lo uint32, size int, cl class) {
				mask := uint32(1)<<uint(local) - 1
				add(format.SliceCube(format.Cube{Mask: mask &^ (1<<uint(size) - 1), Bits: lo}, l, king), cl)
			})
			continue
		}
		add(format.SliceCube(format.Cube{}, l, king), dontCare)
	}
	for c := range k.of {
		k.of[c], _ = k.cube.Compact(k.of[c])
	}
	return k, nil
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
			for _, c := range cv {
				if (uint32(s.King)<<l.Shift(0)^c.Bits)&c.Mask&(63<<l.Shift(0)) == 0 {
					local[k] = append(local[k], format.LocalCube(c, l))
				}
			}
		}
		if err := check(t.Order, local, cls, sliceInputs(m)); err != nil {
			return fmt.Errorf("slice %s: %w", chess.SquareName(s.King), err)
		}
	}
	return nil
}
