//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/espresso-go/espresso/internal/cmdtest"
)

// TestInterruptLeavesNoFile: SIGINT or SIGTERM while chess2pla -o writes KQRk's PLA
// (about 1 GiB) ends the process by that signal and leaves nothing in the output's folder:
// neither the file, cut short, nor the temporary file it was being written to.
func TestInterruptLeavesNoFile(t *testing.T) {
	if testing.Short() {
		t.Skip("computes KQRk (seconds)")
	}
	bin := cmdtest.Build(t, "chess2pla")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(bin, "-q", "-o", filepath.Join(dir, "part.pla"), "KQRk")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			// Wait until the temporary file holds a few MiB: mid-write.
			deadline := time.Now().Add(2 * time.Minute)
			for written := int64(0); written < 4<<20; {
				select {
				case err := <-done:
					t.Fatalf("chess2pla ended before the signal: %v", err)
				case <-time.After(20 * time.Millisecond):
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("no temporary file of 4 MiB within 2 minutes")
				}
				es, _ := os.ReadDir(dir)
				if len(es) == 1 {
					if info, err := es[0].Info(); err == nil {
						written = info.Size()
					}
				}
			}
			cmd.Process.Signal(sig)
			err := <-done
			cmdtest.KilledBy(t, err, sig)
			if es, _ := os.ReadDir(dir); len(es) != 0 {
				t.Errorf("left behind: %v", es)
			}
		})
	}
}
