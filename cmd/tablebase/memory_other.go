//go:build !linux

package main

// availableMiB returns fallbackMiB: only Linux tells the memory available here.
func availableMiB() int { return fallbackMiB }
