package chess

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"
)

// cpuTime returns the user plus system CPU time of the process so far, so benchmarks can
// report CPU seconds per operation, which depend less than wall time on the load that
// other users put on the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// peakMemory returns the peak resident set size of the process so far (VmHWM of
// /proc/self/status) in bytes, or 0 when it cannot be read.
func peakMemory() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if f := bytes.Fields(line); len(f) >= 2 && string(f[0]) == "VmHWM:" {
			kb, err := strconv.ParseInt(string(f[1]), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
