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
// its flat lists and counts carried down (irred_list.go), the cubes of Rp
// it skips as covered by the cubes not redundant (each, or all at once
// once those cover the whole function), the index of the cubes meeting
// each cube, and the repeated rows and subproblems it leaves out once a
// row dominance is certain (irred_shortcut.go). The covering tables of the primes of random
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
					table, rep, check := deriveWatched(ft, D, E, Rp)
					got := tableRows(table)
					if !slices.EqualFunc(got, want, slices.Equal) {
						t.Fatalf("cube %v, F=%v D=%v, reducing every %d rows, shortcuts from %d, index from %d:\ntable %v\n2.3's table %v",
							sh, F.Sets(), D.Sets(), every, from, index, got, want)
					}
					tables++
					rows += len(want)
					skippedNodes += rep.nodes
					skippedRows += rep.rows
					skippedEmpty += rep.empty
					skippedCovered += check.coveredCubes
					skippedWhole += check.wholeCovered
				}
			}
		}
	}
	if skippedNodes == 0 || skippedRows == 0 || skippedEmpty == 0 || skippedCovered == 0 || skippedWhole == 0 {
		t.Fatalf("%d subproblems (%d without rows), %d rows, %d covered cubes left out, %d tables past the whole function: the test shows nothing",
			skippedNodes, skippedEmpty, skippedRows, skippedCovered, skippedWhole)
	}
	t.Logf("%d functions, %d tables of %d rows: %d subproblems (%d without rows), %d rows, %d covered cubes left out, %d tables past the whole function, same tables",
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
			table, rep, check := deriveWatched(ft, p.D, E, Rp)
			got := tableRows(table)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%s, reducing every %d rows: the table differs (%d rows, 2.3's %d)",
					name, every, len(got), len(want))
			}
			if rep.nodes+rep.rows == 0 || check.coveredCubes == 0 {
				t.Fatalf("%s, reducing every %d rows: no shortcut taken or no prime covered, the test shows nothing", name, every)
			}
			t.Logf("%s, reducing every %d rows: %d primes, %d rows; %d subproblems, %d rows and %d covered primes left out, same table",
				name, every, P.Count, len(want), rep.nodes, rep.rows, check.coveredCubes)
		}
	}
}

// deriveWatched is ft.deriveTable(D, E, Rp), which returns as well the
// ways the derivation chose to leave out repeats and to ask whether the
// cubes not redundant cover a cube, watched.
func deriveWatched(ft *ftaut, D, E, Rp *cover.Cover) (*mincov.Matrix, *watchedRepeats, *watchedCheck) {
	dv := ft.newDerivation(redundantList(ft.cube, D, E, Rp), D.Count+E.Count, Rp)
	rep := &watchedRepeats{repeats: ft.repeats}
	check := &watchedCheck{notRedundantCheck: dv.check}
	ft.repeats, dv.check = rep, check
	return dv.deriveTable(), rep, check
}

// watchedRepeats counts what the repeats it wraps leaves out: subproblems
// (nodes), those among them that add no rows before a row dominance is
// certain (empty: met before without rows, as nothing else is left out
// then), and rows.
type watchedRepeats struct {
	repeats
	nodes, empty, rows int
}

func (w *watchedRepeats) enterNode(f *ftaut, l *ftautList) (shortcutNode, bool) {
	rows := f.cubeRows
	node, skip := w.repeats.enterNode(f, l)
	if skip {
		w.nodes++
		if f.cubeRows == rows && f.rowsSinceDominance+f.cubeRows <= f.dominanceEvery {
			w.empty++
		}
	}
	return node, skip
}

func (w *watchedRepeats) rowLeftOut(f *ftaut, cols []int) bool {
	out := w.repeats.rowLeftOut(f, cols)
	if out {
		w.rows++
	}
	return out
}

// watchedCheck counts the cubes of Rp the check it wraps finds covered by
// the cubes not redundant, and the times it finds them covering the whole
// function (the cubes of Rp from then on have no rows).
type watchedCheck struct {
	notRedundantCheck
	coveredCubes, wholeCovered int
}

func (w *watchedCheck) coveredFirst(p cover.Set) bool {
	c := w.notRedundantCheck.coveredFirst(p)
	if c {
		w.coveredCubes++
	}
	return c
}

func (w *watchedCheck) covered(p cover.Set, T cover.CubeList, before int) bool {
	c := w.notRedundantCheck.covered(p, T, before)
	if c {
		w.coveredCubes++
	}
	return c
}

func (w *watchedCheck) coversAll(f *cover.Cover, T cover.CubeList) bool {
	c := w.notRedundantCheck.coversAll(f, T)
	if c {
		w.wholeCovered++
	}
	return c
}
