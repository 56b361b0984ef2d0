package pla

import (
	"io"

	"github.com/espresso-go/espresso/cover"
)

// complement2 returns the complement of a ∪ b (complement(cube2list(a, b))),
// printing 2.3's -v compl trace to trace unless it is nil.
func complement2(c *cover.Cube, a, b *cover.Cover, trace io.Writer) (*cover.Cover, error) {
	return c.Complement(c.NewCubeList(a, b), trace)
}

// complement1 returns the complement of a (complement(cube1list(a))),
// printing 2.3's -v compl trace to trace unless it is nil.
func complement1(c *cover.Cube, a *cover.Cover, trace io.Writer) (*cover.Cover, error) {
	return c.Complement(c.NewCubeList(a), trace)
}

// d1merge merges the cubes of a at distance one in variable v (d1merge).
func d1merge(c *cover.Cube, a *cover.Cover, v int) (*cover.Cover, error) {
	return a.Distance1Merge(c.VarMask[v]), nil
}
