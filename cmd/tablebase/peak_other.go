//go:build !linux

package main

import "time"

// resetPeak does nothing where the peak memory is not measured.
func resetPeak() {}

// peakKiB returns 0: the peak memory is read on Linux only.
func peakKiB() int64 { return 0 }

// cpuTime returns 0: the CPU time is read on Linux only.
func cpuTime() time.Duration { return 0 }
