package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// helperEnv makes the test binary act as a fake espresso/chess2pla (see
// fakeMain) when it is set in the environment of a child.
const helperEnv = "BENCH_FAKE_ESPRESSO"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "1" {
		os.Exit(fakeMain(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// fakeMain is a stand-in for the commands the bench runs. Its rules:
//
//	-Dsleep             sleep 30 s
//	-Dfail              print "fake: failure" on stderr, exit 2
//	-Dalloc             touch 64 MiB, then act as below
//	-Dspin              use 200 ms of CPU time, then act as below
//	-Dverify A B        exit 0 if files A and B are identical, else print and exit 1
//	-Dchess [--canonical] MATERIAL   print a PLA of 3 cubes (2 with --canonical)
//	[other flags] FILE  print FILE unchanged (an identity minimizer)
func fakeMain(args []string) int {
	var keep []byte
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "-Dsleep":
			time.Sleep(30 * time.Second)
		case "-Dfail":
			fmt.Fprintln(os.Stderr, "fake: failure")
			return 2
		case "-Dalloc":
			keep = make([]byte, 64<<20)
			for i := range keep {
				keep[i] = 1
			}
		case "-Dspin":
			for cpuTime() < 200*time.Millisecond {
			}
		case "-Dverify":
			a, err1 := os.ReadFile(args[1])
			b, err2 := os.ReadFile(args[2])
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				fmt.Println("PLA comparison failed; the PLA's are not equivalent")
				return 1
			}
			fmt.Println("PLA's compared equal")
			return 0
		case "-Dchess":
			if len(args) > 1 && args[1] == "--canonical" {
				fmt.Print(".i 2\n.o 1\n1- 1\n01 1\n.e\n")
			} else {
				fmt.Print(".i 2\n.o 1\n10 1\n11 1\n01 1\n.e\n")
			}
			return 0
		}
		args = args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "fake: want one file")
		return 1
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 1
	}
	os.Stdout.Write(b)
	_ = keep
	return 0
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// fake returns the path of the fake command and makes children act as it.
func fake(t *testing.T) string {
	t.Setenv(helperEnv, "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

func writePLA(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMeasure(t *testing.T) {
	bin := fake(t)
	dir := t.TempDir()
	in := writePLA(t, dir, "in.pla", ".i 1\n.o 1\n1 1\n")
	tests := []struct {
		name     string
		argv     []string
		timeout  time.Duration
		status   Status
		exit     int
		errHas   string
		minRSSKB int64
		minCPU   time.Duration
		maxWall  time.Duration
	}{
		{name: "ok", argv: []string{bin, in}, status: StatusOK, exit: 0},
		{name: "timeout honoured", argv: []string{bin, "-Dsleep", in}, timeout: 300 * time.Millisecond,
			status: StatusTimeout, exit: -1, errHas: "timed out after 300ms", maxWall: 5 * time.Second},
		{name: "failure with stderr", argv: []string{bin, "-Dfail", in}, status: StatusFailed, exit: 2,
			errHas: "exit status 2: fake: failure"},
		{name: "peak memory", argv: []string{bin, "-Dalloc", in}, status: StatusOK, minRSSKB: 64 << 10},
		{name: "CPU time", argv: []string{bin, "-Dspin", in}, status: StatusOK, minCPU: 200 * time.Millisecond},
		{name: "missing binary", argv: []string{filepath.Join(dir, "nonexistent"), in}, status: StatusFailed,
			exit: -1, errHas: "no such file"},
		{name: "empty command", argv: nil, status: StatusFailed, exit: -1, errHas: "empty command"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out")
			m := Measure(context.Background(), tc.argv, out, tc.timeout)
			if m.Status != tc.status || m.ExitCode != tc.exit {
				t.Errorf("status %s exit %d (err %q), want %s exit %d", m.Status, m.ExitCode, m.Err, tc.status, tc.exit)
			}
			if !strings.Contains(m.Err, tc.errHas) {
				t.Errorf("error %q does not contain %q", m.Err, tc.errHas)
			}
			if m.MaxRSSKB < tc.minRSSKB {
				t.Errorf("peak %d KiB, want at least %d", m.MaxRSSKB, tc.minRSSKB)
			}
			if m.CPU < tc.minCPU {
				t.Errorf("CPU %v, want at least %v", m.CPU, tc.minCPU)
			}
			if tc.maxWall > 0 && m.Wall > tc.maxWall {
				t.Errorf("wall %v, want at most %v", m.Wall, tc.maxWall)
			}
			if tc.status == StatusOK && tc.name == "ok" {
				b, _ := os.ReadFile(out)
				if string(b) != ".i 1\n.o 1\n1 1\n" {
					t.Errorf("stdout file holds %q", b)
				}
			}
		})
	}
}

// Run with the fake as ours, reference, verifier and chess2pla: the identity
// condition keeps the input's cubes and verifies; -Dsleep times out and
// -Dfail fails without stopping the session; the binaries alternate.
func TestRun(t *testing.T) {
	bin := fake(t)
	dir := t.TempDir()
	a := writePLA(t, dir, "a.pla", ".i 3\n.o 1\n1-0 1\n01- 1\n--- -\n")
	conds, err := ParseConditions("", []string{"identity=", "sleep=-Dsleep", "fail=-Dfail"})
	if err != nil {
		t.Fatal(err)
	}
	chess, err := ChessSuite("", "KQk", "both")
	if err != nil {
		t.Fatal(err)
	}
	inputs := append([]Input{{Suite: "s", Name: "a.pla", Path: a}}, chess...)
	var progress bytes.Buffer
	cfg := Config{Ours: bin, Reference: bin, Verifier: bin, Chess2PLA: bin, ChessArgs: "-Dchess " + DefaultChessArgs,
		Conditions: conds, Timeout: 1500 * time.Millisecond, WorkDir: filepath.Join(dir, "work"), Progress: &progress}
	start := time.Now()
	res, err := Run(context.Background(), cfg, inputs)
	if err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 40*time.Second {
		t.Errorf("run took %v: the time limit was not honoured", el)
	}
	if len(res) != 3*3*2 {
		t.Fatalf("%d results, want 18", len(res))
	}
	// want: input cubes per input (a.pla 2, KQk 3, KQk-canonical 2).
	inCubes := map[string]int{"a.pla": 2, "KQk": 3, "KQk-canonical": 2}
	for _, r := range res {
		want := map[string]Status{"identity": StatusOK, "sleep": StatusTimeout, "fail": StatusFailed}[r.Condition]
		if r.Status != want {
			t.Errorf("%s %s %s: status %s (%s), want %s", r.Input, r.Condition, r.Binary, r.Status, r.Err, want)
		}
		if r.InputCubes != inCubes[r.Input] {
			t.Errorf("%s: input cubes %d, want %d", r.Input, r.InputCubes, inCubes[r.Input])
		}
		wantSame := ""
		if r.Condition == "identity" && r.Binary == Ours {
			wantSame = "yes"
		}
		if r.SameOutput != wantSame {
			t.Errorf("%s %s %s: same output %q, want %q", r.Input, r.Condition, r.Binary, r.SameOutput, wantSame)
		}
		if r.Condition == "identity" && (r.Cubes != r.InputCubes || r.Verified != VerifiedYes) {
			t.Errorf("%s identity %s: %d cubes verified=%s, want %d and yes", r.Input, r.Binary, r.Cubes, r.Verified, r.InputCubes)
		}
		if r.Condition != "identity" && (r.Cubes != -1 || r.Verified != VerifiedNA) {
			t.Errorf("%s %s: %d cubes verified=%s, want -1 and n/a", r.Input, r.Condition, r.Cubes, r.Verified)
		}
		if r.Condition == "fail" && strings.Contains(r.Err, string(filepath.Separator)) {
			t.Errorf("error %q names a folder", r.Err)
		}
	}
	// The order of the binaries alternates from one condition to the next.
	var order []string
	for _, line := range strings.Split(progress.String(), "\n") {
		if strings.HasPrefix(line, "[") {
			order = append(order, strings.TrimSuffix(strings.Fields(line)[4], ":"))
		}
	}
	// Generated tables and outputs are removed once used.
	if left, _ := os.ReadDir(cfg.WorkDir); len(left) != 0 {
		t.Errorf("%d files left in the work folder, e.g. %s", len(left), left[0].Name())
	}
	if len(order) < 4 || order[0] != Ours || order[1] != Reference || order[2] != Reference || order[3] != Ours {
		t.Errorf("binaries ran in order %v, want ours, reference, reference, ours, ...", order)
	}
}

// A chess2pla that fails makes every run of its table fail, and only those.
func TestRunGenerateFails(t *testing.T) {
	bin := fake(t)
	dir := t.TempDir()
	conds, _ := ParseConditions("espresso", nil)
	inputs, _ := ChessSuite("2", "", "no")
	cfg := Config{Ours: bin, Chess2PLA: bin, ChessArgs: "-Dfail", Conditions: conds, WorkDir: dir}
	res, err := Run(context.Background(), cfg, inputs)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Status != StatusFailed || !strings.HasPrefix(res[0].Err, "chess2pla: exit status 2") {
		t.Errorf("got %+v, want one failed run with a chess2pla error", res)
	}
}

func TestProbeVerify(t *testing.T) {
	bin := fake(t)
	dir := t.TempDir()
	if !ProbeVerify(context.Background(), bin, dir) {
		t.Error("the fake's -Dverify was not found working")
	}
	if ProbeVerify(context.Background(), filepath.Join(dir, "none"), dir) {
		t.Error("a missing binary was found working")
	}
}

// TestMeasurePeakIsTheChilds checks that a small child's peak memory is its
// own: with wait4's ru_maxrss, a child of a Go program reports at least the
// parent's peak (it shares the parent's memory until exec), so here, with
// the test process grown by 256 MiB, the fake's few MiB would read as more
// than 256.
func TestMeasurePeakIsTheChilds(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the child's own peak is read from /proc on Linux only")
	}
	bin := fake(t)
	in := writePLA(t, t.TempDir(), "in.pla", ".i 1\n.o 1\n1 1\n")
	ballast := make([]byte, 256<<20)
	for i := range ballast {
		ballast[i] = 1 // touch every page
	}
	m := Measure(context.Background(), []string{bin, in}, "", 0)
	runtime.KeepAlive(ballast)
	if m.Status != StatusOK {
		t.Fatalf("status %s: %s", m.Status, m.Err)
	}
	if m.MaxRSSKB <= 0 || m.MaxRSSKB > 128<<10 {
		t.Errorf("child's peak %d KiB, want a positive figure well below the parent's 256 MiB", m.MaxRSSKB)
	}
}

// A verifier that cannot run gives VerifiedError with the reason, which
// the result's error then carries.
func TestVerifyErrorSaysWhy(t *testing.T) {
	bin := fake(t)
	dir := t.TempDir()
	a := writePLA(t, dir, "a.pla", ".i 1\n.o 1\n1 1\n")
	ctx := context.Background()
	if v, why := verify(ctx, Config{Verifier: bin}, a, a); v != VerifiedYes || why != "" {
		t.Errorf("equal files: %s %q, want yes and no reason", v, why)
	}
	missing := filepath.Join(dir, "none")
	v, why := verify(ctx, Config{Verifier: missing}, a, a)
	if v != VerifiedError || !strings.Contains(why, "none") {
		t.Errorf("missing verifier: %s %q, want error and a reason naming it", v, why)
	}
}
