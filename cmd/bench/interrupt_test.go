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

	"github.com/espresso-go/espresso/internal/benchmark"
	"github.com/espresso-go/espresso/internal/cmdtest"
)

// bigResults returns n results of made-up runs: enough that writing the reports takes a
// while.
func bigResults(n int) []benchmark.Result {
	results := make([]benchmark.Result, n)
	for i := range results {
		results[i] = benchmark.Result{Suite: "s", Input: fmt.Sprintf("in%06d", i/2), Condition: "espresso",
			Binary: []string{benchmark.Ours, benchmark.Reference}[i%2], InputCubes: 10 + i, Status: benchmark.StatusOK,
			Cubes: 1 + i%5000, Literals: 7 + i%9000, WallS: float64(1+i%1000) / 1000, CPUS: 0.01, MaxRSSKB: 2048,
			Verified: benchmark.VerifiedNA}
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
	meta := benchmark.Meta{Date: "2026-01-02T03:04:05Z", CPU: "Fixture CPU", Cores: 2, Command: "bench"}
	start := time.Now()
	if err := writeReports(from, meta, bigResults(20000), nil); err != nil {
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
		sig := tc.sig
		t.Run(fmt.Sprintf("%v-after-%d", sig, tc.after), func(t *testing.T) {
			out := t.TempDir()
			cmd := exec.Command(bin, "--from", from, "-o", out, "--paper", filepath.Join(from, "none"))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			// Wait until a temporary file is being written after tc.after whole ones.
			for {
				select {
				case err := <-done:
					t.Fatalf("bench ended before the moment to signal: %v; %s", err, stderr.String())
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
				if tmp && whole >= tc.after {
					break
				}
				time.Sleep(time.Millisecond)
			}
			cmd.Process.Signal(sig)
			err := <-done
			cmdtest.KilledBy(t, err, sig)
			es, _ := os.ReadDir(out)
			for _, e := range es {
				b, _ := os.ReadFile(filepath.Join(out, e.Name()))
				if w, ok := want[e.Name()]; !ok || !bytes.Equal(b, w) {
					t.Errorf("left behind: %s (%d bytes), not a whole report file", e.Name(), len(b))
				}
			}
			if len(es) < tc.after {
				t.Errorf("%d files left, want the %d whole ones written before the signal", len(es), tc.after)
			}
		})
	}
}
