package plan

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/builder"
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
	order, err := r.order(b, vr)
	if err != nil {
		return err
	}
	src, err := r.values(vr, r.j.Square)
	if err != nil {
		return err
	}
	t, rep, err := b.BuildSlice(r.ctx, m, r.j.Square, order, src)
	if err != nil {
		return err
	}
	r.st.fromReport(rep, t)
	return r.writeTable(t)
}

// order returns the table's decision-list order: read from the build's folder, where the
// first slice job to choose it leaves it (OrderPath), or chosen by builder.SliceOrder and
// written there. SliceOrder is deterministic, so slice jobs running at once that each
// choose it agree, and the file appears complete or not at all.
func (r *jobRun) order(b *builder.Builder, vr *chess.ValuesReader) ([3]chess.Status, error) {
	m := r.j.Material
	path := filepath.Join(r.dir, filepath.FromSlash(OrderPath(m)))
	if data, err := os.ReadFile(path); err == nil {
		return parseOrder(string(data))
	}
	ref, err := r.values(vr, b.ReferenceSquare(m))
	if err != nil {
		return [3]chess.Status{}, err
	}
	order, err := b.SliceOrder(r.ctx, m, ref)
	if err != nil {
		return order, err
	}
	err = r.opt.WriteFile(path, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%v %v %v\n", order[0], order[1], order[2])
		return err
	})
	return order, err
}

// parseOrder reads an order as its file holds it: "win loss draw".
func parseOrder(s string) ([3]chess.Status, error) {
	var o [3]chess.Status
	f := strings.Fields(s)
	if len(f) != 3 {
		return o, fmt.Errorf("an order file holding %q, not three values", s)
	}
	for i, name := range f {
		switch name {
		case chess.Win.String():
			o[i] = chess.Win
		case chess.Draw.String():
			o[i] = chess.Draw
		case chess.Loss.String():
			o[i] = chess.Loss
		default:
			return o, fmt.Errorf("an order file holding %q: %q is no value", s, name)
		}
	}
	return o, nil
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

// values returns the values of the positions with the white king on square king (king < 0:
// of every position), and with Options.CapturesResolved what their captures attain.
func (r *jobRun) values(vr *chess.ValuesReader, king int) (builder.Values, error) {
	var src builder.Values
	if king < 0 {
		all, err := vr.ReadAll()
		if err != nil {
			return src, err
		}
		src.At = all.At
	} else {
		at, err := sliceValues(vr, king)
		if err != nil {
			return src, err
		}
		src.At = at
	}
	if r.p.Options.CapturesResolved {
		s := chess.NewSolver()
		s.Workers, s.Deps = r.opt.Workers, chess.ValuesDir(filepath.Join(r.dir, "values"))
		c, err := s.Captures(vr.Material())
		if err != nil {
			return src, err
		}
		src.Captures = c.Best
	}
	return src, nil
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
