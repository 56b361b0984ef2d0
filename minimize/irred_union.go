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

// covers reports whether the cubes of T cover every cube of f.
func (ft *ftaut) covers(T cover.CubeList, f *cover.Cover) bool {
	for q := range f.All() {
		if !ft.taut.CubeIsCovered(T, q) {
			return false
		}
	}
	return true
}

// wholeCovered reports whether D, E and the cubes of Rp before cube i
// cover ft.whole, and so every cube of Rp from i on: it is asked from
// cube from.whole of Rp on, each time i doubles, of the union of the cubes
// not redundant where there is one, and stays true once it is.
func (dv *derivation) wholeCovered(i int) bool {
	ft := dv.ft
	if !dv.allCovered && ft.whole != nil && i >= ft.from.whole && i&(i-1) == 0 {
		if dv.union != nil {
			dv.allCovered = unionCovers(dv.union, ft.whole)
		} else {
			dv.allCovered = ft.covers(cover.CubeList{Cof: dv.list.Cof, Cubes: dv.list.Cubes[:dv.kept+i]}, ft.whole)
		}
	}
	return dv.allCovered
}
