// Command chess2pla computes a chess endgame table by retrograde analysis and writes it as
// an ESPRESSO PLA in the encoding of Gomboc and Shelton's paper: one input bit for the side
// to move (1 = Black), six per piece (white king, black king, then the other pieces in the
// order of the material's name; squares a8 = 0 ... h1 = 63, most significant bit first),
// three outputs win, draw, loss for the side to move, don't-cares "---".
//
// Usage:
//
//	chess2pla [--canonical] [--compact-dc] [--stats] [--no-pla] [-o FILE] [--workers N] [--max-size SIZE] [--force] [--values DIR] MATERIAL
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
// a run takes more than a couple of seconds. The file -o names appears complete or not at
// all (an error or an interrupt leaves none). A PLA of 1 GiB or more is announced with its
// size; one larger than --max-size or than the free space of the output's filesystem is
// refused (before the table is computed, where its size is known then) unless --force.
// With --values DIR, chess2pla writes no PLA but the material's values file (package
// chess's .wdl2, named as chess.ValuesName names it) into DIR, reading the values of the
// five-piece materials it depends on from DIR; it is the only form for five pieces.
// Errors (a bad material name, too little memory, a missing dependency, a bad flag) print
// a message and exit with status 1. The flags follow the convention of package internal/cli.
package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/internal/meminfo"
)

type options struct {
	Material  string    `arg:"" help:"Material, e.g. KQk, KRkp (paper) or KQvK, KRvKP (Syzygy)."`
	Canonical bool      `help:"Make positions that are not their symmetry class's representative don't-cares (8 board symmetries without pawns, the left-right mirror with pawns)."`
	CompactDC bool      `name:"compact-dc" help:"Write only the cared-for positions as rows and the don't-cares as a few cubes (the same partial function)."`
	Stats     bool      `help:"Print the table's statistics (the columns of the paper's Table 2, CSV) on stderr; with --values, the counts of won, drawn and lost positions of the file written."`
	NoPLA     bool      `name:"no-pla" help:"Do not write the PLA (e.g. with --stats)."`
	Out       string    `short:"o" aliases:"output" placeholder:"FILE" help:"Write the PLA to FILE instead of stdout; FILE appears complete or not at all."`
	MaxSize   cli.Size  `name:"max-size" placeholder:"SIZE" default:"16GiB" help:"Refuse to write a PLA larger than SIZE, e.g. 500MB or 64GiB (default: ${default})."`
	Force     bool      `help:"Write the PLA even when it is larger than --max-size or the free disk space."`
	Quiet     bool      `short:"q" help:"No progress messages."`
	Workers   cli.Count `placeholder:"N" default:"2" help:"Goroutines that share the computation of each table (default: ${default})."`
	Values    string    `placeholder:"DIR" help:"Instead of a PLA, write the material's values file (win/draw/loss, two bits a position) into DIR, reading its five-piece dependencies from DIR's values files."`
}

// announceSize is the size from which chess2pla states on stderr how large the PLA it is
// about to write is.
const announceSize = 1 << 30

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var opt options
	if status, ok := cli.Parse("chess2pla",
		"Chess endgame win/draw/loss by retrograde analysis, written as a PLA in the paper's encoding.",
		&opt, args, stdout, stderr); !ok {
		return status
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
	if m.NumPieces() >= chess.MaxPieces && opt.Values == "" {
		return fmt.Errorf("%v: five pieces: write its values file with --values DIR (a PLA of 2^31 rows is not written)", m)
	}
	need := chess.MemoryNeeded(m)
	if avail, ok := meminfo.Read("MemAvailable"); ok && need > avail {
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
	if opt.Values != "" {
		s := chess.NewSolver()
		s.Progress = prog
		s.Workers = int(opt.Workers)
		start := time.Now()
		path, err := s.WriteValuesFile(opt.Values, m)
		if err != nil {
			return err
		}
		fmt.Fprintf(prog, "%v: wrote %s in %.1fs\n", m, path, time.Since(start).Seconds())
		if opt.Stats {
			// Read back: the file's CRCs checked, its positions counted.
			r, err := chess.OpenValuesFile(path)
			if err != nil {
				return err
			}
			defer r.Close()
			v, err := r.ReadAll()
			if err != nil {
				return err
			}
			win, draw, loss := v.Count()
			fmt.Fprintf(stderr, "%v: %d won, %d drawn, %d lost for the side to move\n", v.Material(), win, draw, loss)
		}
		return nil
	}
	plaOpt := chess.PLAOptions{Canonical: opt.Canonical, CompactDC: opt.CompactDC}
	if !opt.NoPLA && !opt.CompactDC {
		// The default form's size is known before the table: refuse before computing it.
		if err := checkSize(opt, m, chess.PLASize(m), atomicfile.FreeSpace, stderr); err != nil {
			return err
		}
	}
	s := chess.NewSolver()
	s.Progress = prog
	s.Workers = int(opt.Workers)
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
	if opt.CompactDC {
		if err := checkSize(opt, m, t.PLASize(plaOpt), atomicfile.FreeSpace, stderr); err != nil {
			return err
		}
	}
	fmt.Fprintf(prog, "%v: writing the PLA\n", m)
	if opt.Out == "" {
		err = t.WritePLA(stdout, plaOpt)
	} else {
		guard := atomicfile.NewGuard()
		defer guard.Stop()
		err = guard.WriteFile(opt.Out, func(w io.Writer) error { return t.WritePLA(w, plaOpt) })
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(prog, "%v: done\n", m)
	return nil
}

// checkSize states the size of the PLA about to be written when it is large, and refuses
// one over --max-size or over the free space of the output's filesystem (as freeSpace
// tells it), unless --force.
func checkSize(opt options, m chess.Material, size int64, freeSpace func(string) (int64, bool), stderr io.Writer) error {
	if size >= announceSize && !opt.Quiet {
		fmt.Fprintf(stderr, "chess2pla: %v: the PLA is %s (%d bytes)\n", m, cli.Size(size).Approx(), size)
	}
	if opt.Force {
		return nil
	}
	if size > int64(opt.MaxSize) {
		return fmt.Errorf("%v: the PLA would be %s, over --max-size=%s (--force writes it anyway)", m, cli.Size(size).Approx(), opt.MaxSize)
	}
	if opt.Out == "" {
		return nil
	}
	if free, ok := freeSpace(opt.Out); ok && size > free {
		return fmt.Errorf("%v: the PLA would be %s, only %s free for %s (--force writes it anyway)", m, cli.Size(size).Approx(), cli.Size(free).Approx(), opt.Out)
	}
	return nil
}
