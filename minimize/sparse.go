package minimize

import (
	"github.com/espresso-go/espresso/cover"
)

// MakeSparse is the last clean-up step of ESPRESSO: it lowers the sparse
// variables with [Run.MVReduce] and raises the dense ones with a
// nonsparse [Run.Expand], repeating while the number of literals drops and
// ForceIrredundant is set (make_sparse).
func (r *Run) MakeSparse(F, D, R *cover.Cover) (*cover.Cover, error) {
	return r.makeSparse(F, D, R, nil)
}

// makeSparse is MakeSparse with points, when not nil, the cover of D's
// points that the questions about them take, compacted already
// (compactDC): ESPRESSO's loop has compacted a copy of D.
func (r *Run) makeSparse(F, D, R, points *cover.Cover) (*cover.Cover, error) {
	if D.Count >= r.compactDCFrom {
		// The scratch holds lists of the loop's DC-set (dropScratch);
		// below, making it anew costs more than what it holds.
		r.dropScratch()
	}
	best := r.cube.CoverCost(F)
	for {
		t := Clock()
		var err error
		if F, err = r.mvReduce(F, D, points); err != nil {
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
	return r.mvReduce(F, D, nil)
}

// mvReduce is MVReduce with points as makeSparse takes it.
func (r *Run) mvReduce(F, D, points *cover.Cover) (*cover.Cover, error) {
	cube := r.cube
	r.progress(MVReduceTime, -1, F.Count)
	// The covers of each part are built in the same storage. D's points
	// are compacted once: a part's are those of the compacted cubes that
	// hold it (mvPart.cofactor).
	part := newMVPart(cube, F.Count)
	for v := 0; v < cube.NumVars; v++ {
		if !cube.Sparse[v] {
			continue
		}
		if points == nil {
			points = r.compactDC(D)
		}
		if v == cube.Output && r.spreadMVReduce(F, D) {
			if err := r.mvReduceOutput(F, D, points); err != nil {
				return nil, err
			}
			continue
		}
		mask := cube.VarMask[v]
		for i := cube.FirstPart[v]; i <= cube.LastPart[v]; i++ {
			part.cofactor(F, D, points, v, i)
			if err := r.markIrredundant(part.F1, part.dcSet()); err != nil {
				return nil, err
			}
			// Remove part i from the cubes found redundant.
			for _, j := range part.redundant() {
				p := F.At(j)
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

// mvPart holds the covers mv_reduce builds for one part i of a variable v:
// F and D 'cofactored' against it (each cube holding part i, with v
// replaced by part i alone), and for each cube of F1 the index in F of the
// cube it comes from. P1, where compacted, is the cover of D1's points
// that the questions about them take, made the same way from D's
// (compactDC); D1 is otherwise.
type mvPart struct {
	cube       *cover.Cube
	F1, D1, P1 *cover.Cover
	compacted  bool
	table      []int
}

func newMVPart(cube *cover.Cube, n int) *mvPart {
	return &mvPart{cube: cube, F1: cube.NewCover(n), D1: cube.NewCover(0), table: make([]int, 0, n)}
}

// cofactor builds x's covers for part i of variable v, reusing their
// storage; it only reads F, D and points, the cover of D's points (D
// itself, or D compacted: its cubes holding part i hold the points of D's
// cubes holding it, in v's part i).
func (x *mvPart) cofactor(F, D, points *cover.Cover, v, i int) {
	mask := x.cube.VarMask[v]
	x.table = x.table[:0]
	x.F1.Truncate(0)
	x.F1.ActiveCount = 0
	for j := 0; j < F.Count; j++ {
		p := F.At(j)
		if p.Has(i) {
			x.table = append(x.table, j)
			p1 := x.F1.AppendEmpty()
			p1.Diff(p, mask)
			p1.Insert(i)
		}
	}
	x.D1 = partOf(x.D1, D, mask, i)
	x.compacted = points != D
	if x.compacted {
		if x.P1 == nil {
			x.P1 = x.cube.NewCover(0)
		}
		x.P1 = partOf(x.P1, points, mask, i)
	}
}

// dcSet returns the DC-set of the part's IRREDUNDANT.
func (x *mvPart) dcSet() dcSet {
	if !x.compacted {
		return dcSet{cubes: x.D1, points: x.D1}
	}
	return dcSet{cubes: x.D1, points: x.P1}
}

// partOf returns dst, emptied, holding the cubes of src that hold part i
// of the variable of mask, with the variable replaced by part i alone.
func partOf(dst, src *cover.Cover, mask cover.Set, i int) *cover.Cover {
	dst.Truncate(0)
	dst.ActiveCount = 0
	// Room for the part's cubes at once: grown cube by cube, a cover of
	// most of src leaves a copy behind at each growth, of as many sizes.
	n := 0
	for j := 0; j < src.Count; j++ {
		if src.At(j).Has(i) {
			n++
		}
	}
	dst.Grow(n)
	for j := 0; j < src.Count; j++ {
		p := src.At(j)
		if p.Has(i) {
			p1 := dst.AppendEmpty()
			p1.Diff(p, mask)
			p1.Insert(i)
		}
	}
	return dst
}

// redundant returns the indices in F of the cubes whose copies in F1 are
// not flagged Active (after MarkIrredundant), in order.
func (x *mvPart) redundant() []int {
	var out []int
	for j := 0; j < x.F1.Count; j++ {
		if !x.F1.At(j).Test(cover.Active) {
			out = append(out, x.table[j])
		}
	}
	return out
}

// spreadMVReduce reports whether mv_reduce spreads the parts of the output
// variable over the run's workers: with more than one, on enough work,
// below mvReduceParallelTo cubes, and with no IRREDUNDANT debugging lines
// (IRRED, IRRED1 or TAUT) to keep in order.
func (r *Run) spreadMVReduce(F, D *cover.Cover) bool {
	return r.opt.Workers > 1 && r.opt.Debug&(DebugIrred|DebugIrred1|DebugTaut) == 0 &&
		F.Count*(F.Count+D.Count) >= r.parallelFrom && F.Count+D.Count < mvReduceParallelTo
}

// mvReduceOutput is mv_reduce's loop over the parts of the output
// variable, the parts spread over the run's workers. In that variable the
// cubes each part's covers are made of do not depend on what the other
// parts remove (a part is removed whether or not the variable is full, and
// only the part itself is tested), so each part's redundant cubes are
// found from F as it stands, each worker with a run of its own, and the
// parts are then removed in 2.3's order.
func (r *Run) mvReduceOutput(F, D, points *cover.Cover) error {
	cube := r.cube
	v := cube.Output
	first, n := cube.FirstPart[v], cube.PartSize[v]
	workers := r.opt.Workers
	for len(r.partRuns) < workers {
		opt := r.opt
		opt.Workers, opt.Out, opt.Trace, opt.Summary, opt.Debug = 1, nil, false, false, 0
		r.partRuns = append(r.partRuns, NewRun(cube, &opt))
	}
	parts := make([]*mvPart, workers)
	for w := range parts {
		r.partRuns[w].SetCube(cube)
		parts[w] = newMVPart(cube, F.Count)
	}
	redundant := make([][]int, n)
	errs := make([]error, n)
	err := forEachParallel(n, workers, 1, func(w, k int) {
		x := parts[w]
		x.cofactor(F, D, points, v, first+k)
		if errs[k] = r.partRuns[w].markIrredundant(x.F1, x.dcSet()); errs[k] == nil {
			redundant[k] = x.redundant()
		}
	})
	if err != nil {
		return err
	}
	for k := range n {
		if errs[k] != nil {
			return errs[k]
		}
		for _, j := range redundant[k] {
			p := F.At(j)
			p.Remove(first + k)
			p.ResetFlag(cover.Prime)
		}
	}
	return nil
}
