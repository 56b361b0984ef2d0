package tablebase_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/format"
)

// TestProbeFiveSample probes each five-piece table of the build directory
// $TABLEBASE_FIVE_DIR (its table files, and the values files under values/ that its
// slices were built from) at $TABLEBASE_FIVE_SAMPLE random legal positions (default a
// million) of the material the file holds and as many of its colour twin, against the
// values file: every one must get its value. A long check: CI builds no five-piece
// table (the cheapest, KNNvK, takes minutes and gigabytes), so it runs where
// $TABLEBASE_FIVE_DIR is set and is skipped elsewhere, CI included. With
// $TABLEBASE_FIVE_RESOLVE set, the tables are opened with Options.ResolveCaptures, as a
// build with --captures-resolved is probed (the tables its captures lead to, of fewer
// pieces, in the same directory).
func TestProbeFiveSample(t *testing.T) {
	dir := os.Getenv("TABLEBASE_FIVE_DIR")
	if dir == "" {
		t.Skip("TABLEBASE_FIVE_DIR names no build directory of five-piece tables (tablebase build --out DIR KQRvKR)")
	}
	sample := 1000000
	if s := os.Getenv("TABLEBASE_FIVE_SAMPLE"); s != "" {
		var err error
		if sample, err = strconv.Atoi(s); err != nil || sample <= 0 {
			t.Fatalf("TABLEBASE_FIVE_SAMPLE=%q: want a positive number", s)
		}
	}
	tb, err := tablebase.OpenWith(dir, tablebase.Options{ResolveCaptures: os.Getenv("TABLEBASE_FIVE_RESOLVE") != ""})
	if err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"+format.FileExt))
	tables := 0
	for _, name := range names {
		m := chess.MustParseMaterial(strings.TrimSuffix(filepath.Base(name), format.FileExt))
		if m.NumPieces() != 5 {
			continue
		}
		tables++
		start := time.Now()
		vr, err := chess.OpenValuesFile(filepath.Join(dir, "values", chess.ValuesName(m)))
		if err != nil {
			t.Fatal(err)
		}
		values, err := vr.ReadAll()
		vr.Close()
		if err != nil {
			t.Fatal(err)
		}
		if values.Material().String() != m.String() {
			t.Fatalf("%s: the values file holds %v", filepath.Base(name), values.Material())
		}
		rng := rand.New(rand.NewPCG(5, uint64(tables)))
		for _, mm := range []string{m.SyzygyName(), twin(m.SyzygyName())} {
			probed := chess.MustParseMaterial(mm)
			bad := 0
			for range sample {
				p := tbref.RandomPosition(probed, rng)
				want := values.At(valuesIndex(m, p, mm != m.SyzygyName()))
				got, err := tb.Probe(&p)
				if err != nil || got != valueOf(want) {
					if bad++; bad <= 3 {
						t.Errorf("%s: %s probed as %v (error %v), want %v", mm, p.FEN(), got, err, want)
					}
				}
			}
			t.Logf("%-7s %d random legal positions through %s, %d wrong", mm, sample, filepath.Base(name), bad)
		}
		t.Logf("%s: %v", filepath.Base(name), time.Since(start).Round(time.Second))
	}
	if tables == 0 {
		t.Errorf("%s: no five-piece table file", dir)
	}
}

// valuesIndex returns the index in m's values file of position p, a position of m or,
// when swapped is set, of m with the colours swapped: the side to move, then six bits a
// piece in m's order, a piece of p taking the first free place of its kind and colour.
func valuesIndex(m chess.Material, p tablebase.Position, swapped bool) int {
	n := m.NumPieces()
	stm := p.SideToMove
	if swapped {
		stm ^= 1
	}
	l := m.Layout()
	x := int(stm) << l.StmShift()
	used := make([]bool, n)
	for _, pl := range p.Pieces {
		pc, sq := pl.Piece, pl.Square
		if swapped {
			pc.Colour, sq = 1-pc.Colour, sq^56
		}
		for j, q := range m.Pieces {
			if q == pc && !used[j] {
				used[j] = true
				x |= sq << l.Shift(j)
				break
			}
		}
	}
	return x
}
