package tablebase_test

import (
	"bufio"
	"flag"
	"os"
	"testing"

	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
)

// mixFEN names a file to write the probe mix's FENs to (TestWriteProbeMix), one a line,
// for a reference prober to probe the same positions.
var mixFEN = flag.String("probemix", "", "write tbref.ProbeMix(100000)'s FENs to this file")

// mixSize is the number of positions of the probe mix, which a reference prober (Fathom
// over Syzygy's files, say) probes too (TestWriteProbeMix).
const mixSize = 100000

// BenchmarkProbeMix probes tbref.ProbeMix(100000) — 100 000 random legal positions spread
// evenly over the 35 materials of up to four pieces — in the tables of $TABLEBASE_DIR
// (tablebase build --out DIR --pieces 4), from position values (Probe) and from FENs
// (ProbeFEN). One op is one probe; the first pass over the mix, which decodes the tables
// and warms the caches, is not timed.
func BenchmarkProbeMix(b *testing.B) {
	dir := os.Getenv("TABLEBASE_DIR")
	if dir == "" {
		b.Skip("TABLEBASE_DIR names no directory of the 35 tables (tablebase build --out DIR --pieces 4)")
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	ps := tbref.ProbeMix(mixSize)
	fens := make([]string, len(ps))
	for i := range ps {
		fens[i] = ps[i].FEN()
		if _, err := tb.Probe(&ps[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("Position", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			tb.Probe(&ps[i%len(ps)])
		}
	})
	b.Run("FEN", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			tb.ProbeFEN(fens[i%len(fens)])
		}
	})
}

// TestWriteProbeMix writes the probe mix's FENs to the file -probemix names:
//
//	go test -run TestWriteProbeMix ./tablebase -probemix mix.fen
func TestWriteProbeMix(t *testing.T) {
	if *mixFEN == "" {
		t.Skip("-probemix names no file")
	}
	f, err := os.Create(*mixFEN)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for _, p := range tbref.ProbeMix(mixSize) {
		w.WriteString(p.FEN() + "\n")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
