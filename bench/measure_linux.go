package bench

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ptraceOExitKill is PTRACE_O_EXITKILL: the tracee dies with the tracer.
const ptraceOExitKill = 0x100000

// runMeasured starts cmd, waits for it and measures it, killing it at the
// time limit (when positive) or when ctx ends.
//
// The peak memory is read from the child's /proc/PID/status (VmHWM) as it
// exits, not from wait4's ru_maxrss: a child started by a Go program
// (vfork, shared memory until exec) inherits the parent's peak in
// ru_maxrss, so a 2 MB ESPRESSO 2.3 run would show the bench's own size.
// To read the status before the memory is gone, the child runs under
// ptrace with PTRACE_O_TRACEEXIT, which stops it at exit; nothing else
// is traced. Where ptrace is refused, the run falls back to ru_maxrss.
func runMeasured(ctx context.Context, cmd *exec.Cmd, timeout time.Duration) runResult {
	// ptrace requests must come from the thread that started the child.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cmd.SysProcAttr = &syscall.SysProcAttr{Ptrace: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return runResult{exitCode: -1, err: err}
	}
	pid := cmd.Process.Pid
	defer cmd.Process.Release()

	var (
		mu       sync.Mutex
		reaped   bool
		timedOut bool
	)
	kill := func(isTimeout bool) {
		mu.Lock()
		defer mu.Unlock()
		if !reaped {
			timedOut = timedOut || isTimeout
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	if timeout > 0 {
		t := time.AfterFunc(timeout, func() { kill(true) })
		defer t.Stop()
	}
	stop := context.AfterFunc(ctx, func() { kill(false) })
	defer stop()

	var (
		ws    syscall.WaitStatus
		ru    syscall.Rusage
		hwm   int64 = -1
		first       = true
	)
	for {
		_, err := syscall.Wait4(pid, &ws, syscall.WALL, &ru)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return runResult{exitCode: -1, wall: time.Since(start), err: err}
		}
		if ws.Exited() || ws.Signaled() {
			break
		}
		if !ws.Stopped() {
			continue
		}
		sig := ws.StopSignal()
		switch {
		case first && sig == syscall.SIGTRAP:
			// The stop after exec: ask for a stop at exit.
			first = false
			if err := syscall.PtraceSetOptions(pid, syscall.PTRACE_O_TRACEEXIT|ptraceOExitKill); err != nil {
				syscall.PtraceDetach(pid)
				continue
			}
			syscall.PtraceCont(pid, 0)
		case sig == syscall.SIGTRAP && ws.TrapCause() == syscall.PTRACE_EVENT_EXIT:
			hwm = vmHWM(pid)
			syscall.PtraceCont(pid, 0)
		default:
			// A signal for the child: deliver it.
			syscall.PtraceCont(pid, int(sig))
		}
	}
	mu.Lock()
	reaped = true
	mu.Unlock()

	r := runResult{
		wall:     time.Since(start),
		cpu:      time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		maxRSSKB: hwm,
		exitCode: -1,
		timedOut: timedOut,
	}
	if hwm < 0 {
		r.maxRSSKB = ru.Maxrss
	}
	if ws.Exited() {
		r.exitCode = ws.ExitStatus()
	} else {
		r.signal = ws.Signal()
	}
	return r
}

// vmHWM returns the peak resident set size of process pid in KiB, or -1.
func vmHWM(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				if n, err := strconv.ParseInt(f[0], 10, 64); err == nil {
					return n
				}
			}
		}
	}
	return -1
}
