package main

import (
	"fmt"

	"github.com/espresso-go/espresso/pla"
	"github.com/espresso-go/espresso/verify"
)

// verifyPartial is -Dverify when both PLAs carry an explicit DC- or
// OFF-set (.type fd, fr, dr or fdr): it checks that they are the same
// partial function (the paper's function consistency), D_A = D_B,
// F_A − D_A = F_B − D_B and R_A − D_A = R_B − D_B, with the covers a file
// leaves implicit computed as complements. Each failing condition is named
// with a minterm that shows it; the exit status is 0 only if all hold.
//
// The conditions depend on the covers' points alone: a cover of
// compactLargeFrom cubes or more (a truth table's, of minterms) is
// compacted first, as -ecompact would, and a missing OFF-set is the
// complement of the compacted covers. (A witness is then a minterm of
// the compacted covers' mismatch: the same conditions fail.)
func (e *env) verifyPartial() error {
	if !e.opts.compact {
		compactPLAFrom(e.pla, compactLargeFrom)
		compactPLAFrom(e.pla1, compactLargeFrom)
	}
	a, err := partialFunction(e.pla)
	if err != nil {
		return err
	}
	b, err := partialFunction(e.pla1)
	if err != nil {
		return err
	}
	c := e.pla.Cube
	bad, err := verify.SamePartialFunction(c, a, b)
	if err != nil {
		return err
	}
	for _, m := range bad {
		where := e.pla1.Filename
		if m.InA {
			where = e.pla.Filename
		}
		fmt.Fprintf(e.out, "%s fails: minterm %s is on that side in %s only\n",
			m.Condition, verify.FormatMinterm(c, m.Witness), where)
	}
	if len(bad) > 0 {
		e.out.WriteString("PLA comparison failed; the PLA's are not the same partial function\n")
		e.exit = &exitError{status: 1}
		return nil
	}
	e.out.WriteString("PLA's are the same partial function\n")
	e.exit = &exitError{status: 0}
	return nil
}

// compactLargeFrom is the number of cubes from which -Dverify compacts a
// cover before comparing two partial functions.
const compactLargeFrom = 1 << 12

// explicitDCOrOffset reports whether the file of p declares a DC- or
// OFF-set (.type fd, fr, dr or fdr).
func explicitDCOrOffset(p *pla.PLA) bool {
	return p.TypeDeclared && p.Type&(pla.D|pla.R) != 0
}

// partialFunction returns the three covers of p. The reader has computed
// a DC-set the file leaves implicit (.type fr) and an ON-set (.type dr);
// an implicit OFF-set is computed here as the complement of F ∪ D.
func partialFunction(p *pla.PLA) (verify.Function, error) {
	c := p.Cube
	f := verify.Function{F: p.F, D: p.D, R: p.R}
	if f.D == nil {
		f.D = c.NewCover(0)
	}
	if f.R == nil || p.Type&pla.R == 0 {
		r, err := c.Complement(c.NewCubeList(f.F, f.D), nil)
		if err != nil {
			return f, err
		}
		f.R = r
	}
	return f, nil
}
