package minimize

import (
	"github.com/espresso-go/espresso/cover"
)

// MakeSparse is the last clean-up step of ESPRESSO: it lowers the sparse
// variables with [Run.MVReduce] and raises the dense ones with a
// nonsparse [Run.Expand], repeating while the number of literals drops and
// ForceIrredundant is set (make_sparse).
func (r *Run) MakeSparse(F, D, R *cover.Cover) (*cover.Cover, error) {
	best := r.cube.CoverCost(F)
	for {
		t := Clock()
		var err error
		if F, err = r.MVReduce(F, D); err != nil {
			return nil, err
		}
		cost := r.totals(t, MVReduceTime, F)
		if cost.Total == best.Total {
			break
		}
		best = cost

		t = Clock()
		F, err = r.Expand(F, R, true)
		if err != nil {
			return nil, err
		}
		cost = r.totals(t, RaiseInTime, F)
		if cost.Total == best.Total {
			break
		}
		best = cost
		if !r.opt.ForceIrredundant {
			break
		}
	}
	return F, nil
}

// MVReduce removes from each cube the parts of the sparse variables that
// are not needed, found for each part with irredundant rather than reduce;
// cubes left empty in a sparse variable are deleted (mv_reduce). F is
// overwritten.
func (r *Run) MVReduce(F, D *cover.Cover) (*cover.Cover, error) {
	cube := r.cube
	// The covers of each part are built in the same storage.
	table := make([]int, 0, F.Count)
	F1 := cube.NewCover(F.Count)
	D1 := cube.NewCover(0)
	for v := 0; v < cube.NumVars; v++ {
		if !cube.Sparse[v] {
			continue
		}
		mask := cube.VarMask[v]
		for i := cube.FirstPart[v]; i <= cube.LastPart[v]; i++ {
			// 'Cofactor' F and D against part i of variable v,
			// remembering which cube of F each cube of F1 comes from.
			table = table[:0]
			F1.Truncate(0)
			F1.ActiveCount = 0
			for j := 0; j < F.Count; j++ {
				p := F.At(j)
				if p.Has(i) {
					table = append(table, j)
					p1 := F1.AppendEmpty()
					p1.Diff(p, mask)
					p1.Insert(i)
				}
			}
			D1.Truncate(0)
			D1.ActiveCount = 0
			for j := 0; j < D.Count; j++ {
				p := D.At(j)
				if p.Has(i) {
					p1 := D1.AppendEmpty()
					p1.Diff(p, mask)
					p1.Insert(i)
				}
			}

			if err := r.MarkIrredundant(F1, D1); err != nil {
				return nil, err
			}

			// Remove part i from the cubes found redundant.
			for j := 0; j < F1.Count; j++ {
				if F1.At(j).Test(cover.Active) {
					continue
				}
				p := F.At(table[j])
				// Don't reduce a variable which is full (unless it is
				// the output variable).
				if v == cube.NumVars-1 || !mask.Implies(p) {
					p.Remove(i)
				}
				p.ResetFlag(cover.Prime)
			}
		}
	}

	// Delete the cubes that disappeared.
	F.SetAllActive()
	for v := 0; v < cube.NumVars; v++ {
		if !cube.Sparse[v] {
			continue
		}
		for j := 0; j < F.Count; j++ {
			p := F.At(j)
			if p.Test(cover.Active) && p.Disjoint(cube.VarMask[v]) {
				p.ResetFlag(cover.Active)
				F.ActiveCount--
			}
		}
	}
	if F.Count != F.ActiveCount {
		F = F.RemoveInactive()
	}
	return F, nil
}
