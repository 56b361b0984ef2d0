package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/espresso-go/espresso/bench"
	"github.com/espresso-go/espresso/internal/atomicfile"
)

// Output file names inside --out.
const (
	csvName  = "results.csv"
	metaName = "meta.json"
	mdName   = "report.md"
	svgName  = "time-vs-cubes.svg"
	tableCSV = "tablebase.csv"
	tableSVG = "tablebase-bytes.svg"
)

// writeReports writes the CSV, the metadata, the Markdown and the SVG into dir, each
// complete or not at all, even when a signal interrupts the writing; with tables, also
// their CSV and plot, and their section in the Markdown.
func writeReports(dir string, meta bench.Meta, results []bench.Result, paper *bench.Paper, tables []bench.TableRow) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	guard := atomicfile.NewGuard()
	defer guard.Stop()
	files := []struct {
		name  string
		write func(io.Writer) error
	}{
		{csvName, func(w io.Writer) error { return bench.WriteCSV(w, results) }},
		{metaName, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(meta)
		}},
		{svgName, func(w io.Writer) error {
			return bench.WriteSVG(w, "espresso-go: wall time against cubes in the output cover",
				bench.ReferenceName(meta), bench.PlotPoints(results, paper))
		}},
		{mdName, func(w io.Writer) error {
			if err := bench.WriteMarkdown(w, meta, results, paper, svgName); err != nil || len(tables) == 0 {
				return err
			}
			return bench.WriteTableMarkdown(w, tables, paper, tableSVG)
		}},
	}
	if len(tables) > 0 {
		files = append(files, []struct {
			name  string
			write func(io.Writer) error
		}{
			{tableCSV, func(w io.Writer) error { return bench.WriteTableCSV(w, tables) }},
			{tableSVG, func(w io.Writer) error {
				return bench.WriteTableSVG(w, "tablebase: bytes per table, ours, the paper's and Syzygy's", tables)
			}},
		}...)
	}
	for _, f := range files {
		if err := guard.WriteFile(filepath.Join(dir, f.name), f.write); err != nil {
			return err
		}
	}
	return nil
}

// regenerate rewrites the reports of outDir from the CSV and metadata in from: the
// Markdown and SVG anew, the CSV and metadata as they were read. tables are the
// tablebase's rows; when nil, those of from's tablebase CSV if it has one.
func regenerate(from, outDir string, paper *bench.Paper, tables []bench.TableRow) error {
	f, err := os.Open(filepath.Join(from, csvName))
	if err != nil {
		return err
	}
	defer f.Close()
	results, err := bench.ReadCSV(f, f.Name())
	if err != nil {
		return err
	}
	var meta bench.Meta
	b, err := os.ReadFile(filepath.Join(from, metaName))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return fmt.Errorf("%s: %w", metaName, err)
	}
	if tables == nil {
		if tables, err = readTables(filepath.Join(from, tableCSV)); errors.Is(err, fs.ErrNotExist) {
			tables, err = nil, nil
		}
		if err != nil {
			return err
		}
	}
	return writeReports(outDir, meta, results, paper, tables)
}

// readTables reads the tablebase CSV at path (as `tablebase build --csv` or the bench
// writes it).
func readTables(path string) ([]bench.TableRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return bench.ReadTableCSV(f, path)
}
