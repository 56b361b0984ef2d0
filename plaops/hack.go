package plaops

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// This file ports hack.c: the don't-care mapping of -Dmapdc, the symbolic
// input and output mappings read_pla applies for .symbolic and
// .symbolic-output, and the state machine disassembly of -Dfsm.

// dontCarePrefixes are the label prefixes that mark the don't-care input
// of [MapDCSet].
var dontCarePrefixes = [...]string{"DONT_CARE", "DONTCARE", "dont_care", "dontcare"}

// traceStep prints a step's trace line to trace when it is not nil (EXEC).
func traceStep(trace io.Writer, c *cover.Cube, start int64, name string, T *cover.Cover) {
	if trace != nil {
		minimize.PrintTrace(trace, c, T, name, minimize.Clock()-start)
	}
}

// MapDCSet turns a binary input whose label starts with DONT_CARE (or
// DONTCARE, dont_care, dontcare) into a don't-care set (map_dcset): the
// points where the ON-set F depends on that input become p.D, they are
// taken out of F, cubes of F that depend on the input are dropped, and the
// input is deleted from the cube structure. A PLA without such a label is
// left alone. When trace is not nil each step prints a trace line to it;
// when complTrace is not nil, simp_comp prints 2.3's -v compl trace to it.
func MapDCSet(p *pla.PLA, trace, complTrace io.Writer) error {
	c := p.Cube
	if p.Labels == nil || p.Labels[0] == "" {
		return nil
	}
	v := -1
	for i := 0; i < 2*c.NumBinaryVars && v < 0; i++ {
		for _, pre := range dontCarePrefixes {
			if strings.HasPrefix(p.Labels[i], pre) {
				v = i / 2
				break
			}
		}
	}
	if v == -1 {
		return nil
	}

	cplus := c.FullSet.Clone()
	cminus := c.FullSet.Clone()
	cplus.Remove(2 * v)
	cminus.Remove(2*v + 1)

	t := minimize.Clock()
	Tplus, Tplusbar, err := c.SimplifyAndComplement(c.Cofactor(c.NewCubeList(p.F), cplus), complTrace)
	if err != nil {
		return fmt.Errorf("map_dcset: %w", err)
	}
	traceStep(trace, c, t, "simpcomp+", Tplus)
	t = minimize.Clock()
	Tminus, Tminusbar, err := c.SimplifyAndComplement(c.Cofactor(c.NewCubeList(p.F), cminus), complTrace)
	if err != nil {
		return fmt.Errorf("map_dcset: %w", err)
	}
	traceStep(trace, c, t, "simpcomp-", Tminus)
	t = minimize.Clock()
	term1 := c.Intersect(Tplus, Tminusbar)
	traceStep(trace, c, t, "term1    ", term1)
	t = minimize.Clock()
	term2 := c.Intersect(Tminus, Tplusbar)
	traceStep(trace, c, t, "term2    ", term2)
	t = minimize.Clock()
	dcset := cover.ContainedUnion(term1, term2)
	traceStep(trace, c, t, "union     ", dcset)
	t = minimize.Clock()
	D, dcsetbar, err := c.SimplifyAndComplement(c.NewCubeList(dcset), complTrace)
	if err != nil {
		return fmt.Errorf("map_dcset: %w", err)
	}
	p.D = D
	traceStep(trace, c, t, "simplify", p.D)
	t = minimize.Clock()
	p.F = c.Intersect(p.F, dcsetbar)
	traceStep(trace, c, t, "separate  ", p.F)

	// Remove the cubes that depend on the don't-care variable.
	p.F.SetAllActive()
	for i := 0; i < p.F.Count; i++ {
		q := p.F.At(i)
		if !q.Has(2*v) || !q.Has(2*v+1) {
			q.ResetFlag(cover.Active)
		}
	}
	p.F = p.F.RemoveInactive()

	// Delete the variable from the cube structure and the labels.
	nc, err := cover.NewCube(c.NumBinaryVars-1, c.PartSize[c.NumBinaryVars:])
	if err != nil {
		return fmt.Errorf("map_dcset: %w", err)
	}
	labels := make([]string, nc.Size)
	copy(labels, p.Labels[:2*v])
	copy(labels[2*v:], p.Labels[2*v+2:])
	p.Labels = labels
	p.Cube = nc
	p.F = p.F.DeleteColumns(2*v, 2*v+1)
	p.D = p.D.DeleteColumns(2*v, 2*v+1)
	return nil
}

