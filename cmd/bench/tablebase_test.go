package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/bench"
	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase/builder"
	"github.com/espresso-go/espresso/tablebase/format"
)

// writeTestTables builds the tables of materials into dir and writes a CSV of them as
// `tablebase build --csv` does (its columns, its "-" for unknown figures) to dir/build.csv.
func writeTestTables(t *testing.T, dir string, materials ...string) string {
	t.Helper()
	b := builder.NewBuilder(builder.Options{})
	csv := "material,positions,symmetry,order,cubes,bytes,syzygy_bytes,paper_bytes,paper_cubes,seconds,cpu_seconds,peak_mib\n"
	for _, name := range materials {
		m := chess.MustParseMaterial(name)
		tb, rep, err := b.Build(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, format.FileName(m))
		if err := atomicfile.WriteFile(path, func(w io.Writer) error { return format.Encode(w, tb) }); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		ref, _ := tbref.ReferenceOf(m)
		csv += fmt.Sprintf("%s,%d,board,\"win,loss,draw\",%d,%d,%d,%d,-,0.1,0.1,20\n", m.SyzygyName(), rep.Positions,
			len(tb.Covers[0])+len(tb.Covers[1]), fi.Size(), ref.SyzygyBytes, ref.PaperBytes)
	}
	path := filepath.Join(dir, "build.csv")
	if err := os.WriteFile(path, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// --tablebase-csv with --from adds the tablebase section, its CSV (with the probe times
// --tablebase measures) and its plot; a second --from of that folder keeps them.
func TestTablebaseReport(t *testing.T) {
	dir := t.TempDir()
	tables := filepath.Join(dir, "tables")
	if err := os.Mkdir(tables, 0o755); err != nil {
		t.Fatal(err)
	}
	csv := writeTestTables(t, tables, "KQvK", "KNvK")
	meta := bench.Meta{Date: "2026-01-02T03:04:05Z", CPU: "Fixture CPU", Cores: 2, Command: "bench"}
	if err := writeReports(dir, meta, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	if status := run([]string{"--from", dir, "--out", out, "--paper", filepath.Join(dir, "none"),
		"--tablebase-csv", csv, "--tablebase", tables, "--probes", "256"}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	rows, err := readTables(filepath.Join(out, tableCSV))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Material != "KQvK" || rows[1].Material != "KNvK" {
		t.Fatalf("tablebase.csv has %+v, want KQvK and KNvK", rows)
	}
	for _, r := range rows {
		if r.ProbeNS <= 0 || r.SyzygyBytes == 0 || r.PaperBytes == 0 || r.Bytes == 0 {
			t.Errorf("%s: %+v, want bytes, references and a probe time", r.Material, r)
		}
	}
	md, err := os.ReadFile(filepath.Join(out, mdName))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "## The tablebase beside the paper's Table 5") || !strings.Contains(string(md), "| KQvK | 46137 | 117 |") {
		t.Errorf("report lacks the tablebase section:\n%s", md)
	}
	if _, err := os.Stat(filepath.Join(out, tableSVG)); err != nil {
		t.Error(err)
	}

	again := filepath.Join(dir, "again")
	if status := run([]string{"--from", out, "--out", again, "--paper", filepath.Join(dir, "none")}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	md2, err := os.ReadFile(filepath.Join(again, mdName))
	if err != nil {
		t.Fatal(err)
	}
	if string(md) != string(md2) {
		t.Errorf("regenerated report differs:\n%s\n----\n%s", md, md2)
	}
}

// The tablebase suite runs `tablebase build` with the pieces asked for and probes the
// tables it writes. The binary here is a script that records its arguments and copies
// tables built beforehand.
func TestTablebaseSuite(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	writeTestTables(t, src, "KRvK")
	bin := filepath.Join(dir, "tablebase")
	script := fmt.Sprintf("#!/bin/sh\necho \"$@\" > %s/args\nmkdir -p \"$4\" && cp %s/*%s \"$4\"/ && cp %s/build.csv \"$8\"\n",
		dir, src, format.FileExt, src)
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	opt := options{TBBinary: bin, TBPieces: 4, Probes: 100}
	rows, err := buildTables(context.Background(), opt, "", work, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	want := fmt.Sprintf("build -q --out %s --pieces 4 --csv %s\n", filepath.Join(work, "tables"), filepath.Join(work, "tables.csv"))
	if string(args) != want {
		t.Errorf("tablebase ran with %q, want %q", args, want)
	}
	if len(rows) != 1 || rows[0].Material != "KRvK" || rows[0].ProbeNS <= 0 {
		t.Errorf("rows %+v, want KRvK with a probe time", rows)
	}
}
