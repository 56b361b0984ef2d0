package plaops

import (
	"fmt"
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/pla"
)

// FindEquivOutputs prints to w, as comment lines, each pair of outputs of p
// that are equal or complementary functions, or that none are
// (find_equiv_outputs). For output i it takes R[i], the OFF-set cofactored
// against the output, and F[i] its complement; outputs i < j are compared
// as F/F, F/R, R/F, R/R in this order and the first match is reported. It
// needs the OFF-set p.R, and gives unnamed parts labels (makeup_labels).
// When complTrace is not nil, the complements print 2.3's -v compl trace
// to it; when tautTrace is not nil, the recursion of each tautology question
// prints to it as 2.3's TAUT debugging does.
func FindEquivOutputs(w io.Writer, p *pla.PLA, complTrace, tautTrace io.Writer) error {
	c := p.Cube
	k := c.NewTautologyChecker()
	k.SetTrace(tautTrace)
	p.MakeupLabels()
	// A PLA of binary variables only (.mv with no multiple-valued one)
	// has no output variable: none are equivalent. (2.3 reads the part
	// count at index -1, the upper half of the allocator's size word on
	// a 64-bit glibc, which is 0, and prints the same.)
	n, first := 0, 0
	if c.Output >= 0 {
		n, first = c.PartSize[c.Output], c.FirstPart[c.Output]
	}
	F := make([]*cover.Cover, n)
	R := make([]*cover.Cover, n)
	for i := 0; i < n; i++ {
		R[i] = c.CofactorOutput(p.R, first+i)
		var err error
		if F[i], err = c.Complement(c.NewCubeList(R[i]), complTrace); err != nil {
			return fmt.Errorf("find_equiv_outputs: %w", err)
		}
	}
	some := false
	for i := 0; i < n-1; i++ {
		for j := i + 1; j < n; j++ {
			li, lj := p.Labels[first+i], p.Labels[first+j]
			var format string
			switch {
			case checkEquiv(c, k, F[i], F[j]):
				format = "# Outputs %d and %d (%s and %s) are equivalent\n"
			case checkEquiv(c, k, F[i], R[j]):
				format = "# Outputs %d and NOT %d (%s and %s) are equivalent\n"
			case checkEquiv(c, k, R[i], F[j]):
				format = "# Outputs NOT %d and %d (%s and %s) are equivalent\n"
			case checkEquiv(c, k, R[i], R[j]):
				format = "# Outputs NOT %d and NOT %d (%s and %s) are equivalent\n"
			default:
				continue
			}
			fmt.Fprintf(w, format, i, j, li, lj)
			some = true
		}
	}
	if !some {
		fmt.Fprintf(w, "# No outputs are equivalent\n")
	}
	return nil
}

// checkEquiv reports whether the covers f1 and f2 describe the same
// function: each cube of one is covered by the other (check_equiv).
func checkEquiv(c *cover.Cube, k *cover.TautologyChecker, f1, f2 *cover.Cover) bool {
	l1 := c.NewCubeList(f1)
	for i := 0; i < f2.Count; i++ {
		if !k.CubeIsCovered(l1, f2.At(i)) {
			return false
		}
	}
	l2 := c.NewCubeList(f2)
	for i := 0; i < f1.Count; i++ {
		if !k.CubeIsCovered(l2, f1.At(i)) {
			return false
		}
	}
	return true
}
