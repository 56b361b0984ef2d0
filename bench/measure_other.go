//go:build !linux

package bench

import (
	"context"
	"errors"
	"os/exec"
	"syscall"
	"time"
)

// runMeasured starts cmd, waits for it and measures it, killing it at the
// time limit (when positive) or when ctx ends. The peak memory is wait4's
// ru_maxrss.
func runMeasured(ctx context.Context, cmd *exec.Cmd, timeout time.Duration) runResult {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return runResult{exitCode: -1, err: err}
	}
	stop := context.AfterFunc(ctx, func() { cmd.Process.Kill() })
	err := cmd.Wait()
	stop()
	r := runResult{wall: time.Since(start), exitCode: -1}
	r.timedOut = ctx.Err() == context.DeadlineExceeded
	ps := cmd.ProcessState
	if ps == nil {
		r.err = err
		return r
	}
	r.cpu = ps.UserTime() + ps.SystemTime()
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		r.maxRSSKB = int64(ru.Maxrss)
	}
	r.exitCode = ps.ExitCode()
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.signal = ws.Signal()
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		r.err = err
	}
	return r
}
