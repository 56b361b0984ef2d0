package bench

import (
	"context"
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
	MaxRSSKB int64         // peak resident set size in KiB (the process's own VmHWM; see runMeasured)
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
	cmd := exec.Command(argv[0], argv[1:]...)
	if stdoutPath != "" {
		f, err := os.Create(stdoutPath)
		if err != nil {
			m.Status, m.Err = StatusFailed, err.Error()
			return m
		}
		defer f.Close()
		cmd.Stdout = f
	}
	// stderr goes to a file, not a pipe: a pipe needs a goroutine that only
	// cmd.Wait ends, and the traced run reaps the child itself.
	errFile, err := os.CreateTemp("", "bench-stderr-*")
	if err != nil {
		m.Status, m.Err = StatusFailed, err.Error()
		return m
	}
	defer os.Remove(errFile.Name())
	defer errFile.Close()
	cmd.Stderr = errFile

	r := runMeasured(ctx, cmd, timeout)
	m.Wall, m.CPU, m.MaxRSSKB = r.wall, r.cpu, r.maxRSSKB
	m.Stderr = strings.TrimSpace(tail(errFile, stderrKeep))
	if r.err != nil {
		m.Status, m.Err = StatusFailed, r.err.Error()
		return m
	}
	m.ExitCode = r.exitCode
	switch {
	case r.timedOut:
		m.Status = StatusTimeout
		m.Err = fmt.Sprintf("timed out after %v", timeout)
	case r.signal != 0:
		m.Status = StatusFailed
		m.Err = "killed by " + r.signal.String()
	case r.exitCode == 0:
		m.Status = StatusOK
	default:
		m.Status = StatusFailed
		m.Err = fmt.Sprintf("exit status %d", m.ExitCode)
		if line := lastLine(m.Stderr); line != "" {
			m.Err += ": " + line
		}
	}
	return m
}

// runResult is what runMeasured found.
type runResult struct {
	wall, cpu time.Duration
	maxRSSKB  int64
	exitCode  int            // -1 when killed by a signal
	signal    syscall.Signal // the signal that ended the process, or 0
	timedOut  bool
	err       error // the process could not be started or waited for
}

// tail returns the last n bytes of f.
func tail(f *os.File, n int64) string {
	st, err := f.Stat()
	if err != nil {
		return ""
	}
	off := max(st.Size()-n, 0)
	b := make([]byte, st.Size()-off)
	k, _ := f.ReadAt(b, off)
	return string(b[:k])
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}
