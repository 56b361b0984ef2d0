//go:build !linux

package atomicfile

// FreeSpace reports that it cannot tell the free space here.
func FreeSpace(path string) (int64, bool) { return 0, false }
