// Command chess2pla computes a chess endgame table by retrograde analysis and writes it as
// an ESPRESSO PLA in the encoding of Gomboc and Shelton's paper: one input bit for the side
// to move (1 = Black), six per piece (white king, black king, then the other pieces in the
// order of the material's name; squares a8 = 0 ... h1 = 63, most significant bit first),
// three outputs win, draw, loss for the side to move, don't-cares "---".
//
// Usage:
//
//	chess2pla [--canonical] [--compact-dc] [--stats] [--no-pla] [-o FILE] [--workers N] MATERIAL
//
// The PLA names its inputs (.ilb) stm, then for each piece six bits from the most
// significant: wk5..wk0 (white king), bk5..bk0 (black king), then colour letter plus piece
// letter for the others, e.g. wq5..wq0, bp5..bp0, with an ordinal when a side has two pieces
// of a kind (wr1_5..wr1_0, wr2_5..wr2_0); the outputs (.ob) are win draw loss. By default
// every one of the 2^(1+6n) positions is a row, in index order; --compact-dc writes the
// cared-for positions as rows and describes the don't-cares (invalid, illegal and, with
// --canonical, acanonical positions) with a few cubes: the same partial function.
//
// MATERIAL is spelled as in the paper (KQk, KRkp) or as in Syzygy (KQvK, KRvKP). --stats
// prints the columns of the paper's Table 2 as CSV on stderr. Progress goes to stderr when
// a run takes more than a couple of seconds. Errors (a bad material name, too little
// memory) print a message and exit with status 1.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/espresso-go/espresso/chess"
)

type options struct {
	Material  string `arg:"" help:"Material, e.g. KQk, KRkp (paper) or KQvK, KRvKP (Syzygy)."`
	Canonical bool   `help:"Make positions that are not their symmetry class's representative don't-cares (8 board symmetries without pawns, the left-right mirror with pawns)."`
	CompactDC bool   `name:"compact-dc" help:"Write only the cared-for positions as rows and the don't-cares as a few cubes (the same partial function)."`
	Stats     bool   `help:"Print the table's statistics (the columns of the paper's Table 2, CSV) on stderr."`
	NoPLA     bool   `name:"no-pla" help:"Do not write the PLA (e.g. with --stats)."`
	Output    string `short:"o" placeholder:"FILE" help:"Write the PLA to FILE instead of stdout."`
	Quiet     bool   `short:"q" help:"No progress messages."`
	Workers   int    `default:"2" help:"Goroutines that share the computation of each table."`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// exitRequest carries the status of kong's exit (after --help) out of Parse.
type exitRequest struct{ code int }

// run is the command without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) (status int) {
	var opt options
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(exitRequest)
			if !ok {
				panic(r)
			}
			status = e.code
		}
	}()
	parser, err := kong.New(&opt,
		kong.Name("chess2pla"),
		kong.Description("Chess endgame win/draw/loss by retrograde analysis, written as a PLA in the paper's encoding."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { panic(exitRequest{code}) }))
	if err != nil {
		fmt.Fprintf(stderr, "chess2pla: %v\n", err)
		return 1
	}
	if _, err := parser.Parse(args); err != nil {
		fmt.Fprintf(stderr, "chess2pla: %v\n", err)
		return 1
	}
	if err := generate(opt, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "chess2pla: %v\n", err)
		return 1
	}
	return 0
}

// progress passes lines to w once the run has lasted more than a couple of seconds.
type progress struct {
	w     io.Writer
	start time.Time
}

// Write passes b on, prefixed with the elapsed time, when the run has lasted long enough.
func (p *progress) Write(b []byte) (int, error) {
	if p.w != nil && time.Since(p.start) > 2*time.Second {
		fmt.Fprintf(p.w, "chess2pla: [%5.1fs] %s", time.Since(p.start).Seconds(), b)
	}
	return len(b), nil
}

func generate(opt options, stdout, stderr io.Writer) error {
	m, err := chess.ParseMaterial(opt.Material)
	if err != nil {
		return err
	}
	need := chess.MemoryNeeded(m)
	if avail, ok := memAvailable(); ok && need > avail {
		return fmt.Errorf("%v: %d positions need about %.1f GiB of memory, only %.1f GiB available",
			m, m.Size(), float64(need)/(1<<30), float64(avail)/(1<<30))
	}
	prog := &progress{start: time.Now()}
	if !opt.Quiet {
		prog.w = stderr
		if m.NumPieces() >= 5 {
			fmt.Fprintf(stderr, "chess2pla: %v: %d positions, about %.1f GiB of memory\n", m, m.Size(), float64(need)/(1<<30))
		}
	}
	s := chess.NewSolver()
	s.Progress = prog
	s.Workers = opt.Workers
	t, err := s.Solve(m)
	if err != nil {
		return err
	}
	if opt.Stats {
		st := t.Stats(opt.Canonical)
		fmt.Fprintf(stderr, "%s\n%s\n", chess.StatsHeader, st.CSV())
	}
	if opt.NoPLA {
		return nil
	}
	out := stdout
	var f *os.File
	if opt.Output != "" {
		if f, err = os.Create(opt.Output); err != nil {
			return err
		}
		out = f
	}
	fmt.Fprintf(prog, "%v: writing the PLA\n", m)
	err = t.WritePLA(out, chess.PLAOptions{Canonical: opt.Canonical, CompactDC: opt.CompactDC})
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(prog, "%v: done\n", m)
	return nil
}

// memAvailable returns MemAvailable of /proc/meminfo in bytes, when it can be read.
func memAvailable() (int64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil {
				return 0, false
			}
			return kb << 10, true
		}
	}
	return 0, false
}
