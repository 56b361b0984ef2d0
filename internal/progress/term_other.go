//go:build !linux

package progress

import (
	"io"
	"os"
)

// IsTerminal reports whether w is an open file that is a character device: a terminal,
// or (where this check cannot tell them apart) a device such as the null device.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
