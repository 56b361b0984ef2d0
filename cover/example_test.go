package cover_test

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
)

// Build the cover of f(a, b, c) = ab + c' with one output from the text
// form of its cubes (the form 2.3's debugging output writes), complement it
// (a'c + b'c), and check that the cover and its complement together are a
// tautology.
func Example() {
	cube, err := cover.NewCube(3, []int{1}) // a, b, c, and one output
	if err != nil {
		fmt.Println(err)
		return
	}
	F := cube.NewCover(2)
	for _, text := range []string{"11- 1", "--0 1"} {
		p, err := cover.ParseCube(cube, text)
		if err != nil {
			fmt.Println(err)
			return
		}
		F.Append(p)
	}
	R, err := cube.Complement(cube.NewCubeList(F), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for p := range R.All() {
		fmt.Println(cube.Format(p))
	}
	taut := cube.NewTautologyChecker()
	fmt.Println("F + R is a tautology:", taut.Tautology(cube.NewCubeList(F, R)))
	fmt.Println("F alone:", taut.Tautology(cube.NewCubeList(F)))
	// Output:
	// 0-1 1
	// -01 1
	// F + R is a tautology: true
	// F alone: false
}
