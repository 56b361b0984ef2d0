//go:build !unix

package atomicfile

import "os"

// raise ends the process where a signal cannot be sent to it again.
func raise(os.Signal) {
	os.Exit(1)
}
