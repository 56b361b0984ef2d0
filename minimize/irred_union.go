package minimize

import (
	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/implicit"
)

// newCubeUnion returns the union of the given cubes as decision diagrams,
// or nil if the cube structure is not one package implicit handles or the
// diagrams would pass unionNodes nodes.
func newCubeUnion(cube *cover.Cube, cubes []cover.Set) *implicit.Union {
	u, err := implicit.NewUnion(cube, unionNodes)
	if err != nil {
		return nil
	}
	for _, p := range cubes {
		if u.Add(p) != nil {
			return nil
		}
	}
	return u
}

// unionCovers reports whether u covers every cube of f.
func unionCovers(u *implicit.Union, f *cover.Cover) bool {
	for q := range f.All() {
		if !u.Covers(q) {
			return false
		}
	}
	return true
}

// unionCheck asks whether the cubes not redundant cover a cube of their
// union as decision diagrams, to which each cube of Rp is added once it is
// not redundant any more; once the union passes unionNodes nodes, the
// tautology check (fallback) answers from then on.
type unionCheck struct {
	u        *implicit.Union
	fallback tautCheck
}

func (c *unionCheck) coveredFirst(p cover.Set) bool { return c.u != nil && c.u.Covers(p) }

func (c *unionCheck) covered(p cover.Set, T cover.CubeList, before int) bool {
	if c.u == nil {
		return c.fallback.covered(p, T, before)
	}
	if c.u.Add(p) != nil {
		c.u = nil // too large: the tautology check from here on
	}
	return false
}

func (c *unionCheck) coversAll(f *cover.Cover, T cover.CubeList) bool {
	if c.u == nil {
		return c.fallback.coversAll(f, T)
	}
	return unionCovers(c.u, f)
}

// wholeCovered reports whether D, E and the cubes of Rp before cube i
// cover ft.whole, and so every cube of Rp from i on: it is asked from
// cube from.whole of Rp on, each time i doubles, and stays true once it
// is.
func (dv *derivation) wholeCovered(i int) bool {
	ft := dv.ft
	if !dv.allCovered && ft.whole != nil && i >= ft.from.whole && i&(i-1) == 0 {
		dv.allCovered = dv.check.coversAll(ft.whole, cover.CubeList{Cof: dv.list.Cof, Cubes: dv.list.Cubes[:dv.kept+i]})
	}
	return dv.allCovered
}
