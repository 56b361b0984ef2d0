package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// runMainEnv, set in the environment of this test binary, makes it run as the tablebase
// command: build runs its jobs as child processes of its own executable.
const runMainEnv = "TABLEBASE_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Setenv(runMainEnv, "1")
	os.Exit(m.Run())
}

// runOK runs the command and fails t unless it exits 0; it returns stdout and stderr.
func runOK(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := run(args, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("%q: status %d: %s", args, status, stderr.String())
	}
	return stdout.String(), stderr.String()
}

// TestSlicedBuild builds two 3-piece tables sliced (--slice-all) with build, and again job
// by job, in the waves plan --waves prints: the files are the same bytes, a job done is
// not run again,
// a job whose inputs are missing fails naming them, and every legal position probed
// through the sliced files has its solved value.
func TestSlicedBuild(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	mats := []string{"KQvK", "KPvK"}
	stdout, stderr := runOK(t, append([]string{"build", "--slice-all", "--jobs", "2", "--out", a}, mats...)...)
	for _, m := range mats {
		if !strings.Contains(stdout, m) {
			t.Errorf("the report lacks %s:\n%s", m, stdout)
		}
	}
	if !strings.Contains(stderr, "ETA") || !strings.Contains(stderr, "job 1: ") {
		t.Errorf("build's progress lacks an ETA or the jobs' lines:\n%s", stderr)
	}

	runOK(t, append([]string{"plan", "--slice-all", "--out", b}, mats...)...)
	p, err := plan.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	first := slices.IndexFunc(p.Jobs, func(j plan.Job) bool { return j.Kind == plan.Slice })
	var stderrBuf bytes.Buffer
	if status := run([]string{"job", "-q", b, strconv.Itoa(first)}, nil, &stderrBuf, &stderrBuf); status == 0 ||
		!strings.Contains(stderrBuf.String(), "inputs are missing: [values/KQvK.wdl2 (job 0)]") {
		t.Errorf("a slice before its solve: status %d, %s", status, stderrBuf.String())
	}
	waves, _ := runOK(t, "plan", "--waves", "--out", b)
	var want strings.Builder
	if err := plan.WriteWaves(&want, p); err != nil {
		t.Fatal(err)
	}
	// The solves of KPvK's promotions; KPvK's solve and KQvK's reference slice; KQvK's
	// other slices and KPvK's reference slice; KPvK's other slices and KQvK's assembly;
	// KPvK's assembly.
	if waves != want.String() || len(strings.Split(waves, "\n")) != 6 {
		t.Errorf("plan --waves printed:\n%s\nwant the five waves:\n%s", waves, want.String())
	}
	for _, line := range strings.Split(strings.TrimSpace(waves), "\n") {
		var wave, first, last, mem, minutes int
		if _, err := fmt.Sscan(line, &wave, &first, &last, &mem, &minutes); err != nil {
			t.Fatalf("wave line %q: %v", line, err)
		}
		for i := first; i <= last; i++ {
			runOK(t, "job", "-q", b, strconv.Itoa(i))
		}
	}
	for _, args := range [][]string{{"job", "-q", b}, {"job", "-q", b, "x"}, {"job", "-q", b, strconv.Itoa(len(p.Jobs))}} {
		if status := run(args, nil, io.Discard, io.Discard); status == 0 {
			t.Errorf("%v: status 0, want an error", args)
		}
	}
	if _, stderr := runOK(t, "job", b, "0"); !strings.Contains(stderr, "already done") {
		t.Errorf("a job done again: %s", stderr)
	}
	for _, j := range p.Jobs {
		x, err1 := os.ReadFile(filepath.Join(a, j.Output))
		y, err2 := os.ReadFile(filepath.Join(b, j.Output))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			t.Errorf("%s: build and jobs differ (%v, %v)", j.Output, err1, err2)
		}
	}

	tb, err := tablebase.Open(a)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range mats {
		probeAll(t, tb, name)
	}
}

// TestSlicedTwin builds a table whose values file is its colour twin's (KQvKN's is
// KNvKQ.wdl2) sliced: the file holds the twin, and every legal position of either colour
// probes to its solved value.
func TestSlicedTwin(t *testing.T) {
	dir := t.TempDir()
	runOK(t, "build", "-q", "--slice-all", "--out", dir, "KQvKN")
	if _, err := os.Stat(filepath.Join(dir, "KNvKQ.tbc")); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	probeAll(t, tb, "KQvKN")
	probeAll(t, tb, "KNvKQ")
}

// TestIdenticalPieces builds a table with two identical pieces (KNNvK, the knights' other
// order a don't-care) whole and sliced, and probes every legal position of both colours.
func TestIdenticalPieces(t *testing.T) {
	for _, args := range [][]string{{}, {"--slice-all"}} {
		dir := t.TempDir()
		runOK(t, append([]string{"build", "-q", "--out", dir, "KNNvK"}, args...)...)
		tb, err := tablebase.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		probeAll(t, tb, "KNNvK")
		probeAll(t, tb, "KvKNN")
	}
}

// probeAll probes every legal position of material name in tb, failing t unless each
// has its solved value.
func probeAll(t *testing.T, tb *tablebase.Tablebase, name string) {
	t.Helper()
	m := chess.MustParseMaterial(name)
	solved, err := chess.NewSolver().Solve(m)
	if err != nil {
		t.Fatal(err)
	}
	probed := 0
	for x := range solved.Len() {
		want := solved.Probe(x).Status
		if want != chess.Win && want != chess.Draw && want != chess.Loss {
			continue
		}
		stm, squares := solved.Decode(x)
		pos := tablebase.Position{SideToMove: stm}
		for j, sq := range squares {
			pos.Pieces = append(pos.Pieces, tablebase.Placement{Piece: m.Pieces[j], Square: sq})
		}
		got, err := tb.Probe(&pos)
		if err != nil || got != map[chess.Status]tablebase.WDL{chess.Win: tablebase.Win, chess.Draw: tablebase.Draw, chess.Loss: tablebase.Loss}[want] {
			t.Fatalf("%s, index %d: %v, %v; want %v", name, x, got, err, want)
		}
		probed++
	}
	if probed == 0 {
		t.Errorf("%s: no legal position", name)
	}
}

func TestJobMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		mib   int
		env   string
		limit int64
		ok    bool
	}{
		{mib: 1536, limit: 1536 << 20, ok: true},
		{mib: 6144, limit: 6144 << 20, ok: true},
		{mib: 1536, env: "3GiB"},
		{mib: 0},
	} {
		getenv := func(k string) string {
			if k == "GOMEMLIMIT" {
				return tc.env
			}
			return ""
		}
		limit, ok := jobMemoryLimit(plan.Job{MemoryMiB: tc.mib}, getenv)
		if limit != tc.limit || ok != tc.ok {
			t.Errorf("%d MiB, GOMEMLIMIT=%q: %d, %v; want %d, %v", tc.mib, tc.env, limit, ok, tc.limit, tc.ok)
		}
	}
}
