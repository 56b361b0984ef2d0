package tablebase_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
)

// benchTablebase returns the tables to benchmark and a 4-piece material of them: those of
// $TABLEBASE_DIR (KRvKP, or the 4-piece table with the most cubes there) when set, else
// the tree table of KNvKN (see treeTable).
func benchTablebase(b *testing.B) (*tablebase.Tablebase, chess.Material) {
	if dir := os.Getenv("TABLEBASE_DIR"); dir != "" {
		tb, err := tablebase.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		names, _ := filepath.Glob(filepath.Join(dir, "*"+format.FileExt))
		m := chess.MustParseMaterial("KRvKP")
		if _, err := os.Stat(filepath.Join(dir, format.FileName(m))); err != nil {
			most := -1
			for _, name := range names {
				t, err := format.ReadFile(name)
				if err == nil && t.Material.NumPieces() == 4 && len(t.Covers[0])+len(t.Covers[1]) > most {
					m, most = t.Material, len(t.Covers[0])+len(t.Covers[1])
				}
			}
		}
		return tb, m
	}
	specs := []tbtest.Spec{{Material: "KNvKN", Sym: format.BoardSymmetry | format.ColourSymmetry, Order: tbtest.WDL}}
	tb, err := tablebase.Open(tbtest.Dir(b, specs))
	if err != nil {
		b.Fatal(err)
	}
	return tb, chess.MustParseMaterial("KNvKN")
}

// randomPositions returns n random legal positions of material m, both sides to move.
func randomPositions(m chess.Material, n int, rng *rand.Rand) []tablebase.Position {
	ps := make([]tablebase.Position, n)
	for i := range ps {
		ps[i] = tbref.RandomPosition(m, rng)
	}
	return ps
}
