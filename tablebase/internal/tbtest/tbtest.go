// Package tbtest makes tables for the tests of the tablebase packages without the
// builder, by a rule simple enough to be sure of: a cover's cubes are the maximal aligned
// blocks of indices (a prefix of the index bits fixed, the rest free) that hold a position
// of its value and, besides don't-cares and positions of the earlier cover's value,
// nothing else.
package tbtest

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// WDL is the decision-list order win, draw, loss.
var WDL = [3]chess.Status{chess.Win, chess.Draw, chess.Loss}

// A Spec is a table a test writes: a material, its symmetries and its decision-list
// order.
type Spec struct {
	Material string
	Sym      format.Symmetry
	Order    [3]chess.Status
}

// Specs3 are the tables of up to three pieces, one per colour pair as Syzygy stores them,
// with every combination of symmetries and several decision-list orders.
var Specs3 = []Spec{
	{"KvK", format.BoardSymmetry | format.ColourSymmetry, WDL},
	{"KQvK", format.BoardSymmetry, [3]chess.Status{chess.Loss, chess.Draw, chess.Win}},
	{"KRvK", 0, [3]chess.Status{chess.Draw, chess.Loss, chess.Win}},
	{"KBvK", format.BoardSymmetry, WDL},
	{"KNvK", 0, [3]chess.Status{chess.Win, chess.Loss, chess.Draw}},
	{"KPvK", format.BoardSymmetry, [3]chess.Status{chess.Draw, chess.Win, chess.Loss}},
}

// Dir writes the tree tables of specs (see TreeTable) into a new directory.
func Dir(tb testing.TB, specs []Spec) string {
	tb.Helper()
	dir := tb.TempDir()
	for _, s := range specs {
		tab := TreeTable(Solved(tb, s.Material), s.Sym, s.Order)
		if err := format.WriteFile(filepath.Join(dir, format.FileName(tab.Material)), tab); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

var testSolver struct {
	sync.Mutex
	s *chess.Solver
}

// Solved returns the solved table of material name, cached across tests.
func Solved(tb testing.TB, name string) *chess.Table {
	tb.Helper()
	testSolver.Lock()
	defer testSolver.Unlock()
	if testSolver.s == nil {
		testSolver.s = chess.NewSolver()
		testSolver.s.Workers = 2
	}
	t, err := testSolver.s.Solve(chess.MustParseMaterial(name))
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// storedStatus returns the value of index x as a table with symmetries sym stores it:
// chess.Invalid for the positions it leaves as don't-cares.
func storedStatus(t *chess.Table, sym format.Symmetry, bs *format.Canonicalizer, x uint32) chess.Status {
	if sym&format.ColourSymmetry != 0 && t.Material().Layout().SideToMove(x) == chess.Black {
		return chess.Invalid
	}
	if sym&(format.BoardSymmetry|format.PieceSymmetry) != 0 && bs.Canonical(x) != x {
		return chess.Invalid
	}
	s := t.Probe(int(x)).Status
	if s != chess.Win && s != chess.Draw && s != chess.Loss {
		return chess.Invalid
	}
	return s
}

// TreeTable returns the table of t with symmetries sym and decision-list order order,
// its covers made of maximal aligned blocks as described above.
func TreeTable(t *chess.Table, sym format.Symmetry, order [3]chess.Status) *format.Table {
	m := t.Material()
	bs := format.NewCanonicalizer(m, sym)
	tab := &format.Table{Material: m, Symmetry: sym, Order: order}
	bit := func(s chess.Status) uint8 {
		if s == chess.Invalid {
			return 0
		}
		return 1 << (s - chess.Win)
	}
	ok := [2]uint8{bit(order[0]), bit(order[0]) | bit(order[1])}
	need := [2]uint8{bit(order[0]), bit(order[1])}
	inputs := uint(m.Inputs())
	// A block's values are computed bottom-up level by level; vals[x] for the current
	// level is the set of values in block x.
	vals := make([]uint8, 1<<inputs)
	for x := range vals {
		vals[x] = bit(storedStatus(t, sym, bs, uint32(x)))
	}
	levels := [][]uint8{vals}
	for l := uint(1); l <= inputs; l++ {
		prev := levels[l-1]
		cur := make([]uint8, len(prev)/2)
		for x := range cur {
			cur[x] = prev[2*x] | prev[2*x+1]
		}
		levels = append(levels, cur)
	}
	for i := range 2 {
		var walk func(l uint, x uint32)
		walk = func(l uint, x uint32) {
			v := levels[l][x]
			if v&need[i] != 0 && v&^ok[i] == 0 {
				mask := (uint32(1)<<inputs - 1) &^ (uint32(1)<<l - 1)
				tab.Covers[i] = append(tab.Covers[i], format.Cube{Mask: mask, Bits: x << l})
				return
			}
			if l == 0 || v&need[i] == 0 {
				return
			}
			walk(l-1, 2*x)
			walk(l-1, 2*x+1)
		}
		walk(inputs, 0)
	}
	return tab
}
