package bench_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/espresso-go/espresso/bench"
)

// CountPLA counts what the reports count: the cubes of a PLA's ON-set and their
// input literals.
func ExampleCountPLA() {
	pla := ".i 2\n.o 1\n10 1\n11 1\n.e\n"
	c, err := bench.CountPLA(strings.NewReader(pla), "example.pla")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Cubes, "cubes,", c.Literals, "literals")
	// Output: 2 cubes, 4 literals
}

// Run measures binaries built beforehand (go build -o bin ./cmd/...) on a folder of
// PLAs under two of the paper's conditions, and the report is written from the results.
func ExampleRun() {
	inputs, err := bench.FolderSuite("plas", "*.pla")
	if err != nil {
		log.Fatal(err)
	}
	conditions, err := bench.ParseConditions("espresso,compact_espresso", nil)
	if err != nil {
		log.Fatal(err)
	}
	work, err := os.MkdirTemp("", "bench-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(work)
	cfg := bench.Config{
		Ours:       filepath.Join("bin", "espresso"),
		Verifier:   filepath.Join("bin", "espresso"),
		Conditions: conditions,
		Repeat:     3,
		WorkDir:    work,
		Progress:   os.Stderr,
	}
	results, err := bench.Run(context.Background(), cfg, inputs)
	if err != nil {
		log.Fatal(err)
	}
	if err := bench.WriteMarkdown(os.Stdout, bench.DetectMachine(time.Now()), results, nil, ""); err != nil {
		log.Fatal(err)
	}
}
