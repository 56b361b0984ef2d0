package suite

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"testing"
)

// TestArchiveHoldsManifest: every row of manifest.csv names a PLA of pla/,
// and where 2.3 finished (exit 0 or 1) both its outputs are kept; every
// two-PLA mode's second file, out/PLA/default.out, is there too.
func TestArchiveHoldsManifest(t *testing.T) {
	s := Open(t)
	plas := map[string]bool{}
	for _, name := range s.PLANames(t) {
		plas[name] = true
	}
	if len(plas) != 122 {
		t.Errorf("%d PLAs in pla/, want the suite's 122", len(plas))
	}
	finished := 0
	for _, r := range s.Manifest(t) {
		if !plas[r.PLA] {
			t.Errorf("manifest row %s %s: no pla/%s", r.PLA, r.Mode, r.PLA)
		}
		if r.Exit != "0" && r.Exit != "1" {
			continue
		}
		finished++
		for _, ext := range []string{".out", ".err"} {
			if _, err := fs.Stat(s, path.Join("out", r.PLA, r.Mode+ext)); err != nil {
				t.Errorf("manifest row %s %s: %v", r.PLA, r.Mode, err)
			}
		}
	}
	if finished == 0 {
		t.Fatal("no manifest row where 2.3 finished")
	}
	t.Logf("%d PLAs, %d runs where 2.3 finished", len(plas), finished)
}

// TestExtract: the files Extract writes hold the archive's bytes under the
// same paths, and only the files asked for are written.
func TestExtract(t *testing.T) {
	s := Open(t)
	dir := s.Extract(t, "pla/al2", "out/al2/default.*")
	for _, name := range []string{"pla/al2", "out/al2/default.out", "out/al2/default.err"} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		if want := s.ReadFile(t, name); string(got) != string(want) {
			t.Errorf("%s: extracted %d bytes, the archive holds %d", name, len(got), len(want))
		}
	}
	if entries, err := os.ReadDir(filepath.Join(dir, "pla")); err != nil || len(entries) != 1 {
		t.Errorf("pla/ holds %d files (%v), want al2 alone", len(entries), err)
	}
}

// TestPaper: the paper's four tables and their README are in the testdata.
func TestPaper(t *testing.T) {
	for _, name := range []string{"README.md", "table2.csv", "table3.csv", "table4.csv", "table5.csv"} {
		if _, err := os.Stat(Paper(t, name)); err != nil {
			t.Error(err)
		}
	}
}
