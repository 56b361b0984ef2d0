// Package cmdtest holds what the tests of the project's own commands (chess2pla, bench,
// tablebase) share: building the command, checking how a signal ended it, and checking
// its flags against the convention of package internal/cli.
package cmdtest

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/espresso-go/espresso/internal/cli"
)

// Build builds the command in the working directory (the package under test) into a
// temporary folder and returns the binary's path.
func Build(t *testing.T, name string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// KilledBy checks that err, what Wait returned, says the process was ended by sig.
func KilledBy(t *testing.T, err error, sig syscall.Signal) {
	t.Helper()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("the command ended with %v, want killed by %v", err, sig)
	}
	if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
		t.Errorf("the command ended with %v, want killed by %v", err, sig)
	}
}

// HelpListsFlags checks that help names every flag of flags.
func HelpListsFlags(t *testing.T, help string, flags []cli.Flag) {
	t.Helper()
	for _, f := range flags {
		if !strings.Contains(help, "--"+f.Name+"=") && !strings.Contains(help, "--"+f.Name+" ") {
			t.Errorf("--help lacks --%s", f.Name)
		}
	}
}

// NumericCovered checks that every numeric flag of flags is in tested, the flags a table
// of bad values has cases for.
func NumericCovered(t *testing.T, flags []cli.Flag, tested map[string]bool) {
	t.Helper()
	for _, f := range flags {
		if f.Numeric && !tested[f.Name] {
			t.Errorf("numeric flag --%s has no bad value in the table", f.Name)
		}
	}
}
