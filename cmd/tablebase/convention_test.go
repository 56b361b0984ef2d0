package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/internal/cli"
	"github.com/espresso-go/espresso/internal/cmdtest"
)

// TestConvention: tablebase follows internal/cli's convention: its subcommands' --help list
// every flag, and a bad value of each numeric flag exits with status 1 and a message naming the
// flag, before anything is built.
func TestConvention(t *testing.T) {
	var stdout, stderr bytes.Buffer
	for _, sub := range []string{"build", "plan", "job", "probe", "serve"} {
		if status := run([]string{sub, "--help"}, strings.NewReader(""), &stdout, &stderr); status != 0 {
			t.Fatalf("%s --help: status %d: %s", sub, status, stderr.String())
		}
	}
	flags, err := cli.Flags(&grammar{})
	if err != nil {
		t.Fatal(err)
	}
	cmdtest.HelpListsFlags(t, stdout.String(), flags)

	tests := []struct {
		flag, value, msg string
	}{
		{"pieces", "-1", "tablebase: --pieces: must be 3 to 5, not -1"},
		{"pieces", "9", "tablebase: --pieces: must be 3 to 5, not 9"},
		{"pieces", "x", "tablebase: --pieces: expected a valid 64 bit int"},
		{"workers", "0", "tablebase: --workers: must be at least 1, not 0"},
		{"workers", "-3", "tablebase: --workers: must be at least 1, not -3"},
		{"timeout", "-1s", "tablebase: --timeout: must not be negative"},
		{"jobs", "0", "tablebase: --jobs: must be at least 1, not 0"},
		{"memory", "0", "tablebase: --memory:"},
		{"job-memory", "0", "tablebase: --job-memory: must be at least 1 byte"},
		{"job-memory", "1x", "tablebase: --job-memory: want a size"},
		{"timeout", "soon", "tablebase: --timeout: want a duration"},
	}
	tested := map[string]bool{}
	for _, tc := range tests {
		tested[tc.flag] = true
		stdout.Reset()
		stderr.Reset()
		args := []string{"build", "-q", "-o", t.TempDir(), "--" + tc.flag + "=" + tc.value}
		if status := run(args, strings.NewReader(""), &stdout, &stderr); status != 1 || !strings.HasPrefix(stderr.String(), tc.msg) {
			t.Errorf("%q: status %d, stderr %q; want 1 and a message beginning %q", args, status, stderr.String(), tc.msg)
		}
	}
	cmdtest.NumericCovered(t, flags, tested)
}
