package tablebase

import (
	"github.com/espresso-go/espresso/chess"
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
)

// TestTrieMatchesScan: the lookup trie answers every stored position as the scan of the
// covers does, on the tables of up to three pieces (every position) and on a 4-piece
// table with both symmetries (a sample).
func TestTrieMatchesScan(t *testing.T) {
	specs := append(tbtest.Specs3[1:], tbtest.Spec{Material: "KNvKN", Sym: format.BoardSymmetry | format.ColourSymmetry, Order: tbtest.WDL})
	rng := rand.New(rand.NewPCG(21, 22))
	for _, s := range specs {
		ct := tbtest.Solved(t, s.Material)
		tab := tbtest.TreeTable(ct, s.Sym, s.Order)
		tr := newTable(tab)
		l := newLookup(tab)
		n := uint32(1) << tab.Material.Inputs()
		step := uint32(1)
		if n > 1<<16 {
			step = n >> 16
		}
		checked := 0
		for x := uint32(0); x < n; x += step {
			y := x
			if step > 1 {
				y = rng.Uint32N(n)
			}
			if st := ct.Probe(int(y)).Status; st != chess.Win && st != chess.Draw && st != chess.Loss ||
				tr.colourSym && y>>(6*tr.pieces) != 0 || tr.canon != nil && tr.canon.Canonical(y) != y {
				continue // not stored
			}
			checked++
			if got, want := l.value(y), wdlOf(tab.Lookup(y)); got != want {
				t.Fatalf("%s: index %d: trie %v, scan %v", s.Material, y, got, want)
			}
		}
		t.Logf("%s: %d stored positions", s.Material, checked)
	}
}

// TestTrieBuiltLazily: a table's first trieAfter probes scan its covers, and the next one
// builds the trie.
func TestTrieBuiltLazily(t *testing.T) {
	tb, err := Open(tbtest.Dir(t, tbtest.Specs3[1:2])) // KQvK
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseFEN("k7/7Q/1K6/8/8/8/8/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var key uint32
	for _, pl := range p.Pieces {
		key += materialKey(pl.Piece)
	}
	f := tb.files[key]
	for i := range trieAfter + 1 {
		if v, err := tb.Probe(&p); err != nil || v != Win {
			t.Fatalf("probe %d: %v, %v", i, v, err)
		}
		tab, err := f.table()
		if err != nil {
			t.Fatal(err)
		}
		if built := tab.whole.trie.Load() != nil; built != (i == trieAfter) {
			t.Fatalf("after %d probes the trie is built: %v", i+1, built)
		}
	}
}

// TestCountMatchesSplit: count gives, for every unit of a table and both ways of
// splitting, the copies and kept cubes split makes, on the root and on a node below it.
func TestCountMatchesSplit(t *testing.T) {
	for _, s := range tbtest.Specs3[1:] {
		tab := tbtest.TreeTable(tbtest.Solved(t, s.Material), s.Sym, s.Order)
		units := tableUnits(tab)
		cvs := [][2][]format.Cube{tab.Covers}
		if _, parts, _ := split(tab.Covers, units[1], false); len(parts[1]) > 1 {
			cvs = append(cvs, [2][]format.Cube{parts[0][1], parts[1][1]})
		}
		for ci, cv := range cvs {
			uc := count(cv, units, 0)
			for ui, u := range units {
				for _, stay := range []bool{false, true} {
					kept, _, copies := split(cv, u, stay)
					wantCopies, wantKept := uc.all[ui], 0
					if stay {
						wantCopies, wantKept = uc.stay[ui], uc.free[ui]
					}
					if copies != wantCopies || len(kept[0])+len(kept[1]) != wantKept {
						t.Errorf("%s: node %d, unit %d, stay %v: split %d copies and %d kept, count %d and %d",
							s.Material, ci, ui, stay, copies, len(kept[0])+len(kept[1]), wantCopies, wantKept)
					}
				}
			}
		}
	}
}
