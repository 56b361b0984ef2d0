package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/tablebase/builder"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// jobCmd is the job subcommand.
type jobCmd struct {
	Dir     string    `arg:"" name:"dir" help:"The build's folder, holding plan.tsv."`
	Number  string    `arg:"" optional:"" name:"n" help:"The job's number in the plan (default: $SLURM_ARRAY_TASK_ID, else $JOB_COMPLETION_INDEX)."`
	Workers cli.Count `default:"2" help:"Goroutines that share the job's solving or minimizing (default: ${default})."`
	Quiet   bool      `short:"q" help:"No progress messages."`
}

// Run runs one job of the plan, unless its output exists.
func (c *jobCmd) Run(e *env) error {
	p, err := plan.ReadFile(c.Dir)
	if err != nil {
		return err
	}
	n, err := plan.JobNumber(c.Number, os.Getenv, len(p.Jobs))
	if err != nil {
		return err
	}
	var progress io.Writer
	if !c.Quiet {
		progress = &stamped{w: e.stderr, start: time.Now()}
	}
	j := p.Jobs[n]
	if plan.Done(c.Dir, j) {
		fmt.Fprintf(e.stderr, "tablebase: job %d, %s: already done (%s exists)\n", n, j.Name(), j.Output)
		return nil
	}
	st, err := runJob(context.Background(), c.Dir, p, j, int(c.Workers), progress)
	if err != nil {
		return fmt.Errorf("job %d, %s: %w", n, j.Name(), err)
	}
	if progress != nil {
		fmt.Fprintf(progress, "job %d, %s: done in %.1f s (CPU %.1f s, peak %d MiB), wrote %s\n", n, j.Name(), st.Seconds, st.CPUSeconds, st.PeakMiB, j.Output)
	}
	return nil
}

