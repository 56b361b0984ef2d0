package pla

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestStreamSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.pla")
	if err := os.WriteFile(path, []byte(".i 1\n.o 1\n1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pr, pw := io.Pipe()
	defer pw.Close()
	for _, tc := range []struct {
		name string
		r    io.Reader
		want int64
	}{
		{"bytes.Reader", bytes.NewReader(make([]byte, 40)), 40},
		{"strings.Reader", strings.NewReader("abc"), 3},
		{"regular file", f, 14},
		{"pipe", pr, -1},
		{"other reader", io.MultiReader(strings.NewReader("abc")), -1},
	} {
		if got := streamSize(tc.r); got != tc.want {
			t.Errorf("%s: streamSize = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestRoomBoundedByStream: a .p that declares more rows than the stream can
// hold (a fuzzed input: 288 million rows in 40 bytes) makes no room for them.
func TestRoomBoundedByStream(t *testing.T) {
	src := ".i 3\n.o 1\n.p 288880000 1\n111 -\n.e\n"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := NewReader(strings.NewReader(src), "fuzz.pla", io.Discard, io.Discard).Read(ReadOptions{Type: FD, MemoryLimit: 1 << 40})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if p.F.Count != 1 {
		t.Errorf("%d rows read, want 1", p.F.Count)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
		t.Errorf("reading 40 bytes allocated %d MiB", n>>20)
	}
}
