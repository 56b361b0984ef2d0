//go:build linux

// Package ptytest opens pseudo-terminals for tests of what a program does on a terminal.
package ptytest

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

// Open opens a pseudo-terminal and returns its terminal end, to give a program as its
// stderr say, and its controlling end, to read what the program writes there.
func Open() (term, control *os.File, err error) {
	control, err = os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		return nil, nil, err
	}
	var unlock int32
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, control.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		control.Close()
		return nil, nil, fmt.Errorf("unlock the pseudo-terminal: %w", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, control.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		control.Close()
		return nil, nil, fmt.Errorf("number of the pseudo-terminal: %w", e)
	}
	term, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		control.Close()
		return nil, nil, err
	}
	return term, control, nil
}
