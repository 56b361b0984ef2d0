package tablebase_test

import (
	"errors"
	"io/fs"
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

// relaxedSpecs are the tables TestResolveCaptures builds with their captures resolved:
// every table of three pieces (with every combination of symmetries), and three of four
// whose captures lead into them, KRvKP's with capture-promotions. A losses-first order
// makes the most of the relaxation: its first cover takes every position that may read
// as a loss.
func relaxedSpecs() []tbtest.Spec {
	ldw := [3]chess.Status{chess.Loss, chess.Draw, chess.Win}
	return append(append([]tbtest.Spec(nil), tbtest.Specs3...),
		tbtest.Spec{Material: "KQvKR", Sym: format.BoardSymmetry, Order: ldw},
		tbtest.Spec{Material: "KRvKP", Sym: format.BoardSymmetry, Order: ldw},
		tbtest.Spec{Material: "KNvKN", Sym: format.BoardSymmetry | format.ColourSymmetry, Order: ldw},
	)
}

// TestResolveCaptures probes tables built with their captures resolved (tbtest's relaxed
// tree tables, whose stored values are wrong wherever a capture attains the value and a
// lower one made a cover simpler) with Options.ResolveCaptures, and compares with the
// solved tables: every position of three pieces, random ones of four, both colours. It
// checks that the relaxed tables do store wrong values, that a Tablebase opened without
// the option refuses them, and that the exact tables answer the same with it as without.
func TestResolveCaptures(t *testing.T) {
	specs := relaxedSpecs()
	relaxed := tbtest.RelaxedDir(t, specs)
	exact := tbtest.Dir(t, specs)
	total := 0
	for _, s := range specs {
		r, err := format.ReadFile(relaxed + "/" + format.FileName(chess.MustParseMaterial(s.Material)))
		if err != nil {
			t.Fatal(err)
		}
		ct := tbtest.Solved(t, s.Material)
		canon := format.NewCanonicalizer(r.Material, r.Symmetry)
		wrong, stored := 0, 0
		rng := rand.New(rand.NewPCG(5, 7))
		for i := range min(ct.Len(), 1<<16) {
			x := i // every position of three pieces, a sample of four
			if ct.Len() > 1<<16 {
				x = rng.IntN(ct.Len())
			}
			v := ct.Probe(x).Status
			if v != chess.Win && v != chess.Draw && v != chess.Loss || r.Symmetry&format.ColourSymmetry != 0 && r.Material.Layout().SideToMove(uint32(x)) != chess.White || !canon.IsRepresentative(uint32(x)) {
				continue
			}
			stored++
			if got := r.Lookup(uint32(x)); got != v {
				wrong++
			}
		}
		t.Logf("%s: %d of %d stored positions (a sample) read wrong without the captures", s.Material, wrong, stored)
		if wrong == 0 && s.Order[0] == chess.Loss && s.Material != "KvK" {
			t.Errorf("%s: the relaxed table stores every value right: it tests nothing", s.Material)
		}
		total += wrong
	}
	if total == 0 {
		t.Errorf("the relaxed tables store every value right: they test nothing")
	}

	plain, err := tablebase.Open(relaxed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plain.ProbeFEN("8/8/8/4k3/8/8/8/KQ6 w - - 0 1"); !errors.Is(err, tablebase.ErrCapturesResolved) {
		t.Errorf("a relaxed table probed search-free: error %v, want ErrCapturesResolved", err)
	}

	rng := rand.New(rand.NewPCG(5, 7))
	for _, dir := range []string{relaxed, exact} {
		tb, err := tablebase.OpenWith(dir, tablebase.Options{ResolveCaptures: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range specs {
			for _, name := range []string{s.Material, twin(s.Material)} {
				var xs []int // every position of three pieces
				if m := chess.MustParseMaterial(name); m.NumPieces() > 3 {
					xs = make([]int, 20000)
					for i := range xs {
						xs[i] = rng.IntN(m.Size())
					}
				}
				checkPositions(t, tb, name, xs)
			}
		}
	}
}

// TestResolveCapturesEnPassant probes, with the captures resolved, random positions of
// KPvKP with an en passant square, in the built KPvKP of $TABLEBASE_DIR beside a relaxed
// KPvK (the en passant captures' table), and compares with the built tables probed
// search-free. CI's set has no KPvKP: there it is skipped (solving KPvKP costs more than
// the rest of the package's tests).
func TestResolveCapturesEnPassant(t *testing.T) {
	built := tbref.Dir(t, "TABLEBASE_DIR", "tablebase build --out DIR KPvK KPvKP")
	exact, err := tablebase.Open(built)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(built, "KPvKP"+format.FileExt))
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("$TABLEBASE_DIR has no KPvKP (tablebase build --out DIR KPvK KPvKP)")
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "KPvKP"+format.FileExt), data, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := (&chess.Solver{}).Captures(chess.MustParseMaterial("KPvK"))
	if err != nil {
		t.Fatal(err)
	}
	kpk := tbtest.RelaxedTreeTable(tbtest.Solved(t, "KPvK"), c, format.BoardSymmetry, [3]chess.Status{chess.Loss, chess.Draw, chess.Win})
	if err := format.WriteFile(filepath.Join(dir, "KPvK"+format.FileExt), kpk); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.OpenWith(dir, tablebase.Options{ResolveCaptures: true})
	if err != nil {
		t.Fatal(err)
	}
	m := chess.MustParseMaterial("KPvKP")
	rng := rand.New(rand.NewPCG(9, 11))
	probed := 0
	for probed < 2000 {
		p := tbref.RandomPosition(m, rng)
		// The pawn of the side not to move on its fourth rank, as after a double push.
		for _, pl := range p.Pieces {
			if pl.Piece.Kind == chess.Pawn && pl.Piece.Colour != p.SideToMove {
				p.EnPassant = pl.Square + 8
				if pl.Piece.Colour == chess.Black {
					p.EnPassant = pl.Square - 8
				}
			}
		}
		if p.Check() != nil {
			continue
		}
		want, err := exact.Probe(&p)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := tb.Probe(&p); err != nil || got != want {
			t.Fatalf("%s: %v (error %v), want %v", p.FEN(), got, err, want)
		}
		probed++
	}
}
