package chess

import (
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
