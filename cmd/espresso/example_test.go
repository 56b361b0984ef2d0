package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSevenSegment runs the README's first command, espresso on
// testdata/seven-segment.pla, and checks that it prints what ESPRESSO 2.3
// printed for it (testdata/seven-segment.out), which the README shows. It
// needs nothing outside the repository.
func TestSevenSegment(t *testing.T) {
	want, err := os.ReadFile("../../testdata/seven-segment.out")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"espresso", "../../testdata/seven-segment.pla"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr.String())
	}
	if diff := cmp.Diff(string(want), stdout.String()); diff != "" {
		t.Errorf("espresso testdata/seven-segment.pla (-2.3 +ours):\n%s", diff)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(readme, []byte("go run ./cmd/espresso testdata/seven-segment.pla")) {
		t.Error("README.md does not give the command this test runs")
	}
	if !bytes.Contains(readme, append(append([]byte("```\n"), want...), "```\n"...)) {
		t.Error("README.md does not show, as a block of its own, what the command prints")
	}
}
