// Package suite gives tests and benchmarks the project's reference data,
// kept in the repository's testdata folder:
//
//   - testdata/espresso-suite.zip: the 122 suite PLAs (pla/NAME), what
//     ESPRESSO 2.3 printed for each in each mode (out/NAME/MODE.out and
//     .err) and manifest.csv, the arguments, exit status and time of every
//     run (testdata/README.md says where they come from);
//   - testdata/paper: the tables of Gomboc and Shelton's paper as CSV.
//
// A Suite is the archive opened for reading: it is an fs.FS, so fs.ReadFile,
// fs.Glob and fs.ReadDir read it directly, and Extract copies the files a
// test must hand to a command by name into a temporary folder. Where the
// data is missing the test fails (it never skips), naming the file it
// looked for: a clone of the repository holds everything the tests need.
package suite

// The archive is made from the suite's folder, which ESPRESSO_SUITE names
// (testdata/README.md says what it holds):
//
//go:generate go run ./mkarchive -o ../../testdata/espresso-suite.zip -suite-env ESPRESSO_SUITE

import (
	"archive/zip"
	"encoding/csv"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/espresso-go/espresso/pla"
)

// ArchiveName is the suite archive's file name in the testdata folder.
const ArchiveName = "espresso-suite.zip"

// Suite is the reference suite archive, open for reading. Its methods may
// be called from several goroutines at once.
type Suite struct {
	zr *zip.ReadCloser
}

// Open opens testdata/espresso-suite.zip and closes it when tb ends, or
// fails tb when it cannot.
func Open(tb testing.TB) *Suite {
	tb.Helper()
	s := open(tb)
	tb.Cleanup(func() { s.zr.Close() })
	return s
}

func open(tb testing.TB) *Suite {
	tb.Helper()
	zr, err := zip.OpenReader(Testdata(tb, ArchiveName))
	if err != nil {
		tb.Fatalf("opening the reference suite: %v", err)
	}
	return &Suite{zr: zr}
}

// Open opens a file of the archive by its slash-separated path
// ("manifest.csv", "pla/al2", "out/al2/default.out"); Suite is an fs.FS.
func (s *Suite) Open(name string) (fs.File, error) { return s.zr.Open(name) }

// ReadFile returns the contents of a file of the archive, or fails tb.
func (s *Suite) ReadFile(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := fs.ReadFile(s, name)
	if err != nil {
		tb.Fatalf("reference suite %s: %v", ArchiveName, err)
	}
	return data
}

// PLANames returns the names of the suite PLAs (the files of pla/), sorted.
func (s *Suite) PLANames(tb testing.TB) []string {
	tb.Helper()
	entries, err := fs.ReadDir(s, "pla")
	if err != nil || len(entries) == 0 {
		tb.Fatalf("reference suite %s: no PLAs in pla/ (%v)", ArchiveName, err)
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names
}

// Row is one run of ESPRESSO 2.3 as manifest.csv records it.
type Row struct {
	PLA  string // the PLA's name in pla/
	Mode string // the name of the outputs: out/PLA/MODE.out and .err
	// Args are the arguments before the file name; in the two-PLA modes
	// they end in "PLA default.out", standing for pla/PLA and
	// out/PLA/default.out.
	Args string
	// Exit is 2.3's exit status ("0", "1"), or "timeout" (not finished in
	// 10 s), "big" (output over 1 MiB, not kept), or a negative signal
	// number when it crashed.
	Exit    string
	Seconds float64 // 2.3's wall-clock time for the run
}

// Manifest returns the rows of manifest.csv in their order.
func (s *Suite) Manifest(tb testing.TB) []Row {
	tb.Helper()
	f, err := s.Open("manifest.csv")
	if err != nil {
		tb.Fatalf("reference suite %s: %v", ArchiveName, err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatalf("reference suite %s: manifest.csv: %v", ArchiveName, err)
	}
	var rows []Row
	for i, r := range recs {
		if i == 0 {
			continue // the header
		}
		if len(r) < 5 {
			tb.Fatalf("reference suite %s: manifest.csv:%d: %d fields, want at least 5", ArchiveName, i+1, len(r))
		}
		secs, err := strconv.ParseFloat(r[4], 64)
		if err != nil {
			tb.Fatalf("reference suite %s: manifest.csv:%d: seconds: %v", ArchiveName, i+1, err)
		}
		rows = append(rows, Row{PLA: r[0], Mode: r[1], Args: r[2], Exit: r[3], Seconds: secs})
	}
	if len(rows) == 0 {
		tb.Fatalf("reference suite %s: manifest.csv has no rows", ArchiveName)
	}
	return rows
}

// Extract copies the files of the archive whose paths match one of the
// patterns (path.Match syntax: "pla/*", "out/*/default.out") into a new
// temporary folder, removed when tb ends, under the same relative paths,
// and returns the folder. A pattern that matches nothing fails tb.
func (s *Suite) Extract(tb testing.TB, patterns ...string) string {
	tb.Helper()
	dir := tb.TempDir()
	for _, pat := range patterns {
		names, err := fs.Glob(s, pat)
		if err != nil || len(names) == 0 {
			tb.Fatalf("reference suite %s: nothing matches %q (%v)", ArchiveName, pat, err)
		}
		for _, name := range names {
			dst := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				tb.Fatal(err)
			}
			if err := os.WriteFile(dst, s.ReadFile(tb, name), 0o644); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return dir
}

// ReadPLA reads the suite PLA of that name (pla/NAME) as a minimization
// reads it: .type fd, with its OFF-set computed.
func (s *Suite) ReadPLA(tb testing.TB, name string) *pla.PLA {
	tb.Helper()
	f, err := s.Open(path.Join("pla", name))
	if err != nil {
		tb.Fatalf("reference suite %s: %v", ArchiveName, err)
	}
	defer f.Close()
	p, err := pla.NewReader(f, name, io.Discard, io.Discard).Read(pla.ReadOptions{Type: pla.FD, NeedsOffset: true})
	if err != nil {
		tb.Fatalf("reference suite pla/%s: %v", name, err)
	}
	return p
}

// ReadPLA opens the suite, reads one PLA of it as Suite.ReadPLA does, and
// closes the suite again.
func ReadPLA(tb testing.TB, name string) *pla.PLA {
	tb.Helper()
	s := open(tb)
	defer s.zr.Close()
	return s.ReadPLA(tb, name)
}

// Paper returns the path of the folder of the paper's tables,
// testdata/paper, or with a name of a file in it ("table2.csv"), or fails tb
// when it is missing.
func Paper(tb testing.TB, name ...string) string {
	tb.Helper()
	return Testdata(tb, append([]string{"paper"}, name...)...)
}

// Testdata returns the path of testdata/ELEM... in the repository that
// holds the current directory, or fails tb when it does not exist.
func Testdata(tb testing.TB, elem ...string) string {
	tb.Helper()
	root, err := repoRoot()
	if err != nil {
		tb.Fatalf("finding the repository's testdata: %v", err)
	}
	name := filepath.Join(append([]string{root, "testdata"}, elem...)...)
	if _, err := os.Stat(name); err != nil {
		tb.Fatalf("reference data missing: %v (it is part of the repository; see testdata/README.md)", err)
	}
	return name
}

// repoRoot returns the nearest directory at or above the current one that
// holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod at or above %s", dir)
		}
		dir = parent
	}
}
