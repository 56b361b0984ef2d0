package main

import (
	"errors"
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
	"github.com/espresso-go/espresso/plaops"
)

// This file holds the commands that work on a whole PLA (package plaops):
// output phase assignment, input pairing, equivalent outputs, the
// don't-care and state-machine mappings, and -Dtest.

// cmdEquiv reports equivalent outputs (KEY_equiv).
func cmdEquiv(e *env) error {
	e.opts.printSolution = false
	return plaops.FindEquivOutputs(e.out, e.pla, e.complTrace(), e.tautTrace())
}

// cmdMapDC turns a DONT_CARE input into a DC-set and prints ON-set and
// DC-set (KEY_mapdc).
func cmdMapDC(e *env) error {
	var trace io.Writer
	if e.opts.Trace {
		trace = e.out
	}
	if err := plaops.MapDCSet(e.pla, trace, e.complTrace()); err != nil {
		return err
	}
	e.opts.outType = pla.FD
	return nil
}

// cmdFSM disassembles a state machine (KEY_fsm).
func cmdFSM(e *env) error {
	e.opts.printSolution = false
	return plaops.DisassembleFSM(e.minimizerFor(e.pla.Cube), e.out, e.stderr, e.pla, e.opts.Summary)
}

// cmdTest recomputes the ON-set as the complement of DC-set and OFF-set,
// expands and makes it irredundant, then does the same to the DC-set
// (KEY_test).
func cmdTest(e *env) error {
	p := e.pla
	c := p.Cube
	r := e.minimizerFor(c)
	T := cover.Join(p.D, p.R)
	E := c.NewCover(10)
	var err error
	t := minimize.Clock()
	if p.F, err = c.Complement(c.NewCubeList(T), e.complTrace()); err != nil {
		return err
	}
	r.Totals(t, minimize.ComplTime, p.F)
	t = minimize.Clock()
	if p.F, err = r.Expand(p.F, T, false); err != nil {
		return err
	}
	r.Totals(t, minimize.ExpandTime, p.F)
	t = minimize.Clock()
	if p.F, err = r.Irredundant(p.F, E); err != nil {
		return err
	}
	r.Totals(t, minimize.IrredTime, p.F)
	T = cover.Join(p.F, p.R)
	t = minimize.Clock()
	if p.D, err = r.Expand(p.D, T, false); err != nil {
		return err
	}
	r.Totals(t, minimize.ExpandTime, p.D)
	t = minimize.Clock()
	if p.D, err = r.Irredundant(p.D, E); err != nil {
		return err
	}
	r.Totals(t, minimize.IrredTime, p.D)
	return nil
}

// phaser is the output phase assignment of the command line.
func (e *env) phaser() *plaops.Phaser {
	o := e.opts
	return &plaops.Phaser{Run: e.minimizerFor(e.pla.Cube), Out: e.out, Summary: o.Summary, Trace: o.Trace}
}

// cmdOpo assigns the output phases (KEY_opo).
func cmdOpo(e *env) error {
	return e.phaser().PhaseAssignment(e.pla, e.opts.strategy)
}

// cmdOpoAll tries every phase assignment of the outputs of the -r range
// (KEY_opoall).
func cmdOpoAll(e *env) error {
	c := e.pla.Cube
	if c.Output == -1 {
		// 2.3 goes on to print the phase of the outputs from before the
		// start of its arrays.
		return errors.New("output phase assignment (-Dopoall) for a function without outputs")
	}
	n := c.PartSize[c.Output]
	first, last := e.opts.first, e.opts.last
	if first < 0 || first >= n {
		first = 0
	}
	if last < 0 || last >= n {
		last = n - 1
	}
	on, err := e.phaser().OPOAll(e.pla, first, last, e.opts.strategy)
	if on {
		e.opts.Summary = true
	}
	return err
}

// pairer is the input pairing of the command line.
func (e *env) pairer() *plaops.Pairer {
	o := e.opts
	return &plaops.Pairer{Run: e.minimizerFor(e.pla.Cube), Out: e.out, Summary: o.Summary,
		Trace: o.Trace, DebugMincov: o.Debug&minimize.DebugMincov != 0}
}

// cmdPair pairs inputs into two-bit decoders (KEY_pair).
func cmdPair(e *env) error {
	return e.pairer().FindOptimalPairing(e.pla, e.opts.strategy)
}

// cmdPairAll tries every pairing of the inputs (KEY_pairall).
func cmdPairAll(e *env) error {
	return e.pairer().PairAll(e.pla, e.opts.strategy)
}