// runJob runs job j of plan p in the build's folder dir: it checks that the outputs of the
// jobs it runs after exist, runs it, and writes its output and its statistics.
func runJob(ctx context.Context, dir string, p *plan.Plan, j plan.Job, workers int, progress io.Writer) (*jobStats, error) {
	var missing []string
	for _, a := range j.After {
		if !plan.Done(dir, p.Jobs[a]) {
			missing = append(missing, fmt.Sprintf("%s (job %d)", p.Jobs[a].Output, a))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("its inputs are missing: %v", missing)
	}
	// An output appears complete or not at all; on SIGINT or SIGTERM the guard removes
	// the one being written and the signal ends the process.
	guard := atomicfile.NewGuard()
	defer guard.Stop()
	out := filepath.Join(dir, filepath.FromSlash(j.Output))
	if err := os.MkdirAll(filepath.Dir(out), 0o777); err != nil {
		return nil, err
	}
	resetPeak()
	start, cpuStart := time.Now(), cpuTime()
	opt := p.Options
	var omit format.Symmetry
	if opt.NoBoardSymmetry {
		omit |= format.BoardSymmetry
	}
	if opt.NoColourSymmetry {
		omit |= format.ColourSymmetry
	}
	if opt.NoPieceSymmetry {
		omit |= format.PieceSymmetry
	}
	b := builder.NewBuilder(builder.Options{Full: opt.Full, AllOrders: opt.AllOrders, Omit: omit, Paper: opt.Paper,
		Workers: workers, Progress: progress})
	st := &jobStats{Job: j.Number, PaperCubes: -1}
	var err error
	switch j.Kind {
	case plan.Table:
		err = tableJob(ctx, b, j, guard, out, st)
	case plan.Solve:
		err = solveJob(dir, j, workers, progress, st)
	case plan.Slice:
		err = sliceJob(ctx, b, dir, j, guard, out, st)
	case plan.Assemble:
		err = assembleJob(dir, p, j, guard, out, st)
	default:
		err = fmt.Errorf("unknown kind of job %v", j.Kind)
	}
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(out); err == nil {
		st.Bytes = fi.Size()
	}
	st.Seconds, st.CPUSeconds = time.Since(start).Seconds(), (cpuTime() - cpuStart).Seconds()
	st.PeakMiB = peakKiB() / 1024
	return st, writeStats(dir, j, st)
}

// tableJob builds a table whole, as the builder always has.
func tableJob(ctx context.Context, b *builder.Builder, j plan.Job, guard *atomicfile.Guard, out string, st *jobStats) error {
	t, rep, err := b.Build(ctx, j.Material)
	if err != nil {
		return err
	}
	st.fromReport(rep, t)
	return guard.WriteFile(out, func(w io.Writer) error { return format.Encode(w, t) })
}

// solveJob solves a material and writes its values file, reading the values of the
// five-piece materials it depends on from the build's values files (the jobs it runs
// after wrote them) and solving smaller ones in memory.
func solveJob(dir string, j plan.Job, workers int, progress io.Writer, st *jobStats) error {
	values := filepath.Join(dir, "values")
	if want := filepath.Join(dir, filepath.FromSlash(j.Output)); filepath.Join(values, chess.ValuesName(j.Material)) != want {
		return fmt.Errorf("the plan's output %s is not the values file %s", j.Output, chess.ValuesName(j.Material))
	}
	s := chess.NewSolver()
	s.Workers, s.Progress, s.Deps = workers, progress, chess.ValuesDir(values)
	v, err := s.SolveValues(j.Material)
	if err != nil {
		return err
	}
	w, d, l := v.Count()
	st.Positions = w + d + l
	_, err = chess.WriteValuesFile(values, v)
	return err
}

// sliceJob minimizes one slice of a table from the values file of its material, checks
// it, and writes it as a table file holding that slice.
func sliceJob(ctx context.Context, b *builder.Builder, dir string, j plan.Job, guard *atomicfile.Guard, out string, st *jobStats) error {
	m := j.Material
	vr, err := chess.OpenValuesFile(filepath.Join(dir, plan.ValuesPath(m)))
	if err != nil {
		return err
	}
	defer vr.Close()
	if vr.Material().String() != m.String() {
		return fmt.Errorf("%s holds the values of %v, whose indices are not %v's", plan.ValuesPath(m), vr.Material(), m)
	}
	// The slice's positions: White to move, then Black to move, each a range of the
	// indices with the white king on j.Square.
	n := m.NumPieces()
	width := 1 << (6 * (n - 1))
	var parts [2]*chess.Values
	for stm := range parts {
		lo := stm<<(6*n) | j.Square*width
		if parts[stm], err = vr.ReadRange(lo, lo+width); err != nil {
			return err
		}
	}
	at := func(x int) chess.Status { return parts[x>>(6*n)].At(x) }
	t, rep, err := b.BuildSlice(ctx, m, j.Square, at)
	if err != nil {
		return err
	}
	st.fromReport(rep, t)
	return guard.WriteFile(out, func(w io.Writer) error { return format.Encode(w, t) })
}

// assembleJob joins the slices of a table into its file.
func assembleJob(dir string, p *plan.Plan, j plan.Job, guard *atomicfile.Guard, out string, st *jobStats) error {
	var parts []*format.Table
	for _, a := range j.After {
		t, err := format.ReadFile(filepath.Join(dir, filepath.FromSlash(p.Jobs[a].Output)))
		if err != nil {
			return err
		}
		parts = append(parts, t)
	}
	t, err := format.JoinSlices(parts)
	if err != nil {
		return err
	}
	var squares []int
	for _, s := range t.Slices {
		squares = append(squares, s.King)
	}
	if want := plan.SliceSquares(j.Material, !p.Options.NoBoardSymmetry); !slices.Equal(squares, want) {
		return fmt.Errorf("slices of the white king's squares %v, want %v", squares, want)
	}
	for _, a := range j.After {
		if sst, err := readStats(dir, p.Jobs[a]); err == nil {
			st.Positions += sst.Positions
		}
	}
	st.Cubes, st.Symmetry, st.Order = t.Cubes(), t.Symmetry, "per slice"
	return guard.WriteFile(out, func(w io.Writer) error { return format.Encode(w, t) })
}

// defaultJobs is how many jobs build runs at once by default: one per workers CPUs.
func defaultJobs(workers int) int { return max(1, runtime.NumCPU()/workers) }
