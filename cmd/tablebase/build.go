package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase/build"
)

// buildCmd is the build subcommand.
type buildCmd struct {
	Out       string       `short:"o" required:"" placeholder:"DIR" help:"Folder the table files are written to (created if missing)."`
	Pieces    int          `placeholder:"N" help:"Build every table of 3 up to N pieces (3 or 4), one per colour pair as Syzygy stores them."`
	Materials []string     `arg:"" optional:"" name:"material" help:"Materials to build, e.g. KQvKR or KQkr (instead of --pieces)."`
	Full      bool         `help:"Run the whole ESPRESSO loop on each cover (by default: compaction, expansion, irredundancy)."`
	AllOrders bool         `name:"all-orders" help:"Try all six orders of the decision list (by default one: the values by the cubes of their first covers, the fewest first)."`
	NoBoard   bool         `name:"no-board-symmetry" help:"Store every position, not only the representatives of the board's symmetries (to measure what they gain)."`
	NoColour  bool         `name:"no-colour-symmetry" help:"Store the positions with Black to move where both sides have the same pieces (to measure what the colour symmetry gains)."`
	Paper     bool         `help:"Also minimize the paper's encoding (one cover, three outputs) and report its cubes."`
	CSV       string       `placeholder:"FILE" help:"Also write the results as CSV to FILE."`
	Workers   cli.Count    `default:"2" help:"Goroutines that share the solving and minimizing of each table (default: ${default})."`
	Timeout   cli.Duration `default:"0" help:"Time limit of the whole build (0: none); a table not finished by then is not written."`
	Quiet     bool         `short:"q" help:"No progress messages."`
}

// maxPieces is the most pieces --pieces builds: 5-piece tables need 2^31 positions a table.
const maxPieces = 4

// result is one row of the report.
type result struct {
	m        chess.Material
	rep      *build.Report
	cubes    int
	bytes    int64
	ref      tbref.Reference
	hasRef   bool
	seconds  float64
	cpu      float64
	peakKiB  int64
	fileName string
}

// Run builds the tables.
func (c *buildCmd) Run(e *env) error {
	mats, err := c.materials()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.Out, 0o777); err != nil {
		return err
	}
	// A table file appears complete or not at all; on SIGINT or SIGTERM the guard
	// removes the one being written and the signal ends the process.
	guard := atomicfile.NewGuard()
	defer guard.Stop()
	ctx := context.Background()
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout.Std())
		defer cancel()
	}
	var progress io.Writer
	if !c.Quiet {
		progress = &stamped{w: e.stderr, start: time.Now()}
	}
	b := build.NewBuilder(build.Options{Full: c.Full, AllOrders: c.AllOrders, Omit: c.omitted(), Paper: c.Paper,
		Workers: int(c.Workers), Progress: progress})
	var results []result
	for _, m := range mats {
		r, err := c.buildOne(ctx, b, guard, m)
		if err != nil {
			return err
		}
		if progress != nil {
			fmt.Fprintf(progress, "%v: %d cubes, %d bytes, %.1f s, written to %s\n", m, r.cubes, r.bytes, r.seconds, r.fileName)
		}
		results = append(results, r)
	}
	writeReport(e.stdout, results)
	if c.CSV != "" {
		return guard.WriteFile(c.CSV, func(w io.Writer) error { return writeCSV(w, results) })
	}
	return nil
}

// omitted returns the symmetries the command line leaves out.
func (c *buildCmd) omitted() build.Symmetry {
	var s build.Symmetry
	if c.NoBoard {
		s |= build.BoardSymmetry
	}
	if c.NoColour {
		s |= build.ColourSymmetry
	}
	return s
}

// materials returns the materials the command line names.
func (c *buildCmd) materials() ([]chess.Material, error) {
	switch {
	case c.Pieces != 0 && len(c.Materials) > 0:
		return nil, errors.New("give --pieces or materials, not both")
	case c.Pieces != 0:
		if c.Pieces < 3 || c.Pieces > maxPieces {
			return nil, fmt.Errorf("--pieces: must be 3 or 4, not %d", c.Pieces)
		}
		return tbref.Materials(c.Pieces), nil
	case len(c.Materials) == 0:
		return nil, errors.New("name the materials to build, or give --pieces")
	}
	var out []chess.Material
	for _, name := range c.Materials {
		m, err := chess.ParseMaterial(name)
		if err != nil {
			return nil, err
		}
		if m.NumPieces() > maxPieces {
			return nil, fmt.Errorf("%v: tables of more than %d pieces are not built", m, maxPieces)
		}
		out = append(out, m)
	}
	return out, nil
}

