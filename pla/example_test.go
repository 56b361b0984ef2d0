package pla_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/espresso-go/espresso/pla"
)

// Read a PLA that gives its ON-set and don't-care set (type fd), have the
// reader compute its OFF-set, and write all three covers as 2.3's -o fdr
// does (a don't-care output is written 2 there).
func Example() {
	const text = `.i 2
.o 1
.type fd
01 1
11 1
10 -
.e
`
	rd := pla.NewReader(strings.NewReader(text), "example.pla", os.Stdout, os.Stderr)
	p, err := rd.Read(pla.ReadOptions{Type: pla.FD, NeedsOffset: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("ON-set %d cubes, don't-cares %d, OFF-set %d\n", p.F.Count, p.D.Count, p.R.Count)
	if err := pla.Write(os.Stdout, p, pla.FDR); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ON-set 2 cubes, don't-cares 1, OFF-set 1
	// .type fdr
	// .i 2
	// .o 1
	// .p 4
	// 01 1
	// 11 1
	// 10 2
	// 00 0
	// .end
}

// A malformed file is an error that names the file and the line.
func ExampleReader_Read_error() {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	rd := pla.NewReader(strings.NewReader(".i 2\n.o 1\n.type fx\n01 1\n"), "bad.pla", out, os.Stderr)
	_, err := rd.Read(pla.ReadOptions{Type: pla.FD})
	fmt.Fprintln(out, err)
	// Output:
	// bad.pla:3: unknown type in .type command
}
