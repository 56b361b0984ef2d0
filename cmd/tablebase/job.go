package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// jobCmd is the job subcommand.
type jobCmd struct {
	Dir     string    `arg:"" name:"dir" help:"The build's folder, holding plan.tsv."`
	Number  string    `arg:"" name:"n" help:"The job's number in the plan (a cluster's task index: see deploy/)."`
	Workers cli.Count `default:"2" help:"Goroutines that share the job's solving or minimizing (default: ${default})."`
	Quiet   bool      `short:"q" help:"No progress messages."`
}

// Run runs one job of the plan, unless its output exists.
func (c *jobCmd) Run(e *env) error {
	p, err := plan.ReadFile(c.Dir)
	if err != nil {
		return err
	}
	n, err := plan.ParseJobNumber(c.Number, len(p.Jobs))
	if err != nil {
		return err
	}
	j := p.Jobs[n]
	if plan.Done(c.Dir, j) {
		fmt.Fprintf(e.stderr, "tablebase: job %d, %s: already done (%s exists)\n", n, j.Name(), j.Output)
		return nil
	}
	if limit, ok := jobMemoryLimit(j, os.Getenv); ok {
		debug.SetMemoryLimit(limit)
	}
	opt := plan.JobOptions{Workers: int(c.Workers), Meter: &processMeter{}}
	if !c.Quiet {
		opt.Progress = &stamped{w: e.stderr, start: time.Now()}
	}
	// An output appears complete or not at all; on SIGINT or SIGTERM the guard removes
	// the one being written and the signal ends the process.
	guard := atomicfile.NewGuard()
	defer guard.Stop()
	opt.WriteFile = guard.WriteFile
	st, err := plan.RunJob(context.Background(), c.Dir, p, n, opt)
	if err != nil {
		return err
	}
	if opt.Progress != nil {
		fmt.Fprintf(opt.Progress, "job %d, %s: done in %.1f s (CPU %.1f s, peak %d MiB), wrote %s\n", n, j.Name(), st.Seconds, st.CPUSeconds, st.PeakMiB, j.Output)
	}
	return nil
}

// processMeter measures this process's CPU time and peak memory (on Linux; zeros
// elsewhere), as each job runs in a process of its own.
type processMeter struct{ cpuStart time.Duration }

func (m *processMeter) Reset() {
	resetPeak()
	m.cpuStart = cpuTime()
}

func (m *processMeter) Read() (time.Duration, int64) { return cpuTime() - m.cpuStart, peakKiB() / 1024 }

// defaultJobs is how many jobs build runs at once by default: one per workers CPUs.
func defaultJobs(workers int) int { return max(1, runtime.NumCPU()/workers) }

// jobMemoryLimit returns the soft memory limit of the Go runtime for job j: the plan's
// memory for it, what a cluster reserves for it (sbatch --mem), so that the collector
// works harder as the heap nears it rather than let garbage take the job past it. None
// when the plan gives none or GOMEMLIMIT (read through getenv) sets one.
func jobMemoryLimit(j plan.Job, getenv func(string) string) (int64, bool) {
	if getenv("GOMEMLIMIT") != "" || j.MemoryMiB <= 0 {
		return 0, false
	}
	return int64(j.MemoryMiB) << 20, true
}
