package progress

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the Line's goroutine and the test's.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestText(t *testing.T) {
	tests := []struct {
		step     string
		done, of int
		elapsed  time.Duration
		want     string
	}{
		{"EXPAND", 1234, 56789, 83*time.Second + 400*time.Millisecond, "espresso: EXPAND 1234 of 56789 cubes, 1m23s"},
		{"IRRED", -1, 500, 5 * time.Second, "espresso: IRRED on 500 cubes, 5s"},
		{"reading the PLA", 0, 0, 2 * time.Second, "espresso: reading the PLA, 2s"},
	}
	for _, tc := range tests {
		l := &Line{prefix: "espresso", step: tc.step, count: tc.done, of: tc.of}
		if got := l.text(tc.elapsed); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// A Line draws nothing before its delay, then the step with carriage returns around it,
// and Stop clears what it drew.
func TestLine(t *testing.T) {
	var quiet syncBuffer
	l := Start(&quiet, "espresso", time.Hour)
	l.Report("EXPAND", 1, 2)
	time.Sleep(2 * redrawEvery)
	l.Stop()
	if quiet.String() != "" {
		t.Errorf("before its delay the line wrote %q", quiet.String())
	}

	var w syncBuffer
	l = Start(&w, "espresso", 0)
	l.Report("EXPAND", 5, 10)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(w.String(), "EXPAND 5 of 10 cubes") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	l.Report("REDUCE", 7, 10)
	for !strings.Contains(w.String(), "REDUCE 7 of 10 cubes") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	l.Stop()
	l.Stop()
	got := w.String()
	if !strings.HasPrefix(got, "\respresso: EXPAND 5 of 10 cubes, ") || !strings.Contains(got, "s\x1b[K\r") {
		t.Errorf("first drawing %q", got)
	}
	if !strings.Contains(got, "\respresso: REDUCE 7 of 10 cubes, ") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("drawings %q: want REDUCE's, then the line cleared", got)
	}
	if strings.Contains(got, "\n") {
		t.Errorf("drawings %q hold a newline", got)
	}

	var nothing *Line // a nil Line does nothing
	nothing.Report("EXPAND", 1, 2)
	nothing.Stop()
}

// Only a terminal gets a Line: not a buffer, a file or a pipe.
func TestForTerminalNot(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, out := range map[string]interface{ Write([]byte) (int, error) }{
		"buffer": &bytes.Buffer{}, "file": f, "pipe": w,
	} {
		if l := ForTerminal(out, "espresso", 0); l != nil {
			l.Stop()
			t.Errorf("%s: a Line", name)
		}
	}
	if info, _ := f.Stat(); info.Size() != 0 {
		t.Errorf("the file got %d bytes", info.Size())
	}
}
