package tablebase

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
)

// TestPreload: Preload reads every table and builds the top of its trie, so that a probe
// finds them, while probes run; with a truncated file it returns an error naming it that
// matches ErrCorrupt, and the other tables still answer; after Close it returns
// ErrClosed.
func TestPreload(t *testing.T) {
	dir := tbtest.Dir(t, tbtest.Specs3[1:3]) // KQvK, KRvK
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() { done <- tb.Preload() }()
	for range 2 * trieAfter { // probes meanwhile
		if v, err := tb.ProbeFEN("k7/7Q/1K6/8/8/8/8/8 w - - 0 1"); err != nil || v != Win {
			t.Fatalf("a probe during Preload: %v, %v", v, err)
		}
	}
	if err := <-done; err != nil {
		t.Fatalf("Preload: %v", err)
	}
	for k, f := range tb.files {
		e, err := f.table()
		if err != nil || e.whole.trie.Load() == nil {
			t.Errorf("material key %x: table read %v, trie built %v", k, err, err == nil && e.whole.trie.Load() != nil)
		}
	}
	for fen, want := range map[string]WDL{"k7/7Q/1K6/8/8/8/8/8 w - - 0 1": Win, "k7/8/1K6/8/8/8/8/7R b - - 0 1": Loss} {
		if v, err := tb.ProbeFEN(fen); err != nil || v != want {
			t.Errorf("%s after Preload: %v, %v; want %v", fen, v, err, want)
		}
	}

	krk := filepath.Join(dir, "KRvK"+format.FileExt)
	b, err := os.ReadFile(krk)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(krk, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	err = tb.Preload()
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "KRvK"+format.FileExt) {
		t.Errorf("Preload with a truncated KRvK: %v, want an error naming it that matches ErrCorrupt", err)
	}
	if v, err := tb.ProbeFEN("k7/7Q/1K6/8/8/8/8/8 w - - 0 1"); err != nil || v != Win {
		t.Errorf("KQvK beside a truncated KRvK: %v, %v", v, err)
	}
	tb.Close()
	if err := tb.Preload(); !errors.Is(err, ErrClosed) {
		t.Errorf("Preload after Close: %v, want ErrClosed", err)
	}
}
