package builder_test

import (
	"context"
	"fmt"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/builder"
)

// Build the table of KQvK. White to move always wins: the wins are one cube, the side to
// move's bit. With Black to move, the losses take 116 cubes and the draws are the rest.
func ExampleBuilder() {
	b := builder.NewBuilder(builder.Options{})
	t, rep, err := b.Build(context.Background(), chess.MustParseMaterial("KQvK"))
	if err != nil {
		panic(err)
	}
	fmt.Println("stored positions:", rep.Positions)
	fmt.Println("order:", t.Order)
	fmt.Println("cubes:", len(t.Covers[0]), len(t.Covers[1]))
	// Output:
	// stored positions: 46137
	// order: [win loss draw]
	// cubes: 1 116
}
