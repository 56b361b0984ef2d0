package main

import (
	"runtime"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/pla"
	"runtime/debug"
	"sync/atomic"
)

// The garbage collector's pace. A collection starts when the heap has grown
// by the percent of what the last one left live. Most runs are small, and
// there a high percent saves collections: smallHeapGCPercent (200) takes
// less CPU over the suite than Go's default of 100, with peak RSS still
// small. On a large cover the same percent lets the heap reach three
// times what is live, so the percent is lowered to keep the heap's goal
// at largeHeap, until that is less than largeHeapGCPercent (25) above
// what is live: the heap then reaches about a quarter more than what is
// live. There the collector runs on the other core while the minimization
// goes on: the peak falls against Go's default of 100, and against 50,
// for the same wall time and a little more CPU (docs/PERFORMANCE.md,
// "Memory", has the figures of the truth tables of KQk and KPk).
// Capping the goal at largeHeap, rather than switching once the live heap
// passes it, keeps a collection that leaves 47 MB live (KPk's truth table
// as read) from letting the heap grow to 141 MB before the next.
const (
	smallHeapGCPercent = 200
	largeHeapGCPercent = 25
	largeHeap          = 64 << 20
)

// gcPercentFor returns the collector's percent after a collection that
// left live bytes live: smallHeapGCPercent while the goal it gives stays
// within largeHeap, then the percent whose goal is largeHeap, and no less
// than largeHeapGCPercent.
func gcPercentFor(live uint64) int {
	if live == 0 || live*(100+smallHeapGCPercent)/100 <= largeHeap {
		return smallHeapGCPercent
	}
	if live*(100+largeHeapGCPercent)/100 >= largeHeap {
		return largeHeapGCPercent
	}
	return max(int(largeHeap*100/live)-100, largeHeapGCPercent)
}

// paceGC sets the collector's pace for a run of espresso
// (gcPercentFor), after each collection, until stop is called.
//
// The live heap is read as ReadMemStats's HeapAlloc in a finalizer, just
// after a collection: that is what the collection left plus what was
// allocated since. (runtime/metrics would say it exactly, but importing it
// costs every run the building of its table of metrics at start-up, half a
// millisecond or so (GODEBUG=inittrace=1), a few percent of the smallest
// PLAs' runs.) The percent is first set after the first collection, which
// Go's default pace starts at a heap of 4 MB: setting it costs about as
// much as the runtime's start-up takes to create a thread, and a small PLA
// is done before its heap comes to that.
func paceGC() (stop func()) {
	percent := 0 // not set: Go's default until the first collection
	var stopped atomic.Bool
	// A finalizer runs after the collection that found its object
	// unreachable: each one sets the percent and arms the next.
	type token struct{ _ [16]byte }
	var check func(*token)
	check = func(*token) {
		if stopped.Load() {
			return
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		if p := gcPercentFor(m.HeapAlloc); p != percent {
			percent = p
			debug.SetGCPercent(p)
		}
		runtime.SetFinalizer(new(token), check)
	}
	runtime.SetFinalizer(new(token), check)
	return func() { stopped.Store(true) }
}

// freeReadGrowth hands back to the operating system, when the heap's
// pages pass largeHeap, the storage a PLA's covers grew out of while its
// rows were read (each doubling of a cover leaves the storage before to
// the collector), and, after compaction, the storage the covers were read
// into. The collection that finds it costs little, the covers holding no
// pointers. Without it, on chess2pla --canonical KPkp, the collector's
// goal set while the last doubling copied D (both copies live, 1.1 GB)
// let the old storage stay through the compaction that follows, whose
// hash table then took new pages: 1.44 GB peak RSS. After compaction,
// the storage freed holds pages never written (the room .p reserved),
// which the next allocations would clear, and so take, unless handed
// back first. held is what the covers read hold: the heap then holds
// them and the storage they grew out of, each doubling's, less than four
// times as much again, so below an eighth of largeHeap it has not passed
// largeHeap, and the collector's statistics (ReadMemStats stops the
// world) are not read.
func freeReadGrowth(held int64) {
	if held < largeHeap/8 {
		return
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.HeapSys-m.HeapReleased > largeHeap {
		debug.FreeOSMemory()
	}
}

// freeComplement is freeReadGrowth once a PLA is read, its missing covers
// computed. The complement's lists of cubes are garbage then (on a 2^19-row
// truth table, tens of megabytes of pages; its lists of different lengths
// leave the heap larger than they ever were at once): handed back, they
// are not filled again with the garbage of the steps after, which the
// collector's pace lets grow to largeHeap. Its long lists are those of
// the recursion's first levels, each of at most the cubes read: below an
// eighth of largeHeap held, they seldom pass it.
func freeComplement(p *pla.PLA) {
	var held int64
	for _, f := range []*cover.Cover{p.F, p.D, p.R} {
		if f != nil {
			held += int64(f.Count) * int64(8*len(p.Cube.FullSet))
		}
	}
	freeReadGrowth(held)
}
