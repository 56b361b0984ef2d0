package plan

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/espresso-go/espresso/tablebase/format"
)

// assemble makes a table's file of its slices: merged into one decision list over the
// whole index (builder.Merge, which reads the whole values file and checks every stored
// position), or with Options.NoMerge joined as they are; its positions are the sum of the
// slices'.
func (r *jobRun) assemble() error {
	var parts []*format.Table
	positions := 0
	for _, a := range r.j.After {
		t, err := format.ReadFile(filepath.Join(r.dir, filepath.FromSlash(r.p.Jobs[a].Output)))
		if err != nil {
			return err
		}
		parts = append(parts, t)
		st, err := ReadStats(r.dir, r.p.Jobs[a])
		if err != nil {
			return err
		}
		positions += st.Positions
	}
	t, err := format.JoinSlices(parts)
	if err != nil {
		return err
	}
	var squares []int
	for _, s := range t.Slices {
		squares = append(squares, s.King)
	}
	if want := SliceSquares(r.j.Material, !r.p.Options.NoBoardSymmetry); !slices.Equal(squares, want) {
		return fmt.Errorf("slices of the white king's squares %v, want %v", squares, want)
	}
	if r.p.Options.NoMerge {
		r.st.Positions, r.st.Cubes, r.st.Symmetry, r.st.Order = positions, t.Cubes(), t.Symmetry, "per slice"
		return r.writeTable(t)
	}
	m := r.j.Material
	vr, err := openValues(r.dir, m)
	if err != nil {
		return err
	}
	defer vr.Close()
	src, err := r.values(vr, -1)
	if err != nil {
		return err
	}
	merged, rep, err := r.builder().Merge(r.ctx, m, parts, src)
	if err != nil {
		return err
	}
	r.st.fromReport(rep, merged)
	if r.st.Positions != positions {
		return fmt.Errorf("the merged table stores %d positions, its slices %d", r.st.Positions, positions)
	}
	return r.writeTable(merged)
}
