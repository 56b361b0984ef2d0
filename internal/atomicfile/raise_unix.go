//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// raise sends sig to the process again, now that it has its default action.
func raise(sig os.Signal) {
	if s, ok := sig.(syscall.Signal); ok {
		syscall.Kill(os.Getpid(), s)
		select {} // the signal ends the process
	}
	os.Exit(1)
}
