package minimize

import (
	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/mincov"
)

// literalTable is irred_derive_table as 2.3 runs it, a list of cubes
// copied at every node of ftautology, without the shortcuts: the oracle
// for the incremental recursion of irredmatrix.go.
type literalTable struct {
	cube           *cover.Cube
	table          *mincov.Matrix
	arena          *cover.CubeListArena
	current        int
	dominanceEvery int
	rowsSince      int
	d              cover.ColumnCounts
	ceil, temp     cover.Set
}

func literalDeriveTable(cube *cover.Cube, arena *cover.CubeListArena, D, E, Rp *cover.Cover, dominanceEvery int) *mincov.Matrix {
	lt := &literalTable{cube: cube, table: mincov.NewMatrix(), arena: arena, dominanceEvery: dominanceEvery,
		ceil: cube.NewSet(), temp: cube.NewSet()}
	list := redundantList(cube, D, E, Rp)
	for i := 0; i < Rp.Count; i++ {
		p := Rp.At(i)
		lt.current = p.Size()
		before := lt.table.NumRows()
		m := arena.Mark()
		lt.tautology(arena.Cofactor(list, p))
		arena.Release(m)
		p.ResetFlag(cover.Redundant)
		lt.rowsSince += lt.table.NumRows() - before
		if lt.rowsSince > lt.dominanceEvery {
			lt.table.RowDominanceSince(-1)
			lt.rowsSince = 0
		}
	}
	return lt.table
}

func (lt *literalTable) tautology(T cover.CubeList) {
	if d := lt.specialCases(&T); d != nil {
		a := lt.arena
		m := a.Mark()
		cl, cr := a.NewSet(), a.NewSet()
		best := lt.cube.BinateSplitSelect(T, d, cl, cr)
		lt.tautology(a.CofactorVar(T, cl, best))
		lt.tautology(a.CofactorVar(T, cr, best))
		a.Release(m)
	}
}

func (lt *literalTable) specialCases(T *cover.CubeList) *cover.ColumnCounts {
	cube := lt.cube
	for _, p := range T.Cubes {
		if !p.Test(cover.Redundant) && cube.FullRow(p, T.Cof) {
			return nil
		}
	}
	for {
		d := &lt.d
		cube.MassiveCountInto(d, *T)
		if d.VarsUnate == d.VarsActive {
			rownum := 0
			if last := lt.table.LastRow(); last != nil {
				rownum = last.Num + 1
			}
			lt.table.Insert(rownum, lt.current)
			for _, p := range T.Cubes {
				if p.Test(cover.Redundant) && cube.FullRow(p, T.Cof) {
					lt.table.Insert(rownum, p.Size())
				}
			}
			return nil
		}
		if d.VarsUnate == 0 {
			return d
		}
		lt.ceil.Clear()
		for v := 0; v < cube.NumVars; v++ {
			if d.IsUnate[v] {
				lt.ceil.Or(lt.ceil, cube.VarMask[v])
			}
		}
		kept := T.Cubes[:0]
		for _, p := range T.Cubes {
			if lt.ceil.Implies(lt.temp.Or(p, T.Cof)) {
				kept = append(kept, p)
			}
		}
		T.Cubes = kept
	}
}
