package main

import (
	"bytes"
	"os"
	"runtime/debug"
	"strconv"
	"syscall"
	"time"
)

// resetPeak returns the memory the process no longer uses to the system and resets its
// peak resident set size (VmHWM), so that peakKiB measures what follows.
func resetPeak() {
	debug.FreeOSMemory()
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) // best effort: the peak then covers the run so far
}

// peakKiB returns the process's peak resident set size since resetPeak (VmHWM), or 0.
func peakKiB() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range bytes.Lines(data) {
		if f := bytes.Fields(line); len(f) >= 2 && string(f[0]) == "VmHWM:" {
			kb, _ := strconv.ParseInt(string(f[1]), 10, 64)
			return kb
		}
	}
	return 0
}

// cpuTime returns the CPU time the process has used so far (user and system), or 0.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
