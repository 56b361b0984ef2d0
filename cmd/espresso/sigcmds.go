package main

import "github.com/espresso-go/espresso/minimize"

// cmdSingleOutput minimizes each output separately (KEY_so); -S1 uses the
// exact minimizer.
func cmdSingleOutput(e *env) error {
	r := e.minimizer()
	p := e.pla
	var err error
	if e.opts.strategy == 1 {
		p.F, err = r.SingleOutputExact(p.F, p.D, p.R)
	} else {
		p.F, err = r.SingleOutput(p.F, p.D, p.R)
	}
	return err
}

// cmdSingleOutputBoth minimizes each output separately in both phases
// (KEY_so_both); -S1 uses the exact minimizer.
func cmdSingleOutputBoth(e *env) error {
	r := e.minimizer()
	p := e.pla
	var err error
	if e.opts.strategy == 1 {
		p.F, p.Phase, err = r.SingleOutputBothExact(p.F, p.D, p.R)
	} else {
		p.F, p.Phase, err = r.SingleOutputBoth(p.F, p.D, p.R)
	}
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

// cmdPrimes replaces the ON-set by all the primes of the function, in the
// order primes_consensus on the ON-set and DC-set gives them (KEY_primes).
func cmdPrimes(e *env) error {
	r := e.minimizer()
	p := e.pla
	t := minimize.Clock()
	F, err := r.AllPrimes(p.F, p.D)
	if err != nil {
		return err
	}
	p.F = F
	r.Exec(t, "PRIMES     ", p.F)
	return nil
}
