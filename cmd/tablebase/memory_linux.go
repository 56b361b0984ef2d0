package main

import (
	"bytes"
	"os"
	"strconv"
)

// availableMiB returns the memory the system has available for new work (MemAvailable of
// /proc/meminfo), or fallbackMiB when it cannot tell.
func availableMiB() int {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return fallbackMiB
	}
	for line := range bytes.Lines(data) {
		if f := bytes.Fields(line); len(f) >= 2 && string(f[0]) == "MemAvailable:" {
			if kb, err := strconv.ParseInt(string(f[1]), 10, 64); err == nil {
				return int(kb >> 10)
			}
		}
	}
	return fallbackMiB
}
