package plan

// This file runs one job of a plan: it checks the job's inputs, runs its kind (solve.go,
// slice.go, assemble.go, table.go) and writes its output and its statistics.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/tablebase/builder"
	"github.com/espresso-go/espresso/tablebase/format"
)

// JobOptions say how RunJob runs a job; the plan's Options say what it builds.
type JobOptions struct {
	// Workers is the number of goroutines that share the job's solving or minimizing.
	Workers int
	// Progress, when not nil, receives the solver's and the builder's progress.
	Progress io.Writer
	// WriteFile writes an output so that it appears complete or not at all; nil writes it
	// to a temporary file renamed once complete. A command passes one that also removes
	// the temporary file when the process is interrupted.
	WriteFile func(path string, write func(io.Writer) error) error
	// Meter, when not nil, measures the CPU time and the peak memory of the job.
	Meter Meter
}

// A Meter measures what the process that runs a job uses: Reset starts a measurement,
// Read returns the CPU time and the peak resident memory since.
type Meter interface {
	Reset()
	Read() (cpu time.Duration, peakMiB int64)
}

// RunJob runs job n of plan p in the build's directory dir: it checks that the outputs of
// the jobs it runs after exist, runs the job (see the package documentation for the
// kinds), writes its output, and writes and returns its statistics (ReadStats). It runs
// the job even when the output exists (see Done).
func RunJob(ctx context.Context, dir string, p *Plan, n int, opt JobOptions) (*Stats, error) {
	if n < 0 || n >= len(p.Jobs) {
		return nil, fmt.Errorf("job %d: the plan has jobs 0 to %d", n, len(p.Jobs)-1)
	}
	j := p.Jobs[n]
	st, err := runJob(ctx, dir, p, j, opt)
	if err != nil {
		return nil, fmt.Errorf("job %d, %s: %w", n, j.Name(), err)
	}
	return st, nil
}

func runJob(ctx context.Context, dir string, p *Plan, j Job, opt JobOptions) (*Stats, error) {
	var missing []string
	for _, a := range j.After {
		if !Done(dir, p.Jobs[a]) {
			missing = append(missing, fmt.Sprintf("%s (job %d)", p.Jobs[a].Output, a))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("its inputs are missing: %v", missing)
	}
	r := &jobRun{ctx: ctx, dir: dir, p: p, j: j, opt: opt, out: filepath.Join(dir, filepath.FromSlash(j.Output)),
		st: &Stats{Job: j.Number, PaperCubes: -1}}
	if r.opt.WriteFile == nil {
		r.opt.WriteFile = atomicfile.WriteFile
	}
	if err := os.MkdirAll(filepath.Dir(r.out), 0o777); err != nil {
		return nil, err
	}
	if opt.Meter != nil {
		opt.Meter.Reset()
	}
	start := time.Now()
	var err error
	switch j.Kind {
	case Table:
		err = r.table()
	case Solve:
		err = r.solve()
	case Slice:
		err = r.slice()
	case Assemble:
		err = r.assemble()
	default:
		err = fmt.Errorf("unknown kind of job %v", j.Kind)
	}
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(r.out)
	if err != nil {
		return nil, err
	}
	r.st.Bytes = fi.Size()
	r.st.Seconds = time.Since(start).Seconds()
	if opt.Meter != nil {
		cpu, peak := opt.Meter.Read()
		r.st.CPUSeconds, r.st.PeakMiB = cpu.Seconds(), peak
	}
	return r.st, WriteStats(dir, j, r.st)
}

// jobRun is one job being run: its plan, its settings, its output and its statistics.
type jobRun struct {
	ctx context.Context
	dir string
	p   *Plan
	j   Job
	opt JobOptions
	out string // the output's path
	st  *Stats
}

// builder returns the builder of the plan's options.
func (r *jobRun) builder() *builder.Builder {
	return builder.NewBuilder(r.p.Options.Builder(r.opt.Workers, r.opt.Progress))
}

// writeTable writes t as the job's output.
func (r *jobRun) writeTable(t *format.Table) error {
	return r.opt.WriteFile(r.out, func(w io.Writer) error { return format.Encode(w, t) })
}
