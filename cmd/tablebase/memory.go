package main

import "github.com/espresso-go/espresso/internal/meminfo"

// availableMiB returns the memory the system has available for new work (MemAvailable of
// /proc/meminfo), or fallbackMiB when it cannot tell.
func availableMiB() int {
	if n, ok := meminfo.Read("MemAvailable"); ok {
		return int(n >> 20)
	}
	return fallbackMiB
}
