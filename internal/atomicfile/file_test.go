package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFile(t *testing.T) {
	errWrite := errors.New("disk on fire")
	tests := []struct {
		name    string
		old     string // the file's content before, "" for none
		write   func(io.Writer) error
		wantErr error
		want    string // the file's content after, "" for none
	}{
		{"new", "", func(w io.Writer) error { _, err := io.WriteString(w, "abc\n"); return err }, nil, "abc\n"},
		{"replace", "old\n", func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }, nil, "new\n"},
		{"fail-new", "", func(w io.Writer) error { io.WriteString(w, "half"); return errWrite }, errWrite, ""},
		{"fail-keeps-old", "old\n", func(w io.Writer) error { io.WriteString(w, "half"); return errWrite }, errWrite, "old\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.txt")
			if tc.old != "" {
				if err := os.WriteFile(path, []byte(tc.old), 0o640); err != nil {
					t.Fatal(err)
				}
			}
			err := WriteFile(path, tc.write)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			got, rerr := os.ReadFile(path)
			switch {
			case tc.want == "" && rerr == nil:
				t.Errorf("file left behind: %q", got)
			case tc.want != "" && string(got) != tc.want:
				t.Errorf("content %q (%v), want %q", got, rerr, tc.want)
			}
			if names := entries(t, dir); len(names) > 1 || (len(names) == 1 && names[0] != "out.txt") {
				t.Errorf("folder holds %q", names)
			}
			if tc.old != "" {
				if info, err := os.Stat(path); err == nil && info.Mode().Perm() != 0o640 {
					t.Errorf("permissions %v, want the old file's -rw-r-----", info.Mode().Perm())
				}
			}
		})
	}
}

// Until Commit the name shows nothing; Abort leaves nothing; a Commit after Abort fails.
func TestCommitAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(f, "data")
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("before Commit: %v", err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // no effect after Commit
	if b, err := os.ReadFile(path); err != nil || string(b) != "data" {
		t.Errorf("after Commit: %q, %v", b, err)
	}

	g, err := Create(filepath.Join(dir, "b"))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(g, "data")
	g.Abort()
	g.Abort()
	if err := g.Commit(); !errors.Is(err, errDone) {
		t.Errorf("Commit after Abort: %v", err)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("folder holds %q, want only a", names)
	}
}

// A symbolic link keeps pointing to the file, which is replaced; a device is written to.
func TestSpecialNames(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	link := filepath.Join(dir, "link")
	os.WriteFile(target, []byte("old"), 0o644)
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if err := WriteFile(link, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}
	if runtime.GOOS != "windows" {
		if err := WriteFile(os.DevNull, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode().IsRegular() {
			t.Errorf("%s: %v %v", os.DevNull, fi.Mode(), err)
		}
	}
}

// helperEnv makes the test binary the helper process of TestGuardSignal: it writes a file
// through a Guard, says "writing" and keeps writing until a signal ends it.
const helperEnv = "ATOMICFILE_HELPER_PATH"

func TestMain(m *testing.M) {
	if path := os.Getenv(helperEnv); path != "" {
		g := NewGuard()
		f, err := g.Create(path)
		if err != nil {
			fmt.Println(err)
			os.Exit(3)
		}
		fmt.Println("writing")
		row := []byte("0000000000000 100\n")
		for {
			f.Write(row)
			time.Sleep(time.Millisecond)
		}
	}
	os.Exit(m.Run())
}

// TestGuardSignal: SIGINT or SIGTERM during the write removes the temporary file, and the
// process ends by the signal.
func TestGuardSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), helperEnv+"="+filepath.Join(dir, "out.pla"))
			stdout, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, _ := bufio.NewReader(stdout).ReadString('\n')
			if line != "writing\n" {
				cmd.Process.Kill()
				t.Fatalf("helper said %q", line)
			}
			time.Sleep(50 * time.Millisecond) // some data on the disk
			if len(entries(t, dir)) != 1 {
				t.Errorf("while writing the folder holds %q, want one temporary file", entries(t, dir))
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("helper ended with %v", err)
			}
			if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("helper ended with %v, want killed by %v", err, sig)
			}
			if names := entries(t, dir); len(names) != 0 {
				t.Errorf("left behind: %q", names)
			}
		})
	}
}

func TestFreeSpace(t *testing.T) {
	free, ok := FreeSpace(filepath.Join(t.TempDir(), "x"))
	if runtime.GOOS == "linux" && (!ok || free <= 0) {
		t.Errorf("FreeSpace: %d, %v", free, ok)
	}
	if _, ok := FreeSpace("/does/not/exist/x"); ok {
		t.Error("FreeSpace of a missing folder: ok")
	}
}
