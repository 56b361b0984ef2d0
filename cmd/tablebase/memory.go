package main

import "github.com/espresso-go/espresso/internal/cli"

// availableMiB returns the memory the system has available for new work (MemAvailable of
// /proc/meminfo), or fallbackMiB when it cannot tell.
func availableMiB() int {
	if n, ok := cli.MemInfo("MemAvailable"); ok {
		return int(n >> 20)
	}
	return fallbackMiB
}
