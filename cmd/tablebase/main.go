// Command tablebase builds chess endgame win/draw/loss tables as minimized covers (package
// tablebase) and answers probes from them.
//
// Usage:
//
//	tablebase build --out DIR [--pieces N | MATERIAL...] [--full] [--csv FILE] [--workers N] [--jobs N] [--memory SIZE] [--timeout D]
//	tablebase plan --out DIR [--pieces N | MATERIAL...] [--full] [--slice-all]
//	tablebase plan --waves --out DIR
//	tablebase job DIR N
//	tablebase probe [--format text|json] [--moves] DIR [FEN... | -]
//	tablebase serve [--addr HOST:PORT] [--quiet] DIR
//	tablebase verify DIR
//
// A build is a plan of jobs (package tablebase/plan): a table of 3 or 4 pieces is one job
// that solves its material, minimizes its decision list, checks it at every stored position
// and writes DIR/KQvKR.tbc (named as Syzygy names the material); a table of 5 pieces is a
// solve (DIR/values/KQRvKR.wdl2), one job per slice (the white king on one square:
// DIR/slices/KQRvKR/e4.slice, minimized and checked) and an assembly (DIR/KQRvKR.tbc).
// plan writes the plan as DIR/plan.tsv and prints it, or with --waves its waves (one line
// each: the wave, its first and last job, and its largest job's memory and minutes), for
// the scripts of deploy/ that submit each wave to a cluster; job runs job N of it (the
// cluster's task index, which deploy/ passes), and does nothing when its output exists; build writes the plan and runs the jobs not done yet, as many at once
// as the CPUs and the memory allow, each as a `tablebase job` process. --pieces 4 builds
// the 35 tables of 3 and 4 pieces, --pieces 5 the 145 of 3 to 5. Progress and an ETA go to
// stderr, and a table of the results (positions, cubes, bytes beside Syzygy's, seconds,
// peak memory) to stdout at the end.
// probe opens the tables of DIR and answers each FEN given as an argument, and each line
// of standard input for - (or when no FEN is given), with one line, written and flushed
// before the next line is read, so that a program can write a FEN and wait for its answer:
// win, draw or loss for the side to move, or "error: " and why; a blank line or a comment
// (#...) comes back as it is. --format json writes one JSON object a line instead (fen,
// category, wdl, or error; {"comment": line} for a blank line or a comment). --moves adds
// every legal move in SAN with the category of the position after it (the opponent's),
// best first, and checkmate or stalemate. The exit status is 1 when any line was an error.
// serve answers HTTP on --addr until SIGTERM or SIGINT, then lets the requests under way
// finish: GET /standard?fen=FEN in the shape of lichess's tablebase API (category,
// checkmate, stalemate, insufficient_material, dtz and dtm null, the moves with uci, san,
// category and zeroing, best first; 400 and {"error": ...} for a bad FEN or an illegal
// position, 404 for a position outside the tables), GET /health, and at / a page that
// draws the position, its category and its moves coloured as syzygy-tables.info colours
// them, with everything embedded in the binary. It logs one line a request to stderr
// (method, path, status, duration; --quiet for none), bounds its connections (5 s to send
// the headers, 10 s idle between keep-alive requests, 16 KiB of request line and headers)
// and its error messages (200 bytes, never the FEN whole nor the server's paths: a bad
// table file is a 500 whose path goes to the log), and lists DIR again every 2 s and on
// SIGHUP: a table file added, replaced, repaired or removed is answered from without a
// restart (package tablebase's Reopen), the tables of the unchanged files kept.
// probe and serve read a table file on the first probe of its material, and a bad one
// fails the probes of that material alone. verify reads and checks every table file of
// DIR (its checksum, its header, its covers, its name against its material) and prints
// one line per file, "ok" or what is wrong; the exit status is 1 when any file is bad.
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
	Build  buildCmd  `cmd:"" help:"Build tables: write the plan of the build and run its jobs here (solve, minimize, check and write one file per material)."`
	Plan   planCmd   `cmd:"" help:"Write the plan of a build (DIR/plan.tsv, one job a line, with its memory and time) and print it."`
	Job    jobCmd    `cmd:"" help:"Run one job of a build's plan, by its number, unless its output exists."`
	Probe  probeCmd  `cmd:"" help:"Probe positions (FEN) in the tables of a folder: win, draw or loss for the side to move."`
	Serve  serveCmd  `cmd:"" help:"Serve the tables over HTTP: lichess's /standard API, /health and a page at /."`
	Verify verifyCmd `cmd:"" help:"Check every table file of a folder: one line per file, ok or what is wrong."`
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
