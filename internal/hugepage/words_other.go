//go:build !linux

package hugepage

// adviseHuge does nothing where huge pages are not asked for.
func adviseHuge([]uint64) {}
