package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReferenceSuite: bench's default folder suite is the 122 PLAs of the module's
// testdata archive unpacked into a folder that cleanup removes, and an error naming the
// archive when it is not there.
func TestReferenceSuite(t *testing.T) {
	archive, err := filepath.Abs(filepath.Join("..", "..", "testdata", "espresso-suite.zip"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		archive  bool
		wantPLAs int    // files in the folder returned
		wantErr  string // a part of the error, "" for none
	}{
		{name: "archive", archive: true, wantPLAs: 122},
		{name: "no archive", wantErr: "espresso-suite.zip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			mod := filepath.Join(root, "module")
			if err := os.MkdirAll(filepath.Join(mod, "testdata"), 0o755); err != nil {
				t.Fatal(err)
			}
			if tc.archive {
				if err := os.Symlink(archive, filepath.Join(mod, "testdata", "espresso-suite.zip")); err != nil {
					t.Fatal(err)
				}
			}
			dir, cleanup, err := referenceSuite(mod)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one naming %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(dir, filepath.Join("espresso-suite", "pla")) {
				t.Errorf("folder %s, want one named espresso-suite/pla", dir)
			}
			entries, err := os.ReadDir(dir)
			if err != nil || len(entries) != tc.wantPLAs {
				t.Fatalf("%d files in %s (%v), want %d", len(entries), dir, err, tc.wantPLAs)
			}
			cleanup()
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("after cleanup, stat %s: %v, want not found", dir, err)
			}
		})
	}
}
