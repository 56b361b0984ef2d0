package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerify checks a folder with a good table file, a truncated one, one holding another
// material than its name says and one that is no table file.
func TestVerify(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("..", "..", "tablebase", "testdata", "KQvK.tbc"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("KQvK.tbc", good)
	write("notes.txt", []byte("not a table file, not looked at"))
	var stdout, stderr bytes.Buffer
	if status := run([]string{"verify", dir}, nil, &stdout, &stderr); status != 0 || stdout.String() != "KQvK.tbc: ok (KQvK, 117 cubes)\n" {
		t.Errorf("a good folder: status %d, stdout %q, stderr %q", status, stdout.String(), stderr.String())
	}
	write("KBvK.tbc", good[:3])
	write("KRvK.tbc", good)
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 0xFF
	write("KQvKQ.tbc", flipped)
	stdout.Reset()
	stderr.Reset()
	status := run([]string{"verify", dir}, nil, &stdout, &stderr)
	// Each line starts with its prefix (a checksum's value follows the last one).
	want := []string{
		"KBvK.tbc: truncated table file",
		"KQvK.tbc: ok (KQvK, 117 cubes)",
		"KQvKQ.tbc: corrupted or truncated table file (checksum ",
		"KRvK.tbc: holds the table of KQvK (file KQvK.tbc)",
	}
	if status != 1 || stderr.String() != "tablebase: 3 of 4 table files are bad\n" {
		t.Errorf("status %d, stderr %q; want 1 and 3 of 4 bad", status, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("stdout has %d lines, want %d:\n%s", len(lines), len(want), stdout.String())
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d: %q, want one starting %q", i+1, lines[i], want[i])
		}
	}
	if status := run([]string{"verify", t.TempDir()}, nil, &stdout, &stderr); status != 1 {
		t.Errorf("an empty folder: status %d", status)
	}
}
