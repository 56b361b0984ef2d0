package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/internal/benchmark"
)

// Output file names inside --out.
const (
	csvName  = "results.csv"
	metaName = "meta.json"
	mdName   = "report.md"
	svgName  = "time-vs-cubes.svg"
)

// writeReports writes the CSV, the metadata, the Markdown and the SVG into dir, each
// complete or not at all, even when a signal interrupts the writing.
func writeReports(dir string, meta benchmark.Meta, results []benchmark.Result, paper *benchmark.Paper) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	guard := atomicfile.NewGuard()
	defer guard.Stop()
	files := []struct {
		name  string
		write func(io.Writer) error
	}{
		{csvName, func(w io.Writer) error { return benchmark.WriteCSV(w, results) }},
		{metaName, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(meta)
		}},
		{svgName, func(w io.Writer) error {
			return benchmark.WriteSVG(w, "espresso-go: wall time against cubes in the output cover",
				benchmark.ReferenceName(meta), benchmark.PlotPoints(results, paper))
		}},
		{mdName, func(w io.Writer) error { return benchmark.WriteMarkdown(w, meta, results, paper, svgName) }},
	}
	for _, f := range files {
		if err := guard.WriteFile(filepath.Join(dir, f.name), f.write); err != nil {
			return err
		}
	}
	return nil
}

// regenerate rewrites the reports of outDir from the CSV and metadata in from: the
// Markdown and SVG anew, the CSV and metadata as they were read.
func regenerate(from, outDir string, paper *benchmark.Paper) error {
	f, err := os.Open(filepath.Join(from, csvName))
	if err != nil {
		return err
	}
	defer f.Close()
	results, err := benchmark.ReadCSV(f, f.Name())
	if err != nil {
		return err
	}
	var meta benchmark.Meta
	b, err := os.ReadFile(filepath.Join(from, metaName))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return fmt.Errorf("%s: %w", metaName, err)
	}
	return writeReports(outDir, meta, results, paper)
}
