package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// buildCmd is the build subcommand.
type buildCmd struct {
	planFlags `embed:""`
	CSV       string       `placeholder:"FILE" help:"Also write the results as CSV to FILE."`
	Workers   cli.Count    `default:"2" help:"Goroutines that share the solving and minimizing of each job (default: ${default})."`
	Jobs      cli.Count    `placeholder:"N" help:"Jobs that run at once at most (default: the machine's CPUs over --workers)."`
	Memory    cli.Size     `placeholder:"SIZE" help:"Memory the jobs running at once may expect in all, e.g. 16GiB (default: what the machine has available as the build starts)."`
	Timeout   cli.Duration `default:"0" help:"Time limit of the whole build (0: none); a job not finished by then is stopped and writes nothing."`
	Quiet     bool         `short:"q" help:"No progress messages."`
}

// result is one row of the report.
type result struct {
	m                chess.Material
	positions, cubes int
	bytes            int64
	symmetry         format.Symmetry
	order            string
	paperCubes       int
	ref              tbref.Reference
	hasRef           bool
	seconds, cpu     float64
	peakMiB          int64
}

// Run writes the build's plan into its folder and runs the jobs not done yet.
func (c *buildCmd) Run(e *env) error {
	p, err := c.plan()
	if err != nil {
		return err
	}
	if err := c.writePlan(p); err != nil {
		return err
	}
	ctx := context.Background()
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout.Std())
		defer cancel()
	}
	runner, err := execRunner(c.Out, int(c.Workers), c.Quiet, e.stderr)
	if err != nil {
		return err
	}
	opt := plan.RunOptions{Dir: c.Out, Jobs: int(c.Jobs), Workers: int(c.Workers), MemoryMiB: int(int64(c.Memory) >> 20)}
	if opt.Jobs == 0 {
		opt.Jobs = defaultJobs(int(c.Workers))
	}
	if opt.MemoryMiB == 0 {
		opt.MemoryMiB = availableMiB()
	}
	if !c.Quiet {
		opt.Progress = e.stderr
	}
	if _, err := plan.Run(ctx, p, opt, runner); err != nil {
		return err
	}
	var results []result
	for _, m := range p.Materials {
		s, err := p.TableStats(c.Out, m)
		if err != nil {
			return err
		}
		r := result{m: m, positions: s.Positions, cubes: s.Cubes, bytes: s.Bytes, symmetry: s.Symmetry, order: s.Order,
			paperCubes: s.PaperCubes, seconds: s.Seconds, cpu: s.CPUSeconds, peakMiB: s.PeakMiB}
		r.ref, r.hasRef = tbref.ReferenceOf(m)
		results = append(results, r)
	}
	writeReport(e.stdout, results)
	if c.CSV != "" {
		return atomicfile.WriteFile(c.CSV, func(w io.Writer) error { return writeCSV(w, results) })
	}
	return nil
}

// columns are the report's columns, for the table and the CSV alike.
var columns = []string{"material", "positions", "symmetry", "order", "cubes", "bytes", "syzygy_bytes", "paper_bytes", "paper_cubes", "seconds", "cpu_seconds", "peak_mib"}

// row returns r's fields in the order of columns.
func (r result) row() []string {
	ref := func(n int) string {
		if !r.hasRef || n == 0 {
			return "-"
		}
		return strconv.Itoa(n)
	}
	paperCubes := "-"
	if r.paperCubes >= 0 {
		paperCubes = strconv.Itoa(r.paperCubes)
	}
	return []string{r.m.SyzygyName(), strconv.Itoa(r.positions), symmetryName(r.symmetry), r.order,
		strconv.Itoa(r.cubes), strconv.FormatInt(r.bytes, 10), ref(r.ref.SyzygyBytes), ref(r.ref.PaperBytes), paperCubes,
		strconv.FormatFloat(r.seconds, 'f', 1, 64), strconv.FormatFloat(r.cpu, 'f', 1, 64),
		strconv.FormatInt(r.peakMiB, 10)}
}

// symmetryName names the symmetries of a table for the report: "board", "board+colour",
// "board+pieces" and so on, or "none".
func symmetryName(s format.Symmetry) string {
	var names []string
	if s&format.BoardSymmetry != 0 {
		names = append(names, "board")
	}
	if s&format.ColourSymmetry != 0 {
		names = append(names, "colour")
	}
	if s&format.PieceSymmetry != 0 {
		names = append(names, "pieces")
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
