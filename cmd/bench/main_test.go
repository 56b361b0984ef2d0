package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/kong"

	"github.com/espresso-go/espresso/bench"
	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/internal/cmdtest"
)

func TestCommandLine(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "bench"},
		{[]string{"--pieces", "3", "--reference", "/x/y/espresso"}, "bench --pieces 3 --reference .../espresso"},
		{[]string{"--reference=/x/y/esp", "--espresso", "/a/b/espresso"}, "bench --reference=.../esp --espresso .../espresso"},
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
	meta := bench.Meta{Date: "2026-01-02T03:04:05Z", CPU: "Fixture CPU", Cores: 2, Command: "bench"}
	results := []bench.Result{{Suite: "s", Input: "a", Condition: "espresso", Binary: bench.Ours, InputCubes: 5,
		Status: bench.StatusOK, Cubes: 3, Literals: 6, WallS: 0.5, CPUS: 0.5, MaxRSSKB: 1024, Verified: bench.VerifiedNA}}
	if err := writeReports(dir, meta, results, nil, nil); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "again")
	var stdout, stderr bytes.Buffer
	if status := run([]string{"--from", dir, "--out", out, "--paper", filepath.Join(dir, "none")}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
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

// TestBadFlags: a bad command line exits with status 1 and a message naming the flag,
// before anything runs; every numeric flag has a case here.
func TestBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		flag string // the flag a numeric case is about, "" for the others
		msg  string
	}{
		{[]string{"--timeout=-1s"}, "timeout", "--timeout: must not be negative"},
		{[]string{"--timeout=soon"}, "timeout", "--timeout: want a duration"},
		{[]string{"--gen-timeout=-5m"}, "gen-timeout", "--gen-timeout: must not be negative"},
		{[]string{"--gen-timeout", "x"}, "gen-timeout", "--gen-timeout: want a duration"},
		{[]string{"--repeat=0"}, "repeat", "--repeat: must be at least 1, not 0"},
		{[]string{"--repeat=-2"}, "repeat", "--repeat: must be at least 1, not -2"},
		{[]string{"--repeat=many"}, "repeat", "--repeat: want a whole number"},
		{[]string{"--conditions", "nope"}, "", "--conditions:"},
		{[]string{"--canonical", "maybe"}, "", "--canonical must be one of"},
		{[]string{"--suite", "chess", "--pieces", "7"}, "", "--pieces"},
		{[]string{"--suite", "/does/not/exist"}, "", "--suite:"},
		{[]string{"--espresso", "/does/not/exist", "--suite", "chess", "--pieces", "2"}, "", "--espresso:"},
		{[]string{"--probes=0"}, "probes", "--probes: must be at least 1, not 0"},
		{[]string{"--tablebase", "/x"}, "", "--tablebase: give the build's --tablebase-csv too"},
		{[]string{"--tablebase-csv", "/does/not/exist"}, "", "--tablebase-csv: open /does/not/exist"},
		{[]string{"--suite", "tablebase", "--tablebase-pieces=5"}, "tablebase-pieces", "--tablebase-pieces: must be 3 or 4, not 5"},
		{[]string{"extra"}, "", "unexpected argument extra"},
	}
	covered := map[string]bool{}
	for _, tc := range tests {
		covered[tc.flag] = true
		var stdout, stderr bytes.Buffer
		args := append(tc.args, "--paper", t.TempDir(), "--out", t.TempDir())
		if status := run(args, &stdout, &stderr); status != 1 {
			t.Errorf("%q: status %d, want 1", tc.args, status)
		}
		if !strings.HasPrefix(stderr.String(), "bench: ") || !strings.Contains(stderr.String(), tc.msg) {
			t.Errorf("%q: stderr %q, want a message containing %q", tc.args, stderr.String(), tc.msg)
		}
	}
	flags, err := cli.Flags(&options{}, kong.Vars{"chessargs": bench.DefaultChessArgs})
	if err != nil {
		t.Fatal(err)
	}
	cmdtest.NumericCovered(t, flags, covered)
}

// TestHelp: --help exits 0, lists every flag and the built-in conditions, and names the
// command as it is run, not as go run.
func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"--help"}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	help := stdout.String()
	flags, err := cli.Flags(&options{}, kong.Vars{"chessargs": bench.DefaultChessArgs})
	if err != nil {
		t.Fatal(err)
	}
	cmdtest.HelpListsFlags(t, help, flags)
	for _, c := range bench.BuiltinConditions() {
		if !strings.Contains(help, c.Name) {
			t.Errorf("--help lacks condition %s", c.Name)
		}
	}
	if !strings.HasPrefix(help, "Usage: bench") || strings.Contains(help, "go run") {
		t.Errorf("--help begins %q", help[:min(len(help), 40)])
	}
}