// MapOutputSymbolic replaces the outputs named by each .symbolic-output
// declaration by a one-hot encoding of their values (map_output_symbolic):
// a new output per combination of the values of the declared outputs, set
// where the old outputs take that combination. The declared outputs are
// deleted, the ON-set and DC-set are given a quick minimization
// (containment and distance-1 merges) and the OFF-set is left empty; the
// caller recomputes it if needed. The positions in p.SymbolicOutput are
// shifted past the new outputs, as 2.3 leaves them. When complTrace is not
// nil, the complement prints 2.3's -v compl trace to it.
func MapOutputSymbolic(p *pla.PLA, complTrace io.Writer) error {
	c := p.Cube
	if c.Output == -1 {
		return errors.New("symbolic-output index out of range")
	}
	// Remove the DC-set from the ON-set.
	if p.D.Count > 0 {
		F, err := c.Complement(c.NewCubeList(p.D, p.R), complTrace)
		if err != nil {
			return fmt.Errorf("map_output_symbolic: %w", err)
		}
		p.F = F
	}

	totSize := 0
	for _, s := range p.SymbolicOutput {
		for _, it := range s.List {
			if it.Pos < 0 || it.Pos >= c.PartSize[c.Output] {
				return errors.New("symbolic-output index out of range")
			}
		}
		totSize += 1 << len(s.List)
	}
	for k := range p.SymbolicOutput {
		for j := range p.SymbolicOutput[k].List {
			p.SymbolicOutput[k].List[j].Pos += totSize
		}
	}

	oldSize := c.Size
	nc, err := resizeOutput(c, c.PartSize[c.Output]+totSize)
	if err != nil {
		return fmt.Errorf("map_output_symbolic: %w", err)
	}
	c = nc
	base := c.FirstPart[c.Output]
	p.F = p.F.AddColumns(base, totSize)
	p.D = p.D.AddColumns(base, totSize)
	p.R = p.R.AddColumns(base, totSize)

	var newF *cover.Cover
	for _, s := range p.SymbolicOutput {
		newF = c.NewCover(100)
		findInputs(c, nil, p, s.List, base, 0, newF)
		p.F = newF
		base += 1 << len(s.List)
	}

	// Delete the old outputs and resize the cube.
	compress := cover.NewSet(newF.SetSize).Fill(newF.SetSize)
	for _, s := range p.SymbolicOutput {
		for _, it := range s.List {
			compress.Remove(c.FirstPart[c.Output] + it.Pos)
		}
	}
	nc, err = resizeOutput(c, c.PartSize[c.Output]-(newF.SetSize-compress.Count()))
	if err != nil {
		return fmt.Errorf("map_output_symbolic: %w", err)
	}
	c = nc
	p.F = p.F.Compress(compress)
	p.D = p.D.Compress(compress)
	if c.Size != p.F.SetSize {
		return errors.New("map_output_symbolic: error")
	}

	// Quick minimization.
	p.F = p.F.Maximal()
	p.D = p.D.Maximal()
	for v := 0; v < c.NumVars; v++ {
		p.F = p.F.Distance1Merge(c.VarMask[v])
		p.D = p.D.Distance1Merge(c.VarMask[v])
	}
	p.F = p.F.Maximal()
	p.D = p.D.Maximal()
	p.R = c.NewCover(0)
	p.Cube = c

	p.SymbolicHackLabels(p.SymbolicOutput, compress, c.Size, oldSize, totSize, c.FirstPart[c.Output])
	return nil
}

// resizeOutput returns a cube structure like c with the output variable
// of the given size.
func resizeOutput(c *cover.Cube, size int) (*cover.Cube, error) {
	sizes := append([]int(nil), c.PartSize[c.NumBinaryVars:]...)
	sizes[len(sizes)-1] = size
	return cover.NewCube(c.NumBinaryVars, sizes)
}

// findInputs adds to newF the points of A (nil: everywhere) where the
// outputs of list take the binary value value, with output part
// base+value set (find_inputs). The OFF-set branch (bit 0) is explored
// before the ON-set branch.
func findInputs(c *cover.Cube, A *cover.Cover, p *pla.PLA, list []pla.SymbolicItem, base, value int, newF *cover.Cover) {
	if len(list) == 0 {
		S := c.Intersect(A, p.F)
		for i := 0; i < S.Count; i++ {
			S.At(i).Insert(base + value)
		}
		newF.AppendCover(S)
		return
	}
	for bit, T := range [2]*cover.Cover{p.R, p.F} {
		S := c.CofactorOutput(T, c.FirstPart[c.Output]+list[0].Pos)
		if A != nil {
			S = c.Intersect(A, S)
		}
		findInputs(c, S, p, list[1:], base, value*2+bit, newF)
	}
}

