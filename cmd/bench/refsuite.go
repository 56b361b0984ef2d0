package main

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// referenceSuite returns the folder of the reference suite's PLAs, bench's default folder
// suite, for the module at mod: ../shared/espresso-suite/pla beside the module where the
// project keeps the suite, and otherwise the pla/ of the module's
// testdata/espresso-suite.zip (the same 122 files) unpacked into a new temporary folder,
// which cleanup removes. The folder is named .../espresso-suite/pla either way, so that the
// reports name the suite alike.
func referenceSuite(mod string) (dir string, cleanup func(), err error) {
	shared := filepath.Join(mod, "..", "shared", "espresso-suite", "pla")
	if st, err := os.Stat(shared); err == nil && st.IsDir() {
		return shared, func() {}, nil
	}
	archive := filepath.Join(mod, "testdata", "espresso-suite.zip")
	zr, err := zip.OpenReader(archive)
	if err != nil {
		return "", nil, fmt.Errorf("the reference suite: neither %s nor %w", shared, err)
	}
	defer zr.Close()
	plas, err := fs.Sub(zr, "pla")
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", archive, err)
	}
	tmp, err := os.MkdirTemp("", "bench-suite-")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.RemoveAll(tmp) }
	dir = filepath.Join(tmp, "espresso-suite", "pla")
	if err := os.CopyFS(dir, plas); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("unpacking the PLAs of %s: %w", archive, err)
	}
	return dir, cleanup, nil
}
