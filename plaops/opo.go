package plaops

import (
	"errors"
	"fmt"
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// This file ports opo.c: output phase assignment (T. Sasao's technique).
// The double-phase function of a PLA implements each output and its
// complement; it is minimized, and the smallest set of its primes that
// realizes, for each output, either the function or its complement gives
// the phases.

// Phaser runs the output phase assignment of ESPRESSO 2.3 on one PLA: it
// holds the minimization session and the switches 2.3 keeps in globals.
type Phaser struct {
	// Run minimizes; its cube structure is switched as the PLA's changes.
	Run *minimize.Run
	// Out receives the summary and trace lines.
	Out io.Writer
	// Summary and Trace are 2.3's -s and -t.
	Summary, Trace bool
	// Exact minimizes exactly instead of with espresso (opo_exact).
	Exact bool

	start int64 // clock at the start, for the OPO trace lines
	level int   // recursion depth of opo_recur
}

// minimize minimizes p's function with espresso or exactly, printing a
// summary line (minimize in opo.c).
func (s *Phaser) minimize(r *minimize.Run, p *pla.PLA) error {
	name := "ESPRESSO  "
	if s.Exact {
		name = "EXACT"
	}
	return minimizePLA(r, p, s.Exact, summary(s.Out, s.Summary), name, minimize.Clock())
}

// minimizePLA minimizes p's function in r, switched to p's cube
// structure, with espresso or, if exact, exactly, and prints the step's
// line under name, with the time since start, to summary unless it is nil.
func minimizePLA(r *minimize.Run, p *pla.PLA, exact bool, summary io.Writer, name string, start int64) error {
	r.SetCube(p.Cube)
	var F *cover.Cover
	var err error
	if exact {
		F, err = r.MinimizeExact(p.F, p.D, p.R, true)
	} else {
		F, err = r.Espresso(p.F, p.D, p.R)
	}
	if err != nil {
		return err
	}
	p.F = F
	if summary != nil {
		minimize.PrintTrace(summary, p.Cube, p.F, name, minimize.Clock()-start)
	}
	return nil
}

// summary returns out when on is set (2.3's -s), else nil.
func summary(out io.Writer, on bool) io.Writer {
	if on {
		return out
	}
	return nil
}

// PhaseAssignment chooses a phase for each output of p and minimizes p
// with it (phase_assignment). strategy is 2.3's -S: bit 0 skips
// make_sparse during the search, bit 1 commits to one output at a time
// (m+1 minimizations), bit 2 minimizes exactly.
func (s *Phaser) PhaseAssignment(p *pla.PLA, strategy int) error {
	s.start = minimize.Clock()
	s.Exact = (strategy/4)%2 != 0
	r := s.Run
	// Like 2.3's global skip_make_sparse, the switch is turned on for the
	// search and off for the final minimization, in the one session.
	r.SetSkipMakeSparse(strategy%2 != 0)
	c := p.Cube
	var err error
	if (strategy/2)%2 != 0 {
		p.Phase = c.FullSet.Clone()
		err = s.repeatedPhaseAssignment(r, p)
	} else {
		p.Phase, err = s.findPhase(r, p, 0, nil)
	}
	r.SetSkipMakeSparse(false)
	if err != nil {
		return err
	}
	p.SetPhase()
	return s.minimize(r, p)
}

// repeatedPhaseAssignment commits to the phase of one output at a time
// (repeated_phase_assignment).
func (s *Phaser) repeatedPhaseAssignment(r *minimize.Run, p *pla.PLA) error {
	c := p.Cube
	if c.Output < 0 {
		// 2.3 loops over a number of outputs read from before the start
		// of its arrays, and prints a phase from there.
		return errors.New("output phase assignment one output at a time (-Dopo -S2) for a function without outputs")
	}
	for i := 0; i < c.PartSize[c.Output]; i++ {
		phase, err := s.findPhase(r, p, i, p.Phase)
		if err != nil {
			return err
		}
		if !phase.Has(c.FirstPart[c.Output] + i) {
			p.Phase.Remove(c.FirstPart[c.Output] + i)
		}
		if s.Trace || s.Summary {
			fmt.Fprintf(s.Out, "\nOPO loop for output #%d\n", i)
			fmt.Fprintf(s.Out, "PLA->phase is %s\n", pla.CubeString(c, p.Phase))
			fmt.Fprintf(s.Out, "phase      is %s\n", pla.CubeString(c, phase))
		}
	}
	return nil
}

// findPhase finds the phases of outputs first.. of p, those before first
// being set by phase1 when not nil (find_phase). It returns the phase
// cube; p is not changed.
func (s *Phaser) findPhase(r *minimize.Run, p *pla.PLA, first int, phase1 cover.Set) (cover.Set, error) {
	c := p.Cube
	phase := c.FullSet.Clone()

	p1 := &pla.PLA{Cube: c, F: p.F.Clone(), R: p.R.Clone(), D: p.D.Clone()}
	if phase1 != nil {
		p1.Phase = phase1.Clone()
		p1.SetPhase()
	}
	t := minimize.Clock()
	if err := outputPhaseSetup(p1, first); err != nil {
		return nil, err
	}
	if s.Summary {
		minimize.PrintTrace(s.Out, p1.Cube, p1.F, "OPO-SETUP ", minimize.Clock()-t)
	}

	if err := s.minimize(r, p1); err != nil {
		return nil, err
	}

	t = minimize.Clock()
	T1, err := s.opo(phase, p1.Cube, p1.F, p1.D, first)
	if err != nil {
		return nil, err
	}
	p1.F = T1
	if s.Summary {
		minimize.PrintTrace(s.Out, p1.Cube, p1.F, "OPO       ", minimize.Clock()-t)
	}

	// 2.3 sets the cube structure up again for the old size, which resets
	// what set_pair made of the sparse flags.
	if p.Cube, err = freshCube(c); err != nil {
		return nil, err
	}
	r.SetCube(p.Cube)
	return phase, nil
}

// freshCube returns a cube structure of c's layout as cube_setup makes it
// (every flag at its default).
func freshCube(c *cover.Cube) (*cover.Cube, error) {
	nc, err := cover.NewCube(c.NumBinaryVars, c.PartSize[c.NumBinaryVars:])
	if err != nil {
		return nil, fmt.Errorf("cube_setup: %w", err)
	}
	return nc, nil
}

// opo selects the primes of the double-phase cover T that realize each
// output in one phase, and clears in phase the outputs whose complement
// is chosen (opo). Outputs before first keep all their primes.
func (s *Phaser) opo(phase cover.Set, c *cover.Cube, T, D *cover.Cover, first int) (*cover.Cover, error) {
	out := c.FirstPart[c.Output]
	sel := cover.NewSet(T.Count).Fill(T.Count)
	for o := 0; o < first; o++ {
		for i := 0; i < T.Count; i++ {
			if T.At(i).Has(out + o) {
				sel.Remove(i)
			}
		}
	}

	offset := (c.PartSize[c.Output] - first) / 2
	last := first + offset - 1
	s.level = 0
	temp := s.opoRecur(c, T, sel, offset, first, last)

	// The largest set is first: keep the primes it does not exclude.
	T1 := c.NewCover(T.Count)
	if T.Count > 0 {
		if temp.Count == 0 {
			// 2.3 reads the first set of an empty family here, memory
			// that holds no set.
			return nil, errors.New("error in output phase assignment")
		}
		pdest := temp.At(0)
		for i := 0; i < T.Count; i++ {
			if !pdest.Has(i) {
				T1.Append(T.At(i))
			}
		}
	}

	// See which functions are not covered.
	T2, err := c.Complement(c.NewCubeList(T1), s.Run.ComplementTrace())
	if err != nil {
		return nil, err
	}
	notCovered := c.NewSet()
	tmp := c.NewSet()
	for i := 0; i < T.Count; i++ {
		q := T.At(i)
		for j := 0; j < T2.Count; j++ {
			q1 := T2.At(j)
			if c.Dist0(q, q1) {
				notCovered.Or(notCovered, tmp.And(q, q1))
			}
		}
	}

	for o := first; o <= last; o++ {
		ind := out + o
		if notCovered.Has(ind) {
			if notCovered.Has(ind + offset) {
				return nil, errors.New("error in output phase assignment")
			}
			phase.Remove(ind)
		}
	}
	return T1, nil
}

// opoRecur multiplies out the product over outputs first..last of (primes
// needed for the function + primes needed for its complement)
// (opo_recur).
func (s *Phaser) opoRecur(c *cover.Cube, T *cover.Cover, sel cover.Set, offset, first, last int) *cover.Cover {
	s.level++
	defer func() { s.level-- }()
	if first == last {
		return opoLeaf(c, T, sel, first, first+offset)
	}
	middle := (first + last) / 2
	sl := s.opoRecur(c, T, sel, offset, first, middle)
	sr := s.opoRecur(c, T, sel, offset, middle+1, last)
	temp := cover.UnateIntersect(sl, sr, s.level == 1)
	if s.Trace {
		fmt.Fprintf(s.Out, "# OPO[%d]: %4d = %4d x %4d, time = %s\n", s.level-1,
			temp.Count, sl.Count, sr.Count, minimize.FormatTime(minimize.Clock()-s.start))
	}
	return temp
}

// opoLeaf returns the two sets of primes (as the complement of sel's
// selection) needed for output out1 and for its complement out2
// (opo_leaf).
func opoLeaf(c *cover.Cube, T *cover.Cover, sel cover.Set, out1, out2 int) *cover.Cover {
	out1 += c.FirstPart[c.Output]
	out2 += c.FirstPart[c.Output]
	temp := cover.NewCover(2, T.Count)
	for _, o := range [2]int{out1, out2} {
		pdest := temp.Append(sel)
		for i := 0; i < T.Count; i++ {
			if T.At(i).Has(o) {
				pdest.Remove(i)
			}
		}
	}
	return temp
}

// outputPhaseSetup replaces p's function by its double-phase function
// (output_phase_setup): outputs first.. are followed by as many new
// outputs realizing their complements, and the cube structure grows
// accordingly.
func outputPhaseSetup(p *pla.PLA, first int) error {
	c := p.Cube
	if c.Output == -1 {
		return errors.New("output_phase_setup: must have an output")
	}
	F, D, R := p.F, p.D, p.R
	firstPart := c.FirstPart[c.Output] + first
	lastPart := c.LastPart[c.Output]
	offset := c.PartSize[c.Output] - first

	nc, err := resizeOutput(c, c.PartSize[c.Output]+offset)
	if err != nil {
		return fmt.Errorf("output_phase_setup: %w", err)
	}
	mask := nc.FullSet.Clone()
	for i := firstPart; i < nc.Size; i++ {
		mask.Remove(i)
	}
	mask1 := mask.Clone()
	for i := nc.FirstPart[nc.Output]; i < firstPart; i++ {
		mask1.Remove(i)
	}
	and := func(dst, m, q cover.Set) cover.Set {
		for k := 1; k < len(dst) && k < len(q); k++ {
			dst[k] = m[k] & q[k]
		}
		return dst
	}

	nF := nc.NewCover(F.Count + R.Count)
	nR := nc.NewCover(F.Count + R.Count)
	nD := nc.NewCover(D.Count)
	for k := 0; k < F.Count; k++ {
		q := F.At(k)
		pf := and(nc.NewSet(), mask, q)
		pr := and(nc.NewSet(), mask1, q)
		save := false
		for i := firstPart; i <= lastPart; i++ {
			if q.Has(i) {
				pf.Insert(i)
				pr.Insert(i + offset)
				save = true
			}
		}
		nF.Append(pf)
		if save {
			nR.Append(pr)
		}
	}
	for k := 0; k < R.Count; k++ {
		q := R.At(k)
		pf := and(nc.NewSet(), mask1, q)
		pr := and(nc.NewSet(), mask, q)
		save := false
		for i := firstPart; i <= lastPart; i++ {
			if q.Has(i) {
				pf.Insert(i + offset)
				pr.Insert(i)
				save = true
			}
		}
		if save {
			nF.Append(pf)
		}
		nR.Append(pr)
	}
	for k := 0; k < D.Count; k++ {
		q := D.At(k)
		pf := and(nc.NewSet(), mask, q)
		for i := firstPart; i <= lastPart; i++ {
			if q.Has(i) {
				pf.Insert(i)
				pf.Insert(i + offset)
			}
		}
		nD.Append(pf)
	}
	p.Cube, p.F, p.D, p.R = nc, nF, nD, nR
	return nil
}

// pow2 is 2.3's POW2(n) on its 32-bit int: the shift count is taken
// modulo 32 and the result may be negative.
func pow2(n int) int { return int(int32(1) << (uint(n) & 31)) }

// OPOAll minimizes p once for each phase assignment of outputs
// first..last and keeps the smallest result (opoall). Each minimization
// prints the phase and a summary line, as 2.3 does after turning its -s
// on; summaryOn reports whether that happened (so the caller's -s is on
// for the rest of the run). Like 2.3 it counts the assignments with a
// 32-bit shift: more than 31 outputs wrap around.
func (s *Phaser) OPOAll(p *pla.PLA, first, last, strategy int) (summaryOn bool, err error) {
	s.Exact = strategy != 0
	c := p.Cube
	best := c.FullSet.Clone()
	bestF, bestD, bestR := p.F.Clone(), p.D.Clone(), p.R.Clone()
	n := pow2(last - first + 1)
	for i := 0; i < n; i++ {
		F, D, R := p.F.Clone(), p.D.Clone(), p.R.Clone()
		p.Phase = c.FullSet.Clone()
		num := i
		for j := last; j >= first; j-- {
			if num%2 == 0 {
				p.Phase.Remove(c.FirstPart[c.Output] + j)
			}
			num /= 2
		}
		p.SetPhase()
		fmt.Fprintf(s.Out, "# phase is %s\n", pla.CubeString(c, p.Phase))
		s.Summary = true
		summaryOn = true
		if err := s.minimize(s.Run, p); err != nil {
			return summaryOn, err
		}
		if p.F.Count < bestF.Count {
			best.Copy(p.Phase)
			bestF, bestD, bestR = p.F, p.D, p.R
		}
		p.F, p.D, p.R = F, D, R
	}
	p.Phase = best
	p.F, p.D, p.R = bestF, bestD, bestR
	return summaryOn, nil
}
