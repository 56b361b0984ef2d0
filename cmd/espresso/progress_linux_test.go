package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/ptytest"
)

// runWithStderr runs espresso in dir with stderr the file given, and returns stdout and
// the exit status.
func runWithStderr(dir string, args []string, stderr *os.File) (string, int) {
	var out bytes.Buffer
	st := runIn(dir, append([]string{"espresso"}, args...), strings.NewReader(""), &out, stderr)
	return out.String(), st
}

// TestProgress: a run longer than progressAfter shows on a terminal stderr which step it is
// in and how far, and clears the line at the end; on a file it writes nothing; stdout is
// the same either way. It minimizes KQk's table (a few seconds to half a minute), so it
// runs with ESPRESSO_LONG=1; a short run, which shows nothing, runs always.
func TestProgress(t *testing.T) {
	dir := t.TempDir()
	args := []string{"testdata.pla"}
	long := os.Getenv("ESPRESSO_LONG") != ""
	if long {
		tb, err := chess.NewSolver().Solve(chess.MustParseMaterial("KQk"))
		if err != nil {
			t.Fatal(err)
		}
		var pla bytes.Buffer
		if err := tb.WritePLA(&pla, chess.PLAOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "testdata.pla"), pla.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		example, err := os.ReadFile(filepath.Join("..", "..", "testdata", "seven-segment.pla"))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "testdata.pla"), example, 0o644)
	}

	file, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	wantOut, st := runWithStderr(dir, args, file)
	if st != 0 {
		t.Fatalf("exit status %d", st)
	}
	if info, _ := file.Stat(); info.Size() != 0 {
		b, _ := os.ReadFile(file.Name())
		t.Errorf("stderr a file: it got %q", b)
	}

	term, control, err := ptytest.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer control.Close()
	shown := make(chan string)
	go func() {
		b, _ := io.ReadAll(control) // until the terminal end is closed
		shown <- string(b)
	}()
	out, st := runWithStderr(dir, args, term)
	term.Close()
	got := <-shown
	if st != 0 || out != wantOut {
		t.Errorf("stderr a terminal: exit status %d, stdout the same %v", st, out == wantOut)
	}
	if !long {
		if got != "" {
			t.Errorf("a short run showed %q", got)
		}
		return
	}
	if !strings.Contains(got, "\respresso: EXPAND ") || !strings.Contains(got, " cubes, ") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("the terminal got %q, want EXPAND's progress and the line cleared at the end", got)
	}
}
