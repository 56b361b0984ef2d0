package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

type grammar struct {
	Workers Count    `default:"2" help:"Goroutines."`
	Timeout Duration `default:"30s" help:"Time limit."`
	MaxSize Size     `name:"max-size" default:"16GiB" help:"Largest output."`
}

func TestParse(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		ok     bool
		want   grammar
		stderr string // a part of stderr
	}{
		{args: nil, ok: true, want: grammar{2, Duration(30 * time.Second), 16 << 30}},
		{args: []string{"--workers=5", "--timeout", "0", "--max-size", "500MB"}, ok: true, want: grammar{5, 0, 500e6}},
		{args: []string{"--max-size=3KiB"}, ok: true, want: grammar{2, Duration(30 * time.Second), 3 << 10}},
		{args: []string{"--workers=-3"}, status: 1, stderr: "--workers: must be at least 1, not -3"},
		{args: []string{"--workers=0"}, status: 1, stderr: "--workers: must be at least 1, not 0"},
		{args: []string{"--workers=two"}, status: 1, stderr: "--workers: want a whole number"},
		{args: []string{"--timeout=-1s"}, status: 1, stderr: "--timeout: must not be negative"},
		{args: []string{"--timeout=soon"}, status: 1, stderr: "--timeout: want a duration"},
		{args: []string{"--max-size=0"}, status: 1, stderr: "--max-size: must be at least 1 byte"},
		{args: []string{"--max-size=12XB"}, status: 1, stderr: "--max-size: want a size"},
		{args: []string{"--max-size=99999999999TiB"}, status: 1, stderr: "--max-size: \"99999999999TiB\" is too large"},
		{args: []string{"--bogus"}, status: 1, stderr: "Run 'tool --help' for the flags."},
		{args: []string{"--help"}, status: 0},
	}
	for _, tc := range tests {
		var g grammar
		var stdout, stderr bytes.Buffer
		status, ok := Parse("tool", "A tool.", &g, tc.args, &stdout, &stderr)
		if status != tc.status || ok != tc.ok {
			t.Errorf("%q: status %d, ok %v; want %d, %v (stderr %q)", tc.args, status, ok, tc.status, tc.ok, stderr.String())
			continue
		}
		if ok && g != tc.want {
			t.Errorf("%q: parsed %+v, want %+v", tc.args, g, tc.want)
		}
		if !strings.Contains(stderr.String(), tc.stderr) || (tc.stderr != "" && !strings.HasPrefix(stderr.String(), "tool: ")) {
			t.Errorf("%q: stderr %q, want it to contain %q", tc.args, stderr.String(), tc.stderr)
		}
	}
}

// --help lists every flag, with its default.
func TestHelp(t *testing.T) {
	var g grammar
	var stdout, stderr bytes.Buffer
	if status, ok := Parse("tool", "A tool.", &g, []string{"--help"}, &stdout, &stderr); status != 0 || ok {
		t.Fatalf("status %d, ok %v", status, ok)
	}
	for _, want := range []string{"--workers=", "--timeout=", "--max-size=", "16GiB", "A tool."} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, stdout.String())
		}
	}
}

func TestSizeString(t *testing.T) {
	for _, tc := range []struct {
		z           Size
		str, approx string
	}{
		{512, "512B", "512 B"},
		{1536, "1536B", "1.5 KiB"},
		{2048, "2KiB", "2.0 KiB"},
		{1e6, "1MB", "976.6 KiB"},
		{16 << 30, "16GiB", "16.0 GiB"},
		{72 << 30, "72GiB", "72.0 GiB"},
		{3 << 40, "3TiB", "3.0 TiB"},
	} {
		if got := tc.z.String(); got != tc.str {
			t.Errorf("%d: String %q, want %q", int64(tc.z), got, tc.str)
		}
		if back, err := ParseSize(tc.z.String()); err != nil || back != tc.z {
			t.Errorf("%d: ParseSize(String) = %d, %v", int64(tc.z), back, err)
		}
		if got := tc.z.Approx(); got != tc.approx {
			t.Errorf("%d: Approx %q, want %q", int64(tc.z), got, tc.approx)
		}
	}
}

func TestFlags(t *testing.T) {
	type g struct {
		grammar
		Name  string `short:"n" help:"A name."`
		Ratio float64
		Quiet bool
	}
	got, err := Flags(&g{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Flag{{"workers", true}, {"timeout", true}, {"max-size", true}, {"name", false}, {"ratio", true}, {"quiet", false}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("flag %d: got %v, want %v", i, got[i], want[i])
		}
	}
}

// Flags lists the flags of subcommands too.
func TestFlagsOfSubcommands(t *testing.T) {
	type g struct {
		Quiet bool
		Build struct {
			Workers Count `default:"1"`
		} `cmd:""`
	}
	got, err := Flags(&g{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != (Flag{"quiet", false}) || got[1] != (Flag{"workers", true}) {
		t.Errorf("got %v", got)
	}
}
