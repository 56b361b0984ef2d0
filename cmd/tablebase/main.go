// Command tablebase builds chess endgame win/draw/loss tables as minimized covers (package
// tablebase) and answers probes from them.
//
// Usage:
//
//	tablebase build --out DIR [--pieces N | MATERIAL...] [--full] [--csv FILE] [--workers N] [--timeout D]
//
// build solves each material, minimizes its decision list, checks it at every stored
// position and writes DIR/KQvKR.tbc (named as Syzygy names the material); --pieces 4 builds
// the 35 tables of 3 and 4 pieces. Progress goes to stderr, and a table of the results
// (positions, cubes, bytes beside Syzygy's, seconds, peak memory) to stdout at the end.
// Run with --help for the flags.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/espresso-go/espresso/internal/cli"
)

// grammar is the command line: one field per subcommand, each with a Run method.
type grammar struct {
	Build buildCmd `cmd:"" help:"Build tables: solve, minimize, check and write one file per material."`
}

// env is what every subcommand's Run receives.
type env struct {
	stdout, stderr io.Writer
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var g grammar
	ctx, status, ok := cli.ParseContext("tablebase", "Chess endgame tables as minimized covers.", &g, args, stdout, stderr)
	if !ok {
		return status
	}
	if err := ctx.Run(&env{stdout: stdout, stderr: stderr}); err != nil {
		fmt.Fprintf(stderr, "tablebase: %v\n", err)
		return 1
	}
	return 0
}
