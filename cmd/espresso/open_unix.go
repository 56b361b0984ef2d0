//go:build unix

package main

import (
	"os"
	"syscall"
)

// openOperand opens the file of an operand for reading, as os.Open does
// but without registering it with the runtime's poller: reading a regular
// file never waits, and the first file registered sets the poller up
// (epoll_create1, eventfd2, two epoll_ctl, and the fcntl calls that make
// the file non-blocking and back), about a tenth of the system calls of a
// run on a tiny PLA.
func openOperand(name string) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: name, Err: err}
		}
		return os.NewFile(uintptr(fd), name), nil
	}
}
