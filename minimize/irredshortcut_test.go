package minimize

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/suite"
	"github.com/espresso-go/espresso/mincov"
)

// tableRows lists the rows of m in order, each as its columns: the table
// without its row numbers, which nothing after it reads.
func tableRows(m *mincov.Matrix) [][]int {
	var rows [][]int
	for r := m.FirstRow(); r != nil; r = r.Next() {
		rows = append(rows, r.Cols())
	}
	return rows
}

// blockRandom returns random ON- and DC-sets of nF and nD cubes, each
// with literals in only one of three blocks of the binary variables: the
// covering of such a function meets the same subproblem again and again,
// as on ex4 and x2dn.
func blockRandom(c *cover.Cube, rng *rand.Rand, nF, nD int) (F, D *cover.Cover) {
	cube := func() cover.Set {
		s := c.FullSet.Clone()
		block := rng.IntN(3)
		for v := block; v < c.NumBinaryVars; v += 3 {
			switch rng.IntN(3) {
			case 0:
				s.Remove(c.FirstPart[v])
			case 1:
				s.Remove(c.FirstPart[v] + 1)
			}
		}
		for v := c.NumBinaryVars; v < c.NumVars; v++ {
			for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
				if rng.IntN(2) == 0 && c.LastPart[v] > c.FirstPart[v] {
					s.Remove(i)
				}
			}
			if s.Disjoint(c.VarMask[v]) {
				s.Insert(c.FirstPart[v] + rng.IntN(c.LastPart[v]-c.FirstPart[v]+1))
			}
		}
		return s
	}
	F, D = c.NewCover(nF), c.NewCover(nD)
	for i := 0; i < nF; i++ {
		F.Append(cube())
	}
	for i := 0; i < nD; i++ {
		D.Append(cube())
	}
	return F, D
}

// TestIrredTableSameAsLiteral checks that the table builder gives the
// table of 2.3's own recursion (literalDeriveTable), up to row numbers:
// its flat lists and counts carried down (irredlist.go), the cubes of Rp
// it skips as covered by the cubes not redundant (each, or all at once
// once those cover the whole function), the index of the cubes meeting
// each cube, and the repeated rows and subproblems it leaves out once a
// row dominance is certain (irredshortcut.go). The covering tables of the primes of random
// functions are built with and without the shortcuts, reducing every
// dominanceEvery rows as 2.3 does every 1000: small values make the
// shortcuts run on small functions.
func TestIrredTableSameAsLiteral(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	shapes := []struct {
		binary int
		mv     []int
	}{
		{5, []int{2}},
		{6, []int{1}},
		{6, []int{3}},
		{4, []int{3, 3}},
		{7, []int{2}},
		{9, []int{2}},
		{12, []int{3}},
	}
	var functions, tables, rows, skippedNodes, skippedRows, skippedEmpty, skippedCovered, skippedWhole int
	for _, sh := range shapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 40; iter++ {
			var F, D *cover.Cover
			if iter%2 == 0 && sh.binary <= 7 {
				F, D, _ = exactRandom(c, rng, 2+rng.IntN(10), rng.IntN(4))
			} else {
				F, D = blockRandom(c, rng, 6+rng.IntN(10), rng.IntN(3))
			}
			r := NewRun(c, nil)
			P := r.Primes(c.NewCubeList(F, D))
			E, _, Rp := must3(t)(r.irredSplit(P, D, nil))
			functions++
			for _, every := range []int{0, 2, 10, 1000} {
				want := tableRows(literalDeriveTable(c, r.listArena(), D, E, Rp, every))
				for k, from := range []int{math.MaxInt, 0, 3} {
					// The index of the cubes meeting each cube, or not.
					index := []int{0, math.MaxInt}[(iter+k)%2]
					ft := &ftaut{cube: c, table: mincov.NewMatrix(),
						dominanceEvery: every, from: deriveFrom{shortcut: from, index: index, union: index}}
					if k != 1 {
						// F and D cover every prime.
						ft.whole, ft.from.whole = F, 1
					}
					got := tableRows(ft.deriveTable(D, E, Rp))
					if !slices.EqualFunc(got, want, slices.Equal) {
						t.Fatalf("cube %v, F=%v D=%v, reducing every %d rows, shortcuts from %d, index from %d:\ntable %v\n2.3's table %v",
							sh, F.Sets(), D.Sets(), every, from, index, got, want)
					}
					tables++
					rows += len(want)
					skippedNodes += ft.skippedNodes
					skippedRows += ft.skippedRows
					skippedEmpty += ft.skippedEmpty
					skippedCovered += ft.skippedCovered
					skippedWhole += ft.skippedWhole
				}
			}
		}
	}
	if skippedNodes == 0 || skippedRows == 0 || skippedEmpty == 0 || skippedCovered == 0 || skippedWhole == 0 {
		t.Fatalf("%d subproblems (%d without rows), %d rows, %d covered cubes and %d after the whole function left out: the test shows nothing",
			skippedNodes, skippedEmpty, skippedRows, skippedCovered, skippedWhole)
	}
	t.Logf("%d functions, %d tables of %d rows: %d subproblems (%d without rows), %d rows, %d covered cubes and %d after the whole function left out, same tables",
		functions, tables, rows, skippedNodes, skippedEmpty, skippedRows, skippedCovered, skippedWhole)
}

// TestIrredTableSuiteTables checks the table builder against 2.3's
// recursion on the prime tables of al2 and intb (-Dexact and -Dqm build
// them), where 2.3's own schedule of a reduction every 1000 rows takes the
// shortcuts, and on a smaller schedule.
func TestIrredTableSuiteTables(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the tables of intb take seconds")
	}
	for _, name := range []string{"al2", "intb"} {
		p := suite.ReadPLA(t, name)
		c := p.Cube
		r := NewRun(c, nil)
		P := r.Primes(c.NewCubeList(p.F, p.D))
		E, _, Rp := must3(t)(r.irredSplit(P, p.D, nil))
		for _, every := range []int{1000, 100} {
			want := tableRows(literalDeriveTable(c, r.listArena(), p.D, E, Rp, every))
			ft := &ftaut{cube: c, table: mincov.NewMatrix(),
				dominanceEvery: every, whole: p.F,
				from: deriveFrom{shortcut: shortcutFrom, index: meetIndexFrom, union: unionFrom, whole: wholeCheckFrom}}
			got := tableRows(ft.deriveTable(p.D, E, Rp))
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%s, reducing every %d rows: the table differs (%d rows, 2.3's %d)",
					name, every, len(got), len(want))
			}
			if ft.skippedNodes+ft.skippedRows == 0 || ft.skippedCovered == 0 {
				t.Fatalf("%s, reducing every %d rows: no shortcut taken or no prime covered, the test shows nothing", name, every)
			}
			t.Logf("%s, reducing every %d rows: %d primes, %d rows; %d subproblems, %d rows and %d covered primes left out, same table",
				name, every, P.Count, len(want), ft.skippedNodes, ft.skippedRows, ft.skippedCovered)
		}
	}
}
