package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/internal/cmdtest"
)

// TestBadFlags: a bad value of a flag exits with status 1 and a message naming the flag,
// before any table is computed; every numeric flag has a case here.
func TestBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		flag string // the numeric flag a case is about, "" for the others
		msg  string
	}{
		{[]string{"--workers=-3", "KQk"}, "workers", "chess2pla: --workers: must be at least 1, not -3"},
		{[]string{"--workers", "0", "KQk"}, "workers", "chess2pla: --workers: must be at least 1, not 0"},
		{[]string{"--workers=two", "KQk"}, "workers", "chess2pla: --workers: want a whole number"},
		{[]string{"--max-size=0", "KQk"}, "max-size", "chess2pla: --max-size: must be at least 1 byte"},
		{[]string{"--max-size=-1GiB", "KQk"}, "max-size", "chess2pla: --max-size: must be at least 1 byte"},
		{[]string{"--max-size=big", "KQk"}, "max-size", "chess2pla: --max-size: want a size"},
		{[]string{"--frobnicate", "KQk"}, "", "chess2pla: unknown flag --frobnicate"},
		{nil, "", "chess2pla: expected \"<material>\""},
	}
	covered := map[string]bool{}
	for _, tc := range tests {
		covered[tc.flag] = true
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != 1 {
			t.Errorf("%q: exit status %d, want 1", tc.args, code)
		}
		if !strings.HasPrefix(stderr.String(), tc.msg) || !strings.Contains(stderr.String(), "Run 'chess2pla --help'") {
			t.Errorf("%q: stderr %q, want it to begin %q and point to --help", tc.args, stderr.String(), tc.msg)
		}
		if stdout.Len() != 0 {
			t.Errorf("%q: wrote %d bytes to stdout", tc.args, stdout.Len())
		}
	}
	flags, err := cli.Flags(&options{})
	if err != nil {
		t.Fatal(err)
	}
	cmdtest.NumericCovered(t, flags, covered)
}

// TestHelp: --help exits 0 and lists every flag.
func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--help"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr.String())
	}
	flags, err := cli.Flags(&options{})
	if err != nil {
		t.Fatal(err)
	}
	cmdtest.HelpListsFlags(t, stdout.String(), flags)
}

// TestSizeLimits: a PLA over --max-size, or over the free space of the output's
// filesystem, is refused without --force and leaves no file; one over 1 GiB is announced.
func TestSizeLimits(t *testing.T) {
	kqk := chess.MustParseMaterial("KQk")
	tests := []struct {
		name     string
		opt      options
		size     int64
		free     int64 // -1: cannot tell
		wantErr  string
		wantNote bool
	}{
		{"small", options{MaxSize: 16 << 30, Out: "x.pla"}, 1 << 20, 1 << 30, "", false},
		{"announced", options{MaxSize: 16 << 30, Out: "x.pla"}, 2 << 30, 4 << 30, "", true},
		{"quiet", options{MaxSize: 16 << 30, Out: "x.pla", Quiet: true}, 2 << 30, 4 << 30, "", false},
		{"over-max", options{MaxSize: 16 << 30}, 72 << 30, -1, "the PLA would be 72.0 GiB, over --max-size=16GiB", true},
		{"over-max-forced", options{MaxSize: 16 << 30, Force: true}, 72 << 30, -1, "", true},
		{"over-free", options{MaxSize: 16 << 30, Out: "x.pla"}, 2 << 30, 1 << 30, "only 1.0 GiB free for x.pla", true},
		{"over-free-forced", options{MaxSize: 16 << 30, Out: "x.pla", Force: true}, 2 << 30, 1 << 30, "", true},
		{"stdout-no-disk-check", options{MaxSize: 16 << 30}, 2 << 30, 1 << 30, "", true},
		{"free-unknown", options{MaxSize: 16 << 30, Out: "x.pla"}, 2 << 30, -1, "", true},
	}
	for _, tc := range tests {
		var stderr bytes.Buffer
		freeSpace := func(string) (int64, bool) { return tc.free, tc.free >= 0 }
		err := checkSize(tc.opt, kqk, tc.size, freeSpace, &stderr)
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.wantErr)
		}
		if note := strings.Contains(stderr.String(), "the PLA is "); note != tc.wantNote {
			t.Errorf("%s: stderr %q, announced %v, want %v", tc.name, stderr.String(), note, tc.wantNote)
		}
	}

	// The whole command: KQk's 12 MiB PLA over --max-size=1MB leaves no file.
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-q", "--max-size=1MB", "-o", filepath.Join(dir, "kqk.pla"), "KQk"}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "over --max-size=1MB") {
		t.Errorf("exit status %d, stderr %q", code, stderr.String())
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("left behind: %v", es)
	}
}
