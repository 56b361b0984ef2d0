package progress

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// IsTerminal reports whether w is an open file that is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	conn, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var errno syscall.Errno
	err = conn.Control(func(fd uintptr) {
		var t syscall.Termios
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	})
	return err == nil && errno == 0
}