// buildOne builds, checks and writes the table of m.
func (c *buildCmd) buildOne(ctx context.Context, b *build.Builder, guard *atomicfile.Guard, m chess.Material) (result, error) {
	resetPeak()
	start, cpuStart := time.Now(), cpuTime()
	t, rep, err := b.Build(ctx, m)
	if err != nil {
		return result{}, err
	}
	path := filepath.Join(c.Out, build.FileName(m))
	if err := ctx.Err(); err != nil {
		return result{}, fmt.Errorf("%v: %w", m, err)
	}
	if err := guard.WriteFile(path, func(w io.Writer) error { return build.Encode(w, t) }); err != nil {
		return result{}, fmt.Errorf("%v: %w", m, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return result{}, err
	}
	r := result{m: m, rep: rep, cubes: len(t.Covers[0]) + len(t.Covers[1]), bytes: fi.Size(),
		seconds: time.Since(start).Seconds(), cpu: (cpuTime() - cpuStart).Seconds(), peakKiB: peakKiB(), fileName: path}
	r.ref, r.hasRef = tbref.ReferenceOf(m)
	return r, nil
}

// columns are the report's columns, for the table and the CSV alike.
var columns = []string{"material", "positions", "symmetry", "order", "cubes", "bytes", "syzygy_bytes", "paper_bytes", "paper_cubes", "seconds", "cpu_seconds", "peak_mib"}

// row returns r's fields in the order of columns.
func (r result) row() []string {
	o := r.rep.Trials[r.rep.Chosen].Order
	ref := func(n int) string {
		if !r.hasRef || n == 0 {
			return "-"
		}
		return strconv.Itoa(n)
	}
	paperCubes := "-"
	if r.rep.PaperCubes >= 0 {
		paperCubes = strconv.Itoa(r.rep.PaperCubes)
	}
	return []string{r.m.SyzygyName(), strconv.Itoa(r.rep.Positions), symmetryName(r.rep.Symmetry), fmt.Sprintf("%v,%v,%v", o[0], o[1], o[2]),
		strconv.Itoa(r.cubes), strconv.FormatInt(r.bytes, 10), ref(r.ref.SyzygyBytes), ref(r.ref.PaperBytes), paperCubes,
		strconv.FormatFloat(r.seconds, 'f', 1, 64), strconv.FormatFloat(r.cpu, 'f', 1, 64),
		strconv.FormatFloat(float64(r.peakKiB)/1024, 'f', 0, 64)}
}

// symmetryName names the symmetries of a table for the report: "board", "board+colour",
// "colour" or "none".
func symmetryName(s build.Symmetry) string {
	var names []string
	if s&build.BoardSymmetry != 0 {
		names = append(names, "board")
	}
	if s&build.ColourSymmetry != 0 {
		names = append(names, "colour")
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

// writeReport prints the results as an aligned table with a line of totals.
func writeReport(w io.Writer, results []result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	line := func(fields []string) {
		for _, f := range fields {
			fmt.Fprintf(tw, "%s\t", f)
		}
		fmt.Fprintln(tw)
	}
	line(columns)
	var cubes, bytes, syzygy int64
	var secs, cpu float64
	for _, r := range results {
		line(r.row())
		cubes += int64(r.cubes)
		bytes += r.bytes
		syzygy += int64(r.ref.SyzygyBytes)
		secs += r.seconds
		cpu += r.cpu
	}
	line([]string{"total", "", "", "", strconv.FormatInt(cubes, 10), strconv.FormatInt(bytes, 10), strconv.FormatInt(syzygy, 10), "", "",
		strconv.FormatFloat(secs, 'f', 1, 64), strconv.FormatFloat(cpu, 'f', 1, 64), ""})
	tw.Flush()
}

// writeCSV writes the results as CSV.
func writeCSV(w io.Writer, results []result) error {
	cw := csv.NewWriter(w)
	cw.Write(columns)
	for _, r := range results {
		cw.Write(r.row())
	}
	cw.Flush()
	return cw.Error()
}

// stamped prefixes each write with the time since start.
type stamped struct {
	w     io.Writer
	start time.Time
}

func (s *stamped) Write(b []byte) (int, error) {
	fmt.Fprintf(s.w, "tablebase: [%6.1fs] %s", time.Since(s.start).Seconds(), b)
	return len(b), nil
}
