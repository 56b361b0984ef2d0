package main

import (
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/verify"
)

// This file holds the checks: -Dcheck's consistency, the verification
// after a minimization, and the two-PLA -Dverify and -DPLAverify.

// cmdCheck checks that the three covers are disjoint and cover the space
// (KEY_check, check_consistency).
func cmdCheck(e *env) error {
	e.opts.printSolution = false
	p := e.pla
	_, err := verify.CheckConsistency(e.out, p.Cube, p.F, p.D, p.R, e.opts.verboseDebug, e.complTrace(), e.tautTrace())
	return err
}

// printVerdict prints 2.3's verdict of a comparison and ends the run
// with its status.
func (e *env) printVerdict(failed bool) {
	if failed {
		e.out.WriteString("PLA comparison failed; the PLA's are not equivalent\n")
		e.exit = &exitError{status: 1}
	} else {
		e.out.WriteString("PLA's compared equal\n")
		e.exit = &exitError{status: 0}
	}
}

// cmdVerify checks that the ON-set of the second PLA implements the
// function of the first (ON-set and DC-set) (KEY_verify).
func cmdVerify(e *env) error {
	p, p1 := e.pla, e.pla1
	if explicitDCOrOffset(p) && explicitDCOrOffset(p1) {
		return e.verifyPartial()
	}
	r := e.minimizerFor(p.Cube)
	t := minimize.Clock()
	failed, err := e.verify(p.Cube, p1.F, p.F, p.D)
	if err != nil {
		return err
	}
	r.Totals(t, minimize.VerifyTime, p.F)
	e.printVerdict(failed)
	return nil
}

// cmdPLAVerify is cmdVerify with the columns matched by name
// (KEY_PLA_verify).
func cmdPLAVerify(e *env) error {
	p, p1 := e.pla, e.pla1
	r := e.minimizerFor(p.Cube)
	t := minimize.Clock()
	failed, err := verify.PLAVerify(e.out, e.stderr, p, p1, e.opts.verboseDebug, e.tautTrace())
	if err != nil {
		return err
	}
	r.Totals(t, minimize.VerifyTime, p.F)
	e.printVerdict(failed)
	return nil
}

// verifyResult checks the minimized ON-set against the original one as
// 2.3's main does after a minimization: on failure the solution is not
// printed, the original is kept and checked for consistency, and the run
// ends with "cover verification failed".
func (e *env) verifyResult(Fold *cover.Cover) error {
	r := e.minimizer()
	p := e.pla
	t := minimize.Clock()
	failed, err := e.verify(p.Cube, p.F, Fold, p.D)
	if err != nil {
		return err
	}
	r.Totals(t, minimize.VerifyTime, p.F)
	if failed {
		e.opts.printSolution = false
		p.F = Fold
		if _, err := verify.CheckConsistency(e.out, p.Cube, p.F, p.D, p.R, e.opts.verboseDebug, e.complTrace(), e.tautTrace()); err != nil {
			return err
		}
		e.exit = errVerify
	}
	return nil
}

// tautTrace is where tautology questions print 2.3's -v taut trace of
// their recursion: the output with that switch, else nil.
func (e *env) tautTrace() io.Writer {
	if e.opts.Debug&minimize.DebugTaut != 0 {
		return e.out
	}
	return nil
}

// verify is verify.Verify with e's output and -v switches: -v taut
// traces each tautology question.
func (e *env) verify(c *cover.Cube, F, Fold, Dold *cover.Cover) (bool, error) {
	return verify.Verify(e.out, c, F, Fold, Dold, e.opts.verboseDebug, e.tautTrace())
}

// complTrace is where complements print 2.3's -v compl trace: the output
// with that switch, else nil.
func (e *env) complTrace() io.Writer {
	if e.opts.Debug&minimize.DebugCompl != 0 {
		return e.out
	}
	return nil
}
