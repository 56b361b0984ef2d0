package minimize

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
)

// singleOutputMinimizer minimizes the function F, D, R of one output; name
// is the label of its summary line.
type singleOutputMinimizer func(r *Run, F, D, R *cover.Cover) (*cover.Cover, error)

func espressoStep(r *Run, F, D, R *cover.Cover) (*cover.Cover, error) {
	return r.Espresso(F, D, R)
}

// minimizeOutput runs min on one output's covers with make_sparse turned
// off for the rest of the session, as 2.3 does, printing a summary line
// under name when Summary is set (so_do_espresso's EXEC_S).
func (r *Run) minimizeOutput(min singleOutputMinimizer, name string, F, D, R *cover.Cover) (*cover.Cover, error) {
	r.opt.SkipMakeSparse = true
	t := Clock()
	F, err := min(r, F, D, R)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if r.opt.Summary {
		PrintTrace(r.out, r.cube, F, name, Clock()-t)
	}
	return F, nil
}

// SingleOutput minimizes each output of the function F, D, R separately
// with [Run.Espresso] and returns the union of the results, output by
// output (so_espresso with strategy 0). Like 2.3, it turns make_sparse off
// for the rest of the session.
func (r *Run) SingleOutput(F, D, R *cover.Cover) (*cover.Cover, error) {
	return r.singleOutput(espressoStep, "ESPRESSO", F, D, R)
}

func (r *Run) singleOutput(min singleOutputMinimizer, label string, F, D, R *cover.Cover) (*cover.Cover, error) {
	cube := r.cube
	Fmin := cube.NewCover(F.Count)
	err := cube.ForEachOutputFunction(F, D, R,
		func(o *cover.OutputFunction, i int) (bool, error) {
			var err error
			o.F, err = r.minimizeOutput(min, fmt.Sprintf("%s-POS(%d)", label, i), o.F, o.D, o.R)
			return err == nil, err
		},
		func(o *cover.OutputFunction, i int) (bool, error) {
			Fmin = Fmin.AppendCover(o.F)
			o.F = nil
			return true, nil
		})
	if err != nil {
		return nil, err
	}
	return Fmin, nil
}

// SingleOutputBoth minimizes each output of the function F, D, R
// separately in both phases with [Run.Espresso] (the ON-set against the
// OFF-set, then the OFF-set against the minimized ON-set) and keeps, for
// each output, the phase with fewer cubes; it returns the union of the
// results and the phase: the cube with every part except the outputs
// whose OFF-set was kept (so_both_espresso with strategy 0). Like 2.3, it
// turns make_sparse off for the rest of the session.
func (r *Run) SingleOutputBoth(F, D, R *cover.Cover) (*cover.Cover, cover.Set, error) {
	return r.singleOutputBoth(espressoStep, "ESPRESSO", F, D, R)
}

func (r *Run) singleOutputBoth(min singleOutputMinimizer, label string, F, D, R *cover.Cover) (*cover.Cover, cover.Set, error) {
	cube := r.cube
	phase := cube.FullSet.Clone()
	Fmin := cube.NewCover(F.Count)
	err := cube.ForEachOutputFunction(F, D, R,
		func(o *cover.OutputFunction, i int) (bool, error) {
			var err error
			o.F, err = r.minimizeOutput(min, fmt.Sprintf("%s-POS(%d)", label, i), o.F, o.D, o.R)
			if err != nil {
				return false, err
			}
			o.R, err = r.minimizeOutput(min, fmt.Sprintf("%s-NEG(%d)", label, i), o.R, o.D, o.F)
			return err == nil, err
		},
		func(o *cover.OutputFunction, i int) (bool, error) {
			if o.F.Count > o.R.Count {
				o.F = o.R
				phase.Remove(i + cube.FirstPart[cube.Output])
			}
			o.R = nil
			Fmin = Fmin.AppendCover(o.F)
			o.F = nil
			return true, nil
		})
	if err != nil {
		return nil, nil, err
	}
	return Fmin, phase, nil
}
