// Command tablebase builds chess endgame win/draw/loss tables as minimized covers (package
// tablebase) and answers probes from them.
//
// Usage:
//
//	tablebase build --out DIR [--pieces N | MATERIAL...] [--full] [--csv FILE] [--workers N] [--timeout D]
//	tablebase probe DIR [FEN...]
//
// build solves each material, minimizes its decision list, checks it at every stored
// position and writes DIR/KQvKR.tbc (named as Syzygy names the material); --pieces 4 builds
// the 35 tables of 3 and 4 pieces. Progress goes to stderr, and a table of the results
// (positions, cubes, bytes beside Syzygy's, seconds, peak memory) to stdout at the end.
// probe opens the tables of DIR and prints, for each FEN (one a line on standard input
// when none is given), one line: win, draw or loss for the side to move, or an error for
// that position; the exit status is 1 when any line was an error.
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
	Probe probeCmd `cmd:"" help:"Probe positions (FEN) in the tables of a folder: win, draw or loss for the side to move."`
}

// env is what every subcommand's Run receives.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the command without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var g grammar
	ctx, status, ok := cli.ParseContext("tablebase", "Chess endgame tables as minimized covers.", &g, args, stdout, stderr)
	if !ok {
		return status
	}
	if err := ctx.Run(&env{stdin: stdin, stdout: stdout, stderr: stderr}); err != nil {
		fmt.Fprintf(stderr, "tablebase: %v\n", err)
		return 1
	}
	return 0
}
