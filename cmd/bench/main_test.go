package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/bench"
)

func TestCommandLine(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "go run ./cmd/bench"},
		{[]string{"--pieces", "3", "--reference", "/x/y/espresso"}, "go run ./cmd/bench --pieces 3 --reference .../espresso"},
		{[]string{"--reference=/x/y/esp"}, "go run ./cmd/bench --reference=.../esp"},
	}
	for _, tc := range tests {
		if got := commandLine(tc.args); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.args, got, tc.want)
		}
	}
}

// --from rewrites the Markdown and SVG from a CSV and metadata written by
// writeReports, without running anything.
func TestRegenerate(t *testing.T) {
	dir := t.TempDir()
	meta := bench.Meta{Date: "2026-01-02T03:04:05Z", CPU: "Fixture CPU", Cores: 2, Command: "go run ./cmd/bench"}
	results := []bench.Result{{Suite: "s", Input: "a", Condition: "espresso", Binary: bench.Ours, InputCubes: 5,
		Status: bench.StatusOK, Cubes: 3, Literals: 6, WallS: 0.5, CPUS: 0.5, MaxRSSKB: 1024, Verified: bench.VerifiedNA}}
	if err := writeReports(dir, meta, results, nil); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "again")
	if err := run([]string{"--from", dir, "--out", out, "--paper", filepath.Join(dir, "none")}); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(filepath.Join(dir, mdName))
	again, err := os.ReadFile(filepath.Join(out, mdName))
	if err != nil {
		t.Fatal(err)
	}
	if string(first) != string(again) || !strings.Contains(string(again), "Fixture CPU") {
		t.Errorf("regenerated report differs:\n%s\n----\n%s", first, again)
	}
	if _, err := os.Stat(filepath.Join(out, svgName)); err != nil {
		t.Error(err)
	}
}

func TestRunBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--conditions", "nope"},
		{"--suite", "chess", "--pieces", "7"},
		{"extra"},
	} {
		if err := run(append(args, "--paper", t.TempDir())); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
