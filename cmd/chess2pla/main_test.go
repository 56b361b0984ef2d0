package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
)

// TestBadMaterial: every malformed material name is an error with exit status 1 and a
// message naming the problem, never a panic.
func TestBadMaterial(t *testing.T) {
	for _, tc := range []struct{ name, msg string }{
		{"KQ", "no black king"},
		{"kQK", "must begin with the king K"},
		{"KQQQQQk", "7 pieces"},
		{"KXk", "unknown piece letter 'X'"},
		{"", "empty"},
		{"KQvk", "upper case"},
		{"KqK", "no black king"},
		{"KQkK", "not lower case"},
		{"KQvKK", "more than one king"},
		{"KvKvK", "more than one 'v'"},
		{"Kqk", "not upper case"},
		{"KQkR", "not lower case"},
	} {
		var out, errb bytes.Buffer
		code := run([]string{"-q", "--", tc.name}, &out, &errb)
		if code != 1 {
			t.Errorf("%q: exit status %d, want 1", tc.name, code)
		}
		if !strings.Contains(errb.String(), "bad material name") || !strings.Contains(errb.String(), tc.msg) {
			t.Errorf("%q: message %q, want one containing %q", tc.name, errb.String(), tc.msg)
		}
		if out.Len() != 0 {
			t.Errorf("%q: wrote %d bytes to stdout", tc.name, out.Len())
		}
	}
}

// TestUsage: no argument or an unknown flag is exit status 1; --help is 0.
func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{nil, 1},
		{[]string{"--frobnicate", "KQk"}, 1},
		{[]string{"--help"}, 0},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != tc.code {
			t.Errorf("%v: exit status %d, want %d (stderr %q)", tc.args, code, tc.code, errb.String())
		}
	}
}

// TestKk: the two-king table has a header declaring 13 inputs, 3 outputs, 8192 rows, then
// 8192 rows and ".e"; with --stats the Table 2 row of Kk (rule: 128 invalid, 840 illegal,
// 7224 drawn) goes to stderr.
func TestKk(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-q", "--stats", "KvK"}, &out, &errb); code != 0 {
		t.Fatalf("exit status %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if lines[0] != ".i 13" || lines[1] != ".o 3" || lines[4] != ".type fd" || lines[5] != ".p 8192" {
		t.Errorf("header %q", lines[:6])
	}
	if len(lines) != 6+8192+1 || lines[len(lines)-1] != ".e" {
		t.Errorf("%d lines, last %q", len(lines), lines[len(lines)-1])
	}
	if want := "Kk,KvK,false,128,0,840,0,7224,0,13,3,8192"; !strings.Contains(errb.String(), want) {
		t.Errorf("stats %q, want %q", errb.String(), want)
	}
}

// TestStatsTable2: `chess2pla --stats` prints, for each row of the paper's Table 2 without
// canonicalization (testdata/paper/table2.csv), exactly that row.
func TestStatsTable2(t *testing.T) {
	data, err := os.ReadFile(suite.Paper(t, "table2.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	n := 0
	for _, want := range lines[1:] {
		f := strings.Split(want, ",")
		if f[2] != "false" {
			continue
		}
		n++
		for _, name := range []string{f[0], f[1]} {
			var out, errb bytes.Buffer
			if code := run([]string{"-q", "--stats", "--no-pla", name}, &out, &errb); code != 0 {
				t.Fatalf("%s: exit status %d: %s", name, code, errb.String())
			}
			if got := strings.Split(strings.TrimSpace(errb.String()), "\n"); len(got) != 2 || got[0] != lines[0] || got[1] != want {
				t.Errorf("%s: stderr %q, want %q", name, got, []string{lines[0], want})
			}
		}
	}
	if n != 6 {
		t.Errorf("%d rows without canonicalization, want 6", n)
	}
}
