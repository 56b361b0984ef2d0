package plan

import (
	"fmt"
	"path/filepath"

	"github.com/espresso-go/espresso/chess"
)

// slice minimizes one slice of a table from the values file of its material, in the
// table's one order (builder.SliceOrder, from the slice of the reference square), checks
// it, and writes it as a table file holding that slice.
func (r *jobRun) slice() error {
	m := r.j.Material
	vr, err := openValues(r.dir, m)
	if err != nil {
		return err
	}
	defer vr.Close()
	b := r.builder()
	ref, err := sliceValues(vr, b.ReferenceSquare(m))
	if err != nil {
		return err
	}
	order, err := b.SliceOrder(m, ref)
	if err != nil {
		return err
	}
	at, err := sliceValues(vr, r.j.Square)
	if err != nil {
		return err
	}
	t, rep, err := b.BuildSlice(r.ctx, m, r.j.Square, order, at)
	if err != nil {
		return err
	}
	r.st.fromReport(rep, t)
	return r.writeTable(t)
}

// openValues opens the values file of m in the build's folder dir.
func openValues(dir string, m chess.Material) (*chess.ValuesReader, error) {
	vr, err := chess.OpenValuesFile(filepath.Join(dir, ValuesPath(m)))
	if err != nil {
		return nil, err
	}
	if vr.Material().String() != m.String() {
		vr.Close()
		return nil, fmt.Errorf("%s holds the values of %v, whose indices are not %v's", ValuesPath(m), vr.Material(), m)
	}
	return vr, nil
}

// sliceValues reads the values of the positions with the white king on square king: two
// ranges of the index, White to move and Black to move.
func sliceValues(vr *chess.ValuesReader, king int) (func(x int) chess.Status, error) {
	l := vr.Material().Layout()
	var parts [2]*chess.Values
	for stm := range parts {
		var err error
		if parts[stm], err = vr.ReadRange(l.SliceRange(chess.Colour(stm), king)); err != nil {
			return nil, err
		}
	}
	return func(x int) chess.Status { return parts[l.SideToMove(uint32(x))].At(x) }, nil
}
