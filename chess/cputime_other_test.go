//go:build !linux

package chess

import "time"

// cpuTime is not measured outside Linux.
func cpuTime() time.Duration { return 0 }

// peakMemory is not measured outside Linux.
func peakMemory() int64 { return 0 }
