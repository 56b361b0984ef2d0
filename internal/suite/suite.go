// Package suite finds the project's shared reference data for tests and
// benchmarks: ../shared next to the repository, holding the ESPRESSO 2.3
// suite (espresso-suite) and the paper's tables (paper). Tests that need
// it skip, with a message saying where it is looked for, when it is
// absent, so that go test ./... passes on a fresh clone too.
package suite

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/espresso-go/espresso/pla"
)

// Dir returns ../shared/<elem...> next to the repository holding the
// current directory, or skips tb when it does not exist.
func Dir(tb testing.TB, elem ...string) string {
	tb.Helper()
	root, err := repoRoot()
	if err != nil {
		tb.Skipf("shared data not found: %v", err)
	}
	dir := filepath.Join(append([]string{root, "..", "shared"}, elem...)...)
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("shared data not found (%v); it lives in ../shared next to the repository", err)
	}
	return dir
}

// ReadPLA reads the suite PLA of that name (espresso-suite/pla/<name>) as
// a minimization reads it: .type fd, with its OFF-set computed.
func ReadPLA(tb testing.TB, name string) *pla.PLA {
	tb.Helper()
	path := filepath.Join(Dir(tb, "espresso-suite", "pla"), name)
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("suite PLA not found (%v); the suite lives in ../shared next to the repository", err)
	}
	defer f.Close()
	p, err := pla.NewReader(f, name, bufio.NewWriter(io.Discard), io.Discard).Read(pla.ReadOptions{Type: pla.FD, NeedsOffset: true})
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return p
}

// repoRoot returns the nearest directory at or above the current one that
// holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
