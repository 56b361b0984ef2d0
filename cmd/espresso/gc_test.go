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

// TestPaceGC: the percent is smallHeapGCPercent until a collection leaves
// more than largeHeap live, then largeHeapGCPercent.
func TestPaceGC(t *testing.T) {
	defer debug.SetGCPercent(gcPercent())
	// Earlier tests' garbage is counted in HeapAlloc until it is swept,
	// and a finalizer may run before the sweep: start from a swept heap.
	runtime.GC()
	paceGC()
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	if p := gcPercent(); p != smallHeapGCPercent {
		t.Fatalf("percent %d with a small heap, want %d", p, smallHeapGCPercent)
	}
	live := make([]byte, largeHeap+largeHeap/4)
	for i := range live {
		live[i] = byte(i)
	}
	p := gcPercent()
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
