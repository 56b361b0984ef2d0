package main

import (
	"runtime"
	"runtime/debug"
)

// The garbage collector's pace. A collection starts when the heap has grown
// by gcPercent of what the last one left live. Most runs are small, and
// there a high percent saves collections: 200 takes less CPU over the
// suite than Go's default of 100, with peak RSS still small. On a large
// cover the same percent lets the heap reach three times what is live,
// so once a collection leaves more than largeHeap live the pace drops to
// 50, and the heap to about one and a half times what is live. There the
// collector runs on the other core while the minimization goes on: the
// peak falls by about a quarter against Go's default of 100, for the
// same wall time and a little more CPU (on chess2pla --canonical KQk,
// about 230 MB against 300 MB, and 4 % more CPU).
const (
	smallHeapGCPercent = 200
	largeHeapGCPercent = 50
	largeHeap          = 64 << 20
)

// paceGC sets the collector's pace for a run of espresso: smallHeapGCPercent
// until a collection leaves more than largeHeap live, then
// largeHeapGCPercent.
//
// The live heap is read as ReadMemStats's HeapAlloc in a finalizer, just
// after a collection: that is what the collection left plus what was
// allocated since. (runtime/metrics would say it exactly, but importing it
// costs every run the building of its table of metrics at start-up, half a
// millisecond or so (GODEBUG=inittrace=1), a few percent of the smallest
// PLAs' runs.)
func paceGC() {
	debug.SetGCPercent(smallHeapGCPercent)
	// A finalizer runs after the collection that found its object
	// unreachable: each one checks the live heap and arms the next.
	type token struct{ _ [16]byte }
	var check func(*token)
	check = func(*token) {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		if m.HeapAlloc > largeHeap {
			debug.SetGCPercent(largeHeapGCPercent)
			return
		}
		runtime.SetFinalizer(new(token), check)
	}
	runtime.SetFinalizer(new(token), check)
}
