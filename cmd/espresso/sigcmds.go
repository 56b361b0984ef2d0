package main

import (
	"errors"
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
