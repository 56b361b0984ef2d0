package verify

import (
	"fmt"
	"io"

	"github.com/espresso-go/espresso/pla"
)

// PLAVerify checks that two PLAs describe the same function, matching
// their columns by name (PLA_verify): the parts of p1 are permuted into
// the order of p2's labels ([Permute]) and p2's ON-set is verified against
// p1's ON-set and DC-set ([Verify], whose messages go to w). Without names
// on both sides it writes 2.3's warning to stderr and reports a failure;
// so it does when the PLAs differ in size after the permutation. It
// reports whether an error was found, and returns Verify's error. A trace that is not nil prints the
// recursion of each tautology question as 2.3's TAUT debugging does.
func PLAVerify(w, stderr io.Writer, p1, p2 *pla.PLA, verbose bool, trace io.Writer) (bool, error) {
	if p1.Labels == nil || p1.Labels[0] == "" || p2.Labels == nil || p2.Labels[0] == "" {
		fmt.Fprintf(stderr, "Warning: cannot permute columns without names\n")
		return true, nil
	}
	Permute(p1, p2)
	if p1.F.SetSize != p2.F.SetSize {
		fmt.Fprintf(stderr, "PLA_verify: PLA's are not the same size\n")
		return true, nil
	}
	return Verify(w, p2.Cube, p2.F, p1.F, p1.D, verbose, trace)
}

// Permute reorders the columns of p1's covers and labels into the order of
// p2's labels, dropping the columns of p1 whose name p2 lacks
// (PLA_permute). Columns are matched by name only: each label of p2 takes
// the first column of p1 with that label. The cube structure is not
// changed.
func Permute(p1, p2 *pla.PLA) {
	n2 := p2.F.SetSize
	permute := make([]int, 0, n2)
	for i := 0; i < n2; i++ {
		lab := label(p2, i)
		for j := 0; j < p1.F.SetSize; j++ {
			if lab == label(p1, j) {
				permute = append(permute, j)
				break
			}
		}
	}
	if p1.F != nil {
		p1.F = p1.F.Permute(permute)
	}
	if p1.R != nil {
		p1.R = p1.R.Permute(permute)
	}
	if p1.D != nil {
		p1.D = p1.D.Permute(permute)
	}
	labels := make([]string, p1.Cube.Size)
	for i, j := range permute {
		labels[i] = label(p1, j)
	}
	p1.Labels = labels
}

// label returns label i of p, "" when it has none.
func label(p *pla.PLA, i int) string {
	if i < len(p.Labels) {
		return p.Labels[i]
	}
	return ""
}
