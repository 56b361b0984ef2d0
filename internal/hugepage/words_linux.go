package hugepage

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back w with transparent huge pages
// (madvise(MADV_HUGEPAGE)), which it does where they are enabled for
// "madvise" or "always". It is a hint: an error changes nothing.
func adviseHuge(w []uint64) {
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), len(w)*8)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
