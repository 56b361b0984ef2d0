package verify_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/espresso-go/espresso/pla"
	"github.com/espresso-go/espresso/verify"
)

// Check that two PLAs are the same partial function (the paper's
// -Dverify): the same don't-care set, and the same ON-set and OFF-set
// outside it. B's ON-set also holds A's don't-care minterm 10, as a
// minimizer's may; C's lacks minterm 11 of A's ON-set, which then lies
// in C's OFF-set.
func ExampleSamePartialFunction() {
	read := func(text string) *pla.PLA {
		rd := pla.NewReader(strings.NewReader(text), "", io.Discard, io.Discard)
		p, err := rd.Read(pla.ReadOptions{Type: pla.FD, NeedsOffset: true})
		if err != nil {
			panic(err)
		}
		return p
	}
	a := read(".i 2\n.o 1\n.type fd\n01 1\n11 1\n10 -\n.e\n")
	b := read(".i 2\n.o 1\n.type fd\n-1 1\n1- 1\n10 -\n.e\n")
	c := read(".i 2\n.o 1\n.type fd\n01 1\n10 -\n.e\n")
	for _, other := range []*pla.PLA{b, c} {
		mismatches, err := verify.SamePartialFunction(a.Cube,
			verify.Function{F: a.F, D: a.D, R: a.R},
			verify.Function{F: other.F, D: other.D, R: other.R})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(len(mismatches), "mismatches")
		for _, m := range mismatches {
			fmt.Printf("%s fails at %s (in A: %v)\n", m.Condition, verify.FormatMinterm(a.Cube, m.Witness), m.InA)
		}
	}
	// Output:
	// 0 mismatches
	// 2 mismatches
	// F_A - D_A = F_B - D_B fails at 11 1 (in A: true)
	// R_A - D_A = R_B - D_B fails at 11 1 (in A: false)
}
