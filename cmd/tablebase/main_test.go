package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/tablebase/format"
)

// TestBuild builds two 3-piece tables and reads them back.
func TestBuild(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "report.csv")
	var stdout, stderr bytes.Buffer
	if status := run([]string{"build", "-q", "--out", dir, "--csv", csvPath, "KQvK", "KBk"}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	for _, name := range []string{"KQvK", "KBvK"} {
		tb, err := format.ReadFile(filepath.Join(dir, name+format.FileExt))
		if err != nil {
			t.Fatal(err)
		}
		if got := tb.Material.SyzygyName(); got != name {
			t.Errorf("%s holds %s", name, got)
		}
		if !strings.Contains(stdout.String(), name) {
			t.Errorf("the report lacks %s:\n%s", name, stdout.String())
		}
	}
	data, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(string(data), "\n"); lines != 3 {
		t.Errorf("CSV has %d lines, want a header and 2 rows:\n%s", lines, data)
	}
	if stderr.Len() != 0 {
		t.Errorf("-q, yet stderr: %s", stderr.String())
	}
}

// TestBuildErrors: bad command lines fail with a message naming what is wrong, and write
// no file (a build stopped by its time limit: its plan only).
func TestBuildErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "KQk"}, "--out"},
		{[]string{"build", "-o", "DIR", "--workers", "0", "KQk"}, "--workers: must be at least 1"},
		{[]string{"build", "-o", "DIR", "--pieces", "6"}, "--pieces: must be 3 to 5"},
		{[]string{"build", "-o", "DIR", "--pieces", "3", "KQk"}, "not both"},
		{[]string{"build", "-o", "DIR"}, "name the materials"},
		{[]string{"build", "-o", "DIR", "KQx"}, "bad material name"},
		{[]string{"build", "-o", "DIR", "KQRBkr"}, "6 pieces; at most 5"},
		{[]string{"build", "-o", "DIR", "--timeout=-1s", "KQk"}, "--timeout: must not be negative"},
		{[]string{"build", "-o", "DIR", "--timeout", "1ns", "KQk"}, "deadline exceeded"},
	} {
		dir := t.TempDir()
		args := append([]string(nil), tc.args...)
		for i, a := range args {
			if a == "DIR" {
				args[i] = dir
			}
		}
		var stdout, stderr bytes.Buffer
		if status := run(args, nil, &stdout, &stderr); status == 0 {
			t.Errorf("%q: status 0", tc.args)
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: stderr %q, want %q", tc.args, stderr.String(), tc.want)
		}
		// A build stopped while it runs leaves its plan (complete) and nothing else.
		files, _ := os.ReadDir(dir)
		if tc.want == "deadline exceeded" && len(files) == 1 && files[0].Name() == "plan.tsv" {
			continue
		}
		if len(files) != 0 {
			t.Errorf("%q: left %d files in the output folder", tc.args, len(files))
		}
	}
}
