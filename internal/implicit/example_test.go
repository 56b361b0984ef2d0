package implicit_test

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/implicit"
)

// The primes of f(a, b, c) = ab + a'c are ab, a'c and the consensus bc.
func ExampleCount() {
	cube, _ := cover.NewCube(3, []int{1})
	cubeOf := func(a, b, c int) cover.Set {
		s := cube.NewSet()
		cover.SetInput(s, 0, a)
		cover.SetInput(s, 1, b)
		cover.SetInput(s, 2, c)
		s.Insert(6) // the output
		return s
	}
	F := cover.FromSets(cube.Size, []cover.Set{
		cubeOf(cover.One, cover.One, cover.Dash),
		cubeOf(cover.Zero, cover.Dash, cover.One),
	})
	n, err := implicit.Count(cube, F, nil, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(n, "primes")
	// Output:
	// 3 primes
}
