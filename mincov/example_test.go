package mincov_test

import (
	"fmt"

	"github.com/espresso-go/espresso/mincov"
)

// Rows {0,1}, {1,2} and {3}: column 3 is needed for the last row, and
// column 1, alone, covers the other two, so {1, 3} is the only cover of
// two columns.
func ExampleMinimumCover() {
	m := mincov.NewMatrix()
	for row, cols := range [][]int{{0, 1}, {1, 2}, {3}} {
		for _, c := range cols {
			m.Insert(row, c)
		}
	}
	cover, err := mincov.MinimumCover(m, mincov.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cover.Cols())
	// Output: [1 3]
}
