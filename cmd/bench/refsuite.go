package main

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// referenceSuite returns the folder of the reference suite's PLAs, bench's default folder
// suite, for the module at mod: the pla/ of the module's testdata/espresso-suite.zip (the
// 122 PLAs of 2.3's examples) unpacked into a new temporary folder, which cleanup
// removes. The folder is named .../espresso-suite/pla, so that the reports name the suite
// as 2.3's examples.
func referenceSuite(mod string) (dir string, cleanup func(), err error) {
	archive := filepath.Join(mod, "testdata", "espresso-suite.zip")
	zr, err := zip.OpenReader(archive)
	if err != nil {
		return "", nil, fmt.Errorf("the reference suite: %w", err)
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
