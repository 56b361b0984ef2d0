//go:build !linux

package cover

// adviseHuge does nothing where huge pages are not asked for.
func adviseHuge([]uint64) {}
