//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/espresso-go/espresso/bench"
	"github.com/espresso-go/espresso/internal/cmdtest"
)

// bigResults returns n results of made-up runs: enough that writing the reports takes a
// while.
func bigResults(n int) []bench.Result {
	results := make([]bench.Result, n)
	for i := range results {
		results[i] = bench.Result{Suite: "s", Input: fmt.Sprintf("in%06d", i/2), Condition: "espresso",
			Binary: []string{bench.Ours, bench.Reference}[i%2], InputCubes: 10 + i, Status: bench.StatusOK,
			Cubes: 1 + i%5000, Literals: 7 + i%9000, WallS: float64(1+i%1000) / 1000, CPUS: 0.01, MaxRSSKB: 2048,
			Verified: bench.VerifiedNA}
	}
	return results
}

// TestInterruptReports: SIGINT or SIGTERM while bench writes its reports (here with
// --from, which writes the four files as a run does) ends the process by that signal, and
// leaves in --out only whole files: each one absent or equal to what an uninterrupted run
// writes, and no temporary file.
func TestInterruptReports(t *testing.T) {
	if testing.Short() {
		t.Skip("builds bench and writes large reports")
	}
	bin := cmdtest.Build(t, "bench")
	from := t.TempDir()
	meta := bench.Meta{Date: "2026-01-02T03:04:05Z", CPU: "Fixture CPU", Cores: 2, Command: "bench"}
	start := time.Now()
	if err := writeReports(from, meta, bigResults(20000), nil, nil); err != nil {
		t.Fatal(err)
	}
	t.Logf("writing the reports in the test took %v", time.Since(start))
	want := map[string][]byte{}
	for _, name := range []string{csvName, metaName, svgName, mdName} {
		b, err := os.ReadFile(filepath.Join(from, name))
		if err != nil {
			t.Fatal(err)
		}
		want[name] = b
	}

	for _, tc := range []struct {
		sig   syscall.Signal
		after int // whole files written before the signal
	}{{syscall.SIGINT, 0}, {syscall.SIGTERM, 0}, {syscall.SIGINT, 2}, {syscall.SIGTERM, 2}} {
		t.Run(fmt.Sprintf("%v-after-%d", tc.sig, tc.after), func(t *testing.T) {
			// On a busy machine the bench may write past the moment before the test
			// sees it: then the test tries again.
			for range 5 {
				if interruptReports(t, bin, from, want, tc.sig, tc.after) {
					return
				}
			}
			t.Fatal("5 times the bench ended before a temporary file was seen")
		})
	}
}

// interruptReports runs bench --from from, sends it sig while it writes a report file
// after the first after ones, and checks what it leaves against want; it returns false
// when the bench ended before that moment came.
func interruptReports(t *testing.T, bin, from string, want map[string][]byte, sig syscall.Signal, after int) bool {
	t.Helper()
	out := t.TempDir()
	cmd := exec.Command(bin, "--from", from, "-o", out, "--paper", filepath.Join(from, "none"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Wait until a temporary file is being written after the first after whole ones.
	for {
		select {
		case <-done:
			return false
		default:
		}
		es, _ := os.ReadDir(out)
		whole, tmp := 0, false
		for _, e := range es {
			if strings.Contains(e.Name(), ".tmp-") {
				tmp = true
			} else {
				whole++
			}
		}
		if tmp && whole >= after {
			break
		}
		time.Sleep(time.Millisecond)
	}
	cmd.Process.Signal(sig)
	err := <-done
	if err == nil {
		return false // it finished before the signal came
	}
	cmdtest.KilledBy(t, err, sig)
	es, _ := os.ReadDir(out)
	for _, e := range es {
		b, _ := os.ReadFile(filepath.Join(out, e.Name()))
		if w, ok := want[e.Name()]; !ok || !bytes.Equal(b, w) {
			t.Errorf("left behind: %s (%d bytes), not a whole report file", e.Name(), len(b))
		}
	}
	if len(es) < after {
		t.Errorf("%d files left, want the %d whole ones written before the signal", len(es), after)
	}
	return true
}
