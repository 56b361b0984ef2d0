package tablebase_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
)

// Build KQvK into a directory, open it and probe positions by FEN. The colour-swapped
// material (KvKQ) is answered from the same file.
func ExampleTablebase_ProbeFEN() {
	dir, err := os.MkdirTemp("", "tb")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	m := chess.MustParseMaterial("KQvK")
	t, _, err := tablebase.NewBuilder(tablebase.BuildOptions{}).Build(context.Background(), m)
	if err != nil {
		panic(err)
	}
	if err := tablebase.WriteFile(filepath.Join(dir, tablebase.FileName(m)), t); err != nil {
		panic(err)
	}
	tb, err := tablebase.Open(dir)
	if err != nil {
		panic(err)
	}
	for _, fen := range []string{
		"k7/7Q/1K6/8/8/8/8/8 w - - 0 1",  // White mates at once
		"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", // Black is mated
		"kQ6/8/8/8/8/8/8/7K b - - 0 1",   // Black takes the queen: a draw
		"8/8/8/8/8/1k6/1q6/K7 w - - 0 1", // KvKQ: the white king is mated
		"8/8/8/8/8/8/8/K6k w - - 0 1",    // no table for KvK in dir
	} {
		v, err := tb.ProbeFEN(fen)
		if err != nil {
			fmt.Println("no table:", errors.Is(err, tablebase.ErrNoTable))
			continue
		}
		fmt.Println(v)
	}
	// Output:
	// win
	// loss
	// draw
	// loss
	// no table: true
}
