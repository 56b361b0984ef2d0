package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"time"

	"github.com/espresso-go/espresso/tablebase/plan"
)

// execRunner returns a plan.Runner that runs each job as `tablebase job DIR N` in a
// process of its own (this executable), so that the jobs of a local build run as they
// run on a cluster, each with its own memory, and a job that fails or is killed takes
// nothing else with it. Each line the job prints goes to stderr after "job N: ".
func execRunner(dir string, workers int, quiet bool, stderr io.Writer) (plan.Runner, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding this program to run its jobs: %w", err)
	}
	var mu sync.Mutex // one line at a time on stderr
	return func(ctx context.Context, j plan.Job) (plan.Usage, error) {
		args := []string{"job", "--workers", strconv.Itoa(workers)}
		if quiet {
			args = append(args, "-q")
		}
		cmd := exec.CommandContext(ctx, self, append(args, dir, strconv.Itoa(j.Number))...)
		// Interrupted, a job removes the output it was writing (its Guard) and ends.
		cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
		cmd.WaitDelay = 30 * time.Second
		dieWithParent(cmd)
		out := &lineWriter{w: stderr, mu: &mu, prefix: fmt.Sprintf("job %d: ", j.Number)}
		cmd.Stdout, cmd.Stderr = out, out
		start := time.Now()
		err := cmd.Run()
		out.flush()
		u := plan.Usage{Wall: time.Since(start)}
		if err != nil {
			return u, fmt.Errorf("%s: %w", cmd.String(), err)
		}
		st, err := plan.ReadStats(dir, j)
		if err != nil {
			return u, fmt.Errorf("job %d ran, but its statistics: %w", j.Number, err)
		}
		u.CPU = time.Duration(st.CPUSeconds * float64(time.Second))
		u.PeakMiB = int(st.PeakMiB)
		return u, nil
	}, nil
}

// lineWriter writes whole lines to w, each after prefix, holding mu while it writes.
type lineWriter struct {
	w      io.Writer
	mu     *sync.Mutex
	prefix string
	buf    []byte
}

func (l *lineWriter) Write(b []byte) (int, error) {
	l.buf = append(l.buf, b...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return len(b), nil
		}
		l.mu.Lock()
		fmt.Fprintf(l.w, "%s%s\n", l.prefix, l.buf[:i])
		l.mu.Unlock()
		l.buf = l.buf[i+1:]
	}
}

// flush writes what is left of a last line without its newline.
func (l *lineWriter) flush() {
	if len(l.buf) > 0 {
		l.Write([]byte{'\n'})
	}
}

// fallbackMiB is the memory a local build assumes when the system does not say what it
// has available: one job of a five-piece slice at a time.
const fallbackMiB = 4096
