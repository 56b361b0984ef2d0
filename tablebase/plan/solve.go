package plan

import (
	"fmt"
	"path/filepath"

	"github.com/espresso-go/espresso/chess"
)

// solve solves a material and writes its values file, reading the values of the
// five-piece materials it depends on from the build's values files (the jobs it runs
// after wrote them) and solving smaller ones in memory.
func (r *jobRun) solve() error {
	m := r.j.Material
	values := filepath.Join(r.dir, "values")
	if filepath.Join(values, chess.ValuesName(m)) != r.out {
		return fmt.Errorf("the plan's output %s is not the values file %s", r.j.Output, chess.ValuesName(m))
	}
	s := chess.NewSolver()
	s.Workers, s.Progress, s.Deps = r.opt.Workers, r.opt.Progress, chess.ValuesDir(values)
	v, err := s.SolveValues(m)
	if err != nil {
		return err
	}
	w, d, l := v.Count()
	r.st.Positions = w + d + l
	_, err = chess.WriteValuesFile(values, v)
	return err
}
