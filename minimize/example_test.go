package minimize_test

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
)

// Minimize f(a, b) = a'b + ab with one output; the minimum cover is the
// single cube b.
func Example() {
	cube, _ := cover.NewCube(2, []int{1})
	cubeOf := func(a, b int) cover.Set {
		s := cube.NewSet()
		cover.SetInput(s, 0, a)
		cover.SetInput(s, 1, b)
		s.Insert(4) // the output
		return s
	}
	F := cover.FromSets(cube.Size, []cover.Set{
		cubeOf(cover.Zero, cover.One),
		cubeOf(cover.One, cover.One),
	})
	D := cube.NewCover(0)
	R := cover.FromSets(cube.Size, []cover.Set{cubeOf(cover.Dash, cover.Zero)})

	min, err := minimize.Espresso(cube, F, D, R, minimize.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := 0; i < min.Count; i++ {
		p := min.At(i)
		fmt.Printf("a=%d b=%d\n", cover.Input(p, 0), cover.Input(p, 1))
	}
	// Output:
	// a=3 b=2
}
