package plan

import (
	"fmt"
	"path/filepath"

	"github.com/espresso-go/espresso/chess"
)

// slice minimizes one slice of a table from the values file of its material, checks it,
// and writes it as a table file holding that slice.
func (r *jobRun) slice() error {
	m := r.j.Material
	vr, err := chess.OpenValuesFile(filepath.Join(r.dir, ValuesPath(m)))
	if err != nil {
		return err
	}
	defer vr.Close()
	if vr.Material().String() != m.String() {
		return fmt.Errorf("%s holds the values of %v, whose indices are not %v's", ValuesPath(m), vr.Material(), m)
	}
	// The slice's positions: White to move, then Black to move, each a range of the
	// indices with the white king on the job's square.
	l := m.Layout()
	var parts [2]*chess.Values
	for stm := range parts {
		if parts[stm], err = vr.ReadRange(l.SliceRange(chess.Colour(stm), r.j.Square)); err != nil {
			return err
		}
	}
	at := func(x int) chess.Status { return parts[l.SideToMove(uint32(x))].At(x) }
	t, rep, err := r.builder().BuildSlice(r.ctx, m, r.j.Square, at)
	if err != nil {
		return err
	}
	r.st.fromReport(rep, t)
	return r.writeTable(t)
}
