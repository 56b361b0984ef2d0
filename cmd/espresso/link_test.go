package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestStaticImports holds espresso's import graph free of the packages with a cgo half:
// with any of them, a plain "go build" on a machine with a C compiler links espresso
// dynamically against the C library, and every run pays the dynamic loader and libc's
// start-up, which on the smallest PLAs is most of the run.
func TestStaticImports(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH")
	}
	out, err := exec.Command(gobin, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{"runtime/cgo", "os/user", "net", "github.com/alecthomas/kong"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("espresso imports %s (go list -deps .)", pkg)
		}
	}
}
