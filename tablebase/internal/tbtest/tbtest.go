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
	bs := format.NewCanonicalizer(t.Material(), sym)
	return treeTable(t.Material(), sym, order, func(x uint32) (chess.Status, chess.Status) {
		s := storedStatus(t, sym, bs, x)
		return s, s
	})
}

// RelaxedTreeTable is TreeTable for a probe that resolves captures: its table has
// format.CapturesResolved besides sym, and a stored position may hold any value from
// chess.LowestStored (c gives its best capture) up to its own. A cover of value o takes
// every position that may hold o, so the relaxed positions go to the first cover that
// they may.
func RelaxedTreeTable(t *chess.Table, c *chess.Captures, sym format.Symmetry, order [3]chess.Status) *format.Table {
	bs := format.NewCanonicalizer(t.Material(), sym)
	return treeTable(t.Material(), sym|format.CapturesResolved, order, func(x uint32) (chess.Status, chess.Status) {
		s := storedStatus(t, sym, bs, x)
		if s == chess.Invalid {
			return s, s
		}
		best, has := c.Best(int(x))
		return chess.LowestStored(s, best, has), s
	})
}

// treeTable returns the table of material m with symmetries sym and decision-list order
// order, where values(x) gives the range of values position x may hold: from low (for
// the side to move) to high, both chess.Invalid for a don't-care. A cover's cubes are the
// maximal aligned blocks that hold a position that may take its value and none that may
// neither take it nor, for the second cover, the first's.
func treeTable(m chess.Material, sym format.Symmetry, order [3]chess.Status, values func(x uint32) (low, high chess.Status)) *format.Table {
	tab := &format.Table{Material: m, Symmetry: sym, Order: order}
	// Per position, and per block the union of its positions': for cover i, bit 2i says
	// some position may not take the cover's value (nor, for cover 1, cover 0's), bit
	// 2i+1 says some position may take it (and, for cover 1, not cover 0's).
	may := func(low, high, s chess.Status) bool { return high <= s && s <= low } // Win < Draw < Loss
	inputs := uint(m.Inputs())
	vals := make([]uint8, 1<<inputs)
	for x := range vals {
		low, high := values(uint32(x))
		if low == chess.Invalid {
			continue
		}
		m0, m1 := may(low, high, order[0]), may(low, high, order[1])
		var f uint8
		if m0 {
			f |= 2
		} else {
			f |= 1
		}
		switch {
		case !m0 && m1:
			f |= 8
		case !m0:
			f |= 4
		}
		vals[x] = f
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
		bad, need := uint8(1)<<(2*i), uint8(2)<<(2*i)
		var walk func(l uint, x uint32)
		walk = func(l uint, x uint32) {
			v := levels[l][x]
			if v&need != 0 && v&bad == 0 {
				mask := (uint32(1)<<inputs - 1) &^ (uint32(1)<<l - 1)
				tab.Covers[i] = append(tab.Covers[i], format.Cube{Mask: mask, Bits: x << l})
				return
			}
			if l == 0 || v&need == 0 {
				return
			}
			walk(l-1, 2*x)
			walk(l-1, 2*x+1)
		}
		walk(inputs, 0)
	}
	return tab
}

// RelaxedDir writes the relaxed tree tables of specs (see RelaxedTreeTable) into a new
// directory.
func RelaxedDir(tb testing.TB, specs []Spec) string {
	tb.Helper()
	dir := tb.TempDir()
	for _, s := range specs {
		m := chess.MustParseMaterial(s.Material)
		c, err := (&chess.Solver{Workers: 2}).Captures(m)
		if err != nil {
			tb.Fatal(err)
		}
		tab := RelaxedTreeTable(Solved(tb, s.Material), c, s.Sym, s.Order)
		if err := format.WriteFile(filepath.Join(dir, format.FileName(tab.Material)), tab); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}
