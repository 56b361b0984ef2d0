package main

import (
	"strings"
	"testing"
)

func TestParseBytes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"off", 0, true}, {"123", 123, true}, {"512M", 512 << 20, true},
		{"4G", 4 << 30, true}, {"4GB", 4 << 30, true}, {"6.5GiB", 13 << 29, true}, {"2k", 2048, true},
		{"", 0, false}, {"x", 0, false}, {"-1G", 0, false}, {"4Q", 0, false}, {"1e30", 0, false},
	} {
		got, err := parseBytes(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestMaxMemory: --max-memory below a run's estimate stops it with the
// estimate and the limit before any output; a limit above it, or none,
// leaves the output as it is without the option.
func TestMaxMemory(t *testing.T) {
	wide := ".i 50000\n.o 1\n" + strings.Repeat("1", 50000) + " 1\n.e\n"
	out, errs, st := runString([]string{"--max-memory=1G"}, wide)
	if st != 1 || out != "" || !strings.Contains(errs, "GiB of memory, more than the 1.0 GiB it may take (--max-memory)") {
		t.Errorf("wide PLA under 1G: status %d, output %q, error %q", st, out, errs)
	}
	want, _, _ := runString(nil, smallPLA)
	for _, args := range [][]string{{"--max-memory=0"}, {"--max-memory", "1G"}} {
		if got, errs, st := runString(args, smallPLA); got != want || st != 0 {
			t.Errorf("%v: status %d, error %q, output\n%s\nwant\n%s", args, st, errs, got, want)
		}
	}
	// -Decho computes no OFF-set: no minimization to estimate.
	row := ".i 2000\n.o 1\n" + strings.Repeat("1", 2000) + " 1\n.e\n"
	if _, _, st := runString([]string{"--max-memory=1M"}, row); st != 1 {
		t.Errorf("2000 inputs under 1M: status %d, want 1", st)
	}
	echo, _, _ := runString([]string{"-Decho"}, row)
	if got, errs, st := runString([]string{"--max-memory=1M", "-Decho"}, row); got != echo || st != 0 {
		t.Errorf("-Decho under 1M: status %d, error %q", st, errs)
	}
	if _, errs, st := runString([]string{"--max-memory=lots"}, smallPLA); st != 1 || !strings.Contains(errs, "--max-memory=lots") {
		t.Errorf("--max-memory=lots: status %d, error %q", st, errs)
	}
}
