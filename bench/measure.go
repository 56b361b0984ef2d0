package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Status is the outcome of one run.
type Status string

// The outcomes of a run.
const (
	StatusOK      Status = "ok"      // exited 0 (or an exit status the caller accepts)
	StatusFailed  Status = "failed"  // could not start, exited with another status, or was killed
	StatusTimeout Status = "timeout" // killed at the time limit
)

// Measurement is what one subprocess run cost.
type Measurement struct {
	Status   Status
	ExitCode int           // exit status; -1 when killed by a signal or not started
	Wall     time.Duration // elapsed real time
	CPU      time.Duration // user + system time of the process
	MaxRSSKB int64         // peak resident set size in KiB (getrusage ru_maxrss)
	Stderr   string        // the end of what the process wrote on stderr
	Err      string        // why the run failed, empty when it did not
}

// stderrKeep is how many trailing bytes of a child's stderr are kept.
const stderrKeep = 2048

// Measure runs argv[0] with arguments argv[1:], its stdout going to the file
// stdoutPath (nothing is kept when it is empty) and its stdin empty, and
// measures it. A run that exceeds timeout (when positive) is killed and
// reported as StatusTimeout. Measure never returns an error: a run that cannot
// start is reported as StatusFailed with the reason in Err.
func Measure(ctx context.Context, argv []string, stdoutPath string, timeout time.Duration) Measurement {
	m := Measurement{ExitCode: -1}
	if len(argv) == 0 {
		m.Status, m.Err = StatusFailed, "empty command"
		return m
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.WaitDelay = 2 * time.Second
	if stdoutPath != "" {
		f, err := os.Create(stdoutPath)
		if err != nil {
			m.Status, m.Err = StatusFailed, err.Error()
			return m
		}
		defer f.Close()
		cmd.Stdout = f
	}
	var stderr tailBuffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	m.Wall = time.Since(start)
	m.Stderr = strings.TrimSpace(stderr.String())
	if ps := cmd.ProcessState; ps != nil {
		m.CPU = ps.UserTime() + ps.SystemTime()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			m.MaxRSSKB = ru.Maxrss
		}
		m.ExitCode = ps.ExitCode()
	}
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		m.Status = StatusTimeout
		m.Err = fmt.Sprintf("timed out after %v", timeout)
	case err == nil:
		m.Status = StatusOK
	case errors.As(err, &exitErr):
		m.Status = StatusFailed
		if m.ExitCode >= 0 {
			m.Err = fmt.Sprintf("exit status %d", m.ExitCode)
		} else {
			m.Err = exitErr.Error()
		}
		if line := lastLine(m.Stderr); line != "" {
			m.Err += ": " + line
		}
	default:
		m.Status, m.Err = StatusFailed, err.Error()
	}
	return m
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}

// tailBuffer keeps the last stderrKeep bytes written to it.
type tailBuffer struct{ b bytes.Buffer }

func (t *tailBuffer) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > stderrKeep {
		p = p[len(p)-stderrKeep:]
	}
	t.b.Write(p)
	if over := t.b.Len() - stderrKeep; over > 0 {
		t.b.Next(over)
	}
	return n, nil
}

func (t *tailBuffer) String() string { return t.b.String() }
