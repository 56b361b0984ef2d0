// Package hugepage allocates the large word slices that hold covers,
// asking the operating system, where it can, to back them with huge pages.
package hugepage

// hugeWords is the size, in words (32 MiB), from which Words asks for
// huge pages.
const hugeWords = 1 << 22

// Words returns make([]uint64, n, c), asking the operating system, where
// it can, to back storage of hugeWords or more with huge pages. A cover
// read from a 2^25-row truth table takes hundreds of megabytes, and where
// the first touch of each 4 KiB page is slow (a virtual machine) that
// touching costs more than the reading: espresso -Dstats on such a file
// (chess2pla --canonical KQkn) takes about twice as long with 4 KiB pages
// as with huge ones, and its reading some three times as long.
func Words(n, c int) []uint64 {
	w := make([]uint64, n, c)
	if c >= hugeWords {
		adviseHuge(w[:c])
	}
	return w
}
