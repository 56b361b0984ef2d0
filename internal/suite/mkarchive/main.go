// Command mkarchive packs a reference-suite folder (README.md,
// manifest.csv, pla/, out/) into the zip archive the tests read,
// testdata/espresso-suite.zip:
//
//	go run ./internal/suite/mkarchive -o testdata/espresso-suite.zip DIR
//
// (go generate ./internal/suite runs it with DIR from $ESPRESSO_SUITE).
// The archive holds every regular file of DIR under its path relative to
// DIR, in sorted order, deflated at the best compression, with no times or
// permissions recorded, so that the same folder always gives the same
// bytes. It copies files only; it neither builds nor runs ESPRESSO 2.3.
package main

import (
	"archive/zip"
	"compress/flate"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	out := flag.String("o", "", "the archive to write (required)")
	env := flag.String("suite-env", "", "the environment variable that names DIR, instead of the argument")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: mkarchive -o ARCHIVE.zip DIR\n       mkarchive -o ARCHIVE.zip -suite-env NAME")
		flag.PrintDefaults()
	}
	flag.Parse()
	dir := flag.Arg(0)
	if *env != "" {
		dir = os.Getenv(*env)
		if dir == "" || flag.NArg() != 0 {
			fmt.Fprintf(os.Stderr, "mkarchive: set %s to the suite's folder\n", *env)
			os.Exit(2)
		}
	} else if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := pack(*out, dir); err != nil {
		fmt.Fprintln(os.Stderr, "mkarchive:", err)
		os.Exit(1)
	}
}

// pack writes the archive of dir to a temporary file beside out and
// renames it into place, so that out is complete or untouched.
func pack(out, dir string) error {
	names, err := regularFiles(dir)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return fmt.Errorf("%s: no files", dir)
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".mkarchive-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if err := write(tmp, dir, names); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}

// regularFiles lists the regular files under dir as slash-separated paths
// relative to dir, sorted; anything else (a symbolic link, a device) is an
// error.
func regularFiles(dir string) ([]string, error) {
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file", path)
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(names)
	return names, err
}

func write(w io.Writer, dir string, names []string) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestCompression)
	})
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if _, err := fw.Write(data); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return zw.Close()
}
