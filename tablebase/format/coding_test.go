package format

import (
	"bytes"
	"compress/flate"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// flateColumns is the baseline the range coder is measured against: each cover's cubes
// sorted, split into one stream per field and per half (masks, then bits), one byte per
// field, the streams concatenated and deflated at the best compression. It returns the
// deflated size.
func flateColumns(t *Table) int {
	shift, width := fields(t.Material.Layout())
	var raw []byte
	for _, cv := range t.Covers {
		s := sortByFields(cv, shift, width)
		for _, sh := range shift {
			for _, c := range s {
				raw = append(raw, byte(c.Mask>>sh&63))
			}
			for _, c := range s {
				raw = append(raw, byte(c.Bits>>sh&63))
			}
		}
	}
	var z bytes.Buffer
	fw, _ := flate.NewWriter(&z, flate.BestCompression)
	fw.Write(raw)
	fw.Close()
	return z.Len()
}

// TestCodingSizes compares, on the tables of $TABLEBASE_DIR, the payload of the range
// coder with the deflated column streams.
func TestCodingSizes(t *testing.T) {
	dir := os.Getenv("TABLEBASE_DIR")
	switch {
	case dir == "" && os.Getenv("CI") == "true": // as tbref.Dir, which imports this package
		t.Fatal("CI=true and $TABLEBASE_DIR is unset: it names a folder of built tables")
	case dir == "":
		t.Skip("TABLEBASE_DIR names no directory of built tables")
	}
	names, err := filepath.Glob(filepath.Join(dir, "*"+FileExt))
	if err != nil || len(names) == 0 {
		t.Fatalf("no tables in %s (%v)", dir, err)
	}
	var files, flated, ranged int
	for _, name := range names {
		tab, err := ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := encodeCoverPair(tab.Covers, tab.Material.Layout())
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		f := flateColumns(tab)
		files += int(fi.Size())
		flated += f
		ranged += len(p)
		t.Logf("%-8s cubes %6d + %6d  file %7d  payload: range-coded %7d, deflated columns %7d", tab.Material.SyzygyName(),
			len(tab.Covers[0]), len(tab.Covers[1]), fi.Size(), len(p), f)
	}
	t.Logf("%d tables: files %d bytes; payloads range-coded %d, deflated columns %d", len(names), files, ranged, flated)
}

// BenchmarkEncode encodes the largest table of $TABLEBASE_DIR.
func BenchmarkEncode(b *testing.B) {
	dir := os.Getenv("TABLEBASE_DIR")
	if dir == "" {
		b.Skip("TABLEBASE_DIR names no directory of built tables")
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"+FileExt))
	var big *Table
	for _, name := range names {
		tab, err := ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		if big == nil || len(tab.Covers[0])+len(tab.Covers[1]) > len(big.Covers[0])+len(big.Covers[1]) {
			big = tab
		}
	}
	b.Logf("%v: %d cubes", big.Material, len(big.Covers[0])+len(big.Covers[1]))
	for b.Loop() {
		if err := Encode(io.Discard, big); err != nil {
			b.Fatal(err)
		}
	}
}
