package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent returns the collector's percent without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestGCPercentFor(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{0, smallHeapGCPercent},
		{1 * mb, smallHeapGCPercent},
		{largeHeap / 3, smallHeapGCPercent},
		{largeHeap/3 + 1, 199},                  // the goal stays at largeHeap
		{largeHeap / 2, 100},                    // the goal stays at largeHeap
		{largeHeap * 2 / 3, 50},                 // 64 MiB is half again 42.7 MiB
		{largeHeap * 3 / 5, 66},                 // 64 MiB over 38.4 MiB
		{largeHeap * 4 / 5, largeHeapGCPercent}, // 64 MiB is a quarter more than 51.2 MiB
		{largeHeap, largeHeapGCPercent},
		{20 * largeHeap, largeHeapGCPercent},
	} {
		if got := gcPercentFor(tc.live); got != tc.want {
			t.Errorf("gcPercentFor(%d) = %d, want %d", tc.live, got, tc.want)
		}
	}
}

// TestPaceGC: the percent, set from the first collection on, is
// smallHeapGCPercent while the heap is small, largeHeapGCPercent once a
// collection leaves more than largeHeap live. (The finalizer that sets it
// runs after a collection, when its goroutine is scheduled: each check
// waits for it.)
func TestPaceGC(t *testing.T) {
	defer debug.SetGCPercent(gcPercent())
	// Earlier tests' garbage is counted in HeapAlloc until it is swept,
	// and a finalizer may run before the sweep: start from a swept heap.
	runtime.GC()
	stop := paceGC()
	defer stop()
	p := gcPercent()
	for i := 0; i < 100 && p != smallHeapGCPercent; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		p = gcPercent()
	}
	if p != smallHeapGCPercent {
		t.Fatalf("percent %d with a small heap, want %d", p, smallHeapGCPercent)
	}
	live := make([]byte, largeHeap+largeHeap/4)
	for i := range live {
		live[i] = byte(i)
	}
	p = gcPercent()
	for i := 0; i < 100 && p != largeHeapGCPercent; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		p = gcPercent()
	}
	runtime.KeepAlive(live)
	if p != largeHeapGCPercent {
		t.Fatalf("percent %d with %d MiB live, want %d", p, len(live)>>20, largeHeapGCPercent)
	}
}