// fsmSimplify minimizes F with an empty DC-set (fsm_simplify).
func fsmSimplify(r *minimize.Run, F *cover.Cover) (*cover.Cover, error) {
	c := r.Cube()
	R, err := c.Complement(c.NewCubeList(F), r.ComplementTrace())
	if err != nil {
		return nil, err
	}
	return r.Espresso(F, c.NewCover(0), R)
}

// DisassembleFSM minimizes a state machine given as a PLA whose first
// multiple-valued variable is the present state and whose first outputs
// are a one-hot next state (as .symbolic-output makes them), one
// transition at a time, and prints the result to w as a kiss state table
// (disassemble_fsm). With verbose (2.3's -s) it prints the cube counts of
// each group. r must be for p's cube structure. When the PLA does not
// have that shape it writes 2.3's hint to stderr and returns an error.
func DisassembleFSM(r *minimize.Run, w io.Writer, stderr io.Writer, p *pla.PLA, verbose bool) error {
	c := p.Cube
	if c.NumVars-c.NumBinaryVars != 2 {
		fmt.Fprintf(stderr, "use .symbolic and .symbolic-output to specify\n")
		fmt.Fprintf(stderr, "the present state and next state field information\n")
		return errors.New("disassemble_pla: need two multiple-valued variables\n")
	}
	nin := c.NumBinaryVars
	nstates := c.PartSize[nin]
	nout := c.PartSize[c.NumVars-1]
	if nout < nstates {
		fmt.Fprintf(stderr, "use .symbolic and .symbolic-output to specify\n")
		fmt.Fprintf(stderr, "the present state and next state field information\n")
		return errors.New("disassemble_pla: # outputs < # states\n")
	}

	presentState := c.FirstPart[nin]
	presentMask := c.NewSet()
	for i := 0; i < nstates; i++ {
		presentMask.Insert(i + presentState)
	}
	nextState := c.FirstPart[nin+1]
	nextMask := c.NewSet()
	for i := 0; i < nstates; i++ {
		nextMask.Insert(i + nextState)
	}
	stateMask := c.NewSet().Or(nextMask, presentMask)

	F := c.NewCover(10)

	// Arcs from any state to state i.
	for i := 0; i < nstates; i++ {
		tF := c.NewCover(10)
		for k := 0; k < p.F.Count; k++ {
			q := p.F.At(k)
			if presentMask.Implies(q) && q.Has(nextState+i) {
				tF.Append(q)
			}
		}
		before := tF.Count
		if before > 0 {
			var err error
			if tF, err = fsmSimplify(r, tF); err != nil {
				return err
			}
			for k := 0; k < tF.Count; k++ {
				tF.At(k).Insert(nextState + i)
			}
			F.AppendCover(tF)
			if verbose {
				fmt.Fprintf(w, "# state EVERY to %d, before=%d after=%d\n", i, before, tF.Count)
			}
		}
	}

	// Arcs without a next state: unravel the present state.
	goNowhere := c.NewCover(10)
	for k := 0; k < p.F.Count; k++ {
		if q := p.F.At(k); q.Disjoint(nextMask) {
			goNowhere.Append(q)
		}
	}
	before := goNowhere.Count
	goNowhere, err := c.Unravel(goNowhere, nin, nin)
	if err != nil {
		return err
	}
	F.AppendCover(goNowhere)
	if verbose {
		fmt.Fprintf(w, "# state ANY to NOWHERE, before=%d after=%d\n", before, goNowhere.Count)
	}

	// Arcs from state i to state j.
	for i := 0; i < nstates; i++ {
		for j := 0; j < nstates; j++ {
			tF := c.NewCover(10)
			for k := 0; k < p.F.Count; k++ {
				q := p.F.At(k)
				if !presentMask.Implies(q) && q.Has(presentState+i) && q.Has(nextState+j) {
					q1 := q.Clone()
					q1.Diff(q1, stateMask)
					q1.Insert(presentState + i)
					q1.Insert(nextState + j)
					tF.Append(q1)
				}
			}
			before := tF.Count
			if before > 0 {
				if tF, err = fsmSimplify(r, tF); err != nil {
					return err
				}
				for k := 0; k < tF.Count; k++ {
					tF.At(k).Insert(nextState + j)
				}
				F.AppendCover(tF)
				if verbose {
					fmt.Fprintf(w, "# state %d to %d, before=%d after=%d\n", i, j, before, tF.Count)
				}
			}
		}
	}

	nc, err := cover.NewCube(nin, []int{nstates, nstates, nout - nstates})
	if err != nil {
		return fmt.Errorf("disassemble_fsm: %w", err)
	}
	p.Cube = nc
	p.F = F
	p.D = nc.NewCover(0)
	return pla.Write(w, p, pla.Kiss)
}
