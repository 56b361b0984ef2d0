package plan

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/builder"
	"github.com/espresso-go/espresso/tablebase/format"
)

// slice minimizes one slice of a table from the values file of its material, in the
// table's one order (builder.SliceOrder, from the slice of the reference square), checks
// it, and writes it as a table file holding that slice. The reference square's slice
// comes first in the plan: it chooses the order, leaves it in the build's folder
// (OrderPath) for the others, and is the slice the choice made.
func (r *jobRun) slice() error {
	m := r.j.Material
	vr, err := openValues(r.dir, m)
	if err != nil {
		return err
	}
	defer vr.Close()
	b := r.builder()
	src, err := r.values(vr, r.j.Square)
	if err != nil {
		return err
	}
	order, known, err := r.readOrder()
	if err != nil {
		return err
	}
	var t *format.Table
	var rep *builder.Report
	switch {
	case known:
		t, rep, err = b.BuildSlice(r.ctx, m, r.j.Square, order, src)
	case r.j.Square == b.ReferenceSquare(m):
		if order, t, rep, err = b.SliceOrder(r.ctx, m, src); err == nil {
			err = r.writeOrder(order)
		}
	default:
		// Run before the reference square's slice (by hand): choose the order as it would.
		var ref builder.Values
		if ref, err = r.values(vr, b.ReferenceSquare(m)); err != nil {
			return err
		}
		if order, _, _, err = b.SliceOrder(r.ctx, m, ref); err != nil {
			return err
		}
		if err = r.writeOrder(order); err != nil {
			return err
		}
		t, rep, err = b.BuildSlice(r.ctx, m, r.j.Square, order, src)
	}
	if err != nil {
		return err
	}
	r.st.fromReport(rep, t)
	return r.writeTable(t)
}

// readOrder returns the table's decision-list order from the build's folder (OrderPath),
// and whether it is there.
func (r *jobRun) readOrder() ([3]chess.Status, bool, error) {
	data, err := os.ReadFile(filepath.Join(r.dir, filepath.FromSlash(OrderPath(r.j.Material))))
	if errors.Is(err, fs.ErrNotExist) {
		return [3]chess.Status{}, false, nil
	}
	if err != nil {
		return [3]chess.Status{}, false, err
	}
	o, err := parseOrder(string(data))
	return o, err == nil, err
}

// writeOrder leaves order in the build's folder (OrderPath), complete or not at all.
// SliceOrder is deterministic, so slice jobs that each choose it agree.
func (r *jobRun) writeOrder(order [3]chess.Status) error {
	return r.opt.WriteFile(filepath.Join(r.dir, filepath.FromSlash(OrderPath(r.j.Material))), func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%v %v %v\n", order[0], order[1], order[2])
		return err
	})
}

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
// of every position, read a slice at a time as the merge asks for them), and with
// Options.CapturesResolved what their captures attain.
func (r *jobRun) values(vr *chess.ValuesReader, king int) (builder.Values, error) {
	var src builder.Values
	if king < 0 {
		src.Slice = func(king int) (func(x int) chess.Status, error) { return sliceValues(vr, king) }
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
