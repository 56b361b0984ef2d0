package atomicfile

import (
	"path/filepath"
	"syscall"
)

// FreeSpace returns the bytes free to an unprivileged user on the filesystem that a file
// named path would be written to, and whether it could tell.
func FreeSpace(path string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(filepath.Dir(path), &st); err != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true
}
