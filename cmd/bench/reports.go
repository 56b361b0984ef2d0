package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/espresso-go/espresso/internal/benchmark"
)

// Output file names inside --out.
const (
	csvName  = "results.csv"
	metaName = "meta.json"
	mdName   = "report.md"
	svgName  = "time-vs-cubes.svg"
)

// writeReports writes the CSV, the metadata, the Markdown and the SVG into dir.
func writeReports(dir string, meta benchmark.Meta, results []benchmark.Result, paper *benchmark.Paper) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, csvName), func(f *os.File) error { return benchmark.WriteCSV(f, results) }); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, metaName), func(f *os.File) error {
		enc := json.NewEncoder(f)
		enc.SetIndent("", "  ")
		return enc.Encode(meta)
	}); err != nil {
		return err
	}
	return writeViews(dir, meta, results, paper)
}

// writeViews writes the Markdown report and the SVG plot into dir.
func writeViews(dir string, meta benchmark.Meta, results []benchmark.Result, paper *benchmark.Paper) error {
	if err := writeFile(filepath.Join(dir, svgName), func(f *os.File) error {
		return benchmark.WriteSVG(f, "espresso-go: wall time against cubes in F", benchmark.PlotPoints(results, paper))
	}); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, mdName), func(f *os.File) error {
		return benchmark.WriteMarkdown(f, meta, results, paper, svgName)
	})
}

// regenerate rewrites the Markdown and SVG of outDir from the CSV and
// metadata in from.
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
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return writeViews(outDir, meta, results, paper)
}

func writeFile(path string, write func(*os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}
