package cover_test

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
)

// Build the cover of f(a, b, c) = ab + c' with one output, complement it
// (a'c + b'c, written by FormatCube as 2.3's debugging output writes
// cubes), and check that the cover and its complement together are a
// tautology.
func Example() {
	cube, err := cover.NewCube(3, []int{1}) // a, b, c, and one output
	if err != nil {
		fmt.Println(err)
		return
	}
	output := cube.FirstPart[3]
	cubeOf := func(a, b, c int) cover.Set {
		s := cube.NewSet()
		cover.SetInput(s, 0, a)
		cover.SetInput(s, 1, b)
		cover.SetInput(s, 2, c)
		s.Insert(output)
		return s
	}
	F := cover.FromSets(cube.Size, []cover.Set{
		cubeOf(cover.One, cover.One, cover.Dash),
		cubeOf(cover.Dash, cover.Dash, cover.Zero),
	})
	R, err := cube.Complement(cube.NewCubeList(F), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for p := range R.All() {
		fmt.Println(cube.FormatCube(p))
	}
	fmt.Println("F + R is a tautology:", cube.Tautology(cube.NewCubeList(F, R)))
	fmt.Println("F alone:", cube.Tautology(cube.NewCubeList(F)))
	// Output:
	// 0-1 1
	// -01 1
	// F + R is a tautology: true
	// F alone: false
}
