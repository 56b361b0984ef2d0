package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// modulePath is the module whose commands bench builds when no binary is given.
const modulePath = "github.com/espresso-go/espresso"

// findModule returns the root of the module modulePath that holds the working directory,
// or "" when the working directory is outside it.
func findModule() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if name, ok := moduleName(filepath.Join(d, "go.mod")); ok {
			if name == modulePath {
				return d
			}
			return "" // another module
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// moduleName returns the path the module directive of the go.mod file at path declares,
// and whether there is such a file.
func moduleName(path string) (string, bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), true
		}
	}
	return "", true
}

// build runs go build for pkg in root, writing the binary to out.
func build(root, pkg, out string) (string, error) {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v: %s", pkg, err, strings.TrimSpace(string(msg)))
	}
	return out, nil
}

// gitCommit returns the short commit of root, with "-dirty" when the work
// tree has changes, or "" outside git.
func gitCommit(root string) string {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return ""
	}
	c := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
		c += "-dirty"
	}
	return c
}

// banner returns ", which says \"...\"" with the version line a binary
// prints when given a bad option (as ESPRESSO 2.3 does), or "".
func banner(bin string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, _ := exec.CommandContext(ctx, bin, "-h").CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "Version") {
			return " (" + strings.TrimSpace(line) + ")"
		}
	}
	return ""
}
