package tablebase_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/espresso-go/espresso/tablebase"
)

// Open a directory of tables (here the one table KQvK, as `tablebase build` writes it)
// and probe a position: White to move mates at once.
func Example() {
	tb, err := tablebase.Open("testdata")
	if err != nil {
		log.Fatal(err)
	}
	v, err := tb.ProbeFEN("k7/7Q/1K6/8/8/8/8/8 w - - 0 1")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v, int(v))
	// Output: win 2
}

// The colour-swapped material (KvKQ) is answered from the same file, bare kings without a
// table; the errors tell a position without a table from an illegal one.
func ExampleTablebase_ProbeFEN() {
	tb, err := tablebase.Open("testdata")
	if err != nil {
		log.Fatal(err)
	}
	for _, fen := range []string{
		"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", // Black is mated
		"kQ6/8/8/8/8/8/8/7K b - - 0 1",   // Black takes the queen: a draw
		"8/8/8/8/8/1k6/1q6/K7 w - - 0 1", // KvKQ: the white king is mated
		"8/8/8/8/8/8/8/K6k w - - 0 1",    // KvK: a draw
		"8/8/8/8/8/8/R7/K6k w - - 0 1",   // KRvK: no table in testdata
		"8/8/8/8/8/8/8/KQ5k w - - 0 1",   // Black, not to move, is in check
	} {
		v, err := tb.ProbeFEN(fen)
		var perr *tablebase.PositionError
		switch {
		case errors.Is(err, tablebase.ErrNoTable):
			fmt.Println("no table")
		case errors.As(err, &perr) && errors.Is(err, tablebase.ErrIllegal):
			fmt.Println("illegal:", perr.Reason)
		case err != nil:
			fmt.Println(err)
		default:
			fmt.Println(v)
		}
	}
	// Output:
	// loss
	// draw
	// loss
	// draw
	// no table
	// illegal: the side not to move (black) is in check
}
