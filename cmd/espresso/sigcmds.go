package main

import (
	"errors"

	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// cmdSingleOutput minimizes each output separately (KEY_so); -S1 uses the
// exact minimizer.
func cmdSingleOutput(e *env) error {
	r := e.minimizer()
	p := e.pla
	if e.opts.strategy == 1 {
		return errors.New("-Dso -S1 is not implemented yet")
	}
	var err error
	p.F, err = r.SingleOutput(p.F, p.D, p.R)
	return err
}

// cmdSingleOutputBoth minimizes each output separately in both phases
// (KEY_so_both); -S1 uses the exact minimizer.
func cmdSingleOutputBoth(e *env) error {
	r := e.minimizer()
	p := e.pla
	if e.opts.strategy == 1 {
		return errors.New("-Dso_both -S1 is not implemented yet")
	}
	var err error
	p.F, p.Phase, err = r.SingleOutputBoth(p.F, p.D, p.R)
	return err
}

// cmdSignature minimizes exactly with the signature cube method
// (KEY_signature), then verifies the result.
func cmdSignature(e *env) error {
	r := e.minimizer()
	p := e.pla
	Fold := p.F.Clone()
	F, err := r.Signature(p.F, p.D, p.R)
	if err != nil {
		return err
	}
	p.F = F
	return e.verifyResult(Fold)
}

// cmdMany minimizes every PLA of the input stream in turn, printing each
// result (KEY_MANY_ESPRESSO); the later PLAs are read with their DC-set
// and OFF-set, assuming the type of the one before. The minimization
// session carries over from one PLA to the next, as 2.3's globals do.
func cmdMany(e *env) error {
	r := e.minimizer()
	p := e.pla
	for {
		t := minimize.Clock()
		F, err := r.Espresso(p.F, p.D, p.R)
		if err != nil {
			return err
		}
		p.F = F
		r.Exec(t, "ESPRESSO   ", p.F)
		if e.opts.printSolution {
			if err := pla.Write(e.out, p, e.opts.outType); err != nil {
				return err
			}
			if err := e.out.Flush(); err != nil {
				return err
			}
		}
		opt := e.readOptions(p.Type)
		opt.NeedsDCSet, opt.NeedsOffset = true, true
		next, err := e.reader.Read(opt)
		if err == pla.ErrNoPLA {
			break
		}
		if err != nil {
			return err
		}
		p = next
		e.pla = p
		r.SetCube(p.Cube)
	}
	// 2.3 exits here, without the summary and the solution of the others.
	e.exit = &exitError{status: 0}
	return nil
}
