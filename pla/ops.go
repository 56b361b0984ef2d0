package pla

import (
	"github.com/espresso-go/espresso/cover"
)

// complement2 returns the complement of a ∪ b (complement(cube2list(a, b))).
func complement2(c *cover.Cube, a, b *cover.Cover) (*cover.Cover, error) {
	return c.Complement(c.NewCubeList(a, b))
}

// complement1 returns the complement of a (complement(cube1list(a))).
func complement1(c *cover.Cube, a *cover.Cover) (*cover.Cover, error) {
	return c.Complement(c.NewCubeList(a))
}

// d1merge merges the cubes of a at distance one in variable v (d1merge).
func d1merge(c *cover.Cube, a *cover.Cover, v int) (*cover.Cover, error) {
	return c.D1Merge(a, v), nil
}
