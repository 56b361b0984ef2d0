package chess_test

import (
	"bytes"
	"fmt"

	"github.com/espresso-go/espresso/chess"
)

// Solve KQk and look up a position: White Kb6, Qh7 against Black Ka8. White to move mates
// at once (Qa7, Qb7 or Qh8), a win in 1 ply; after Qa7 Black is mated, a loss in 0.
func Example() {
	m, err := chess.ParseMaterial("KQvK") // the same as "KQk"
	if err != nil {
		panic(err)
	}
	t, err := chess.NewSolver().Solve(m)
	if err != nil {
		panic(err)
	}
	sq := func(name string) int {
		s, err := chess.ParseSquare(name)
		if err != nil {
			panic(err)
		}
		return s
	}
	for _, p := range []struct {
		stm        chess.Colour
		wk, bk, wq string
	}{{chess.White, "b6", "a8", "h7"}, {chess.Black, "b6", "a8", "a7"}} {
		idx, err := t.Index(p.stm, []int{sq(p.wk), sq(p.bk), sq(p.wq)})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %v\n", t.FEN(idx), t.Probe(idx))
	}
	fmt.Println(chess.StatsHeader)
	fmt.Println(t.Stats(false).CSV())
	// Output:
	// k7/7Q/1K6/8/8/8/8/8 w - - 0 1: win in 1
	// k7/Q7/1K6/8/8/8/8/8 b - - 0 1: loss in 0
	// material,syzygy_name,canonicalized,invalid,acanonical_dont_care,illegal,win,draw,loss,inputs,outputs,rows
	// KQk,KQvK,false,24320,0,131516,144508,23048,200896,19,3,524288
}

func ExampleAttacks() {
	d4, _ := chess.ParseSquare("d4")
	d6, _ := chess.ParseSquare("d6")
	occ := uint64(1)<<d4 | uint64(1)<<d6
	a := chess.Attacks(chess.Piece{Kind: chess.Rook, Colour: chess.White}, d4, occ)
	for _, name := range []string{"d5", "d6", "d7", "a4", "e5"} {
		s, _ := chess.ParseSquare(name)
		fmt.Print(name, ":", a>>s&1 != 0, " ")
	}
	fmt.Println()
	// Output: d5:true d6:true d7:false a4:true e5:false
}

// Solve KQk's win/draw/loss into a values file and read it back: the counts are those of
// the paper's Table 2; the file is a 32-byte header, 2^19 entries at two bits, and a
// CRC-32C for each of its two 64 KiB chunks.
func ExampleSolver_SolveValues() {
	v, err := chess.NewSolver().SolveValues(chess.MustParseMaterial("KQk"))
	if err != nil {
		panic(err)
	}
	var file bytes.Buffer
	if _, err := v.WriteTo(&file); err != nil {
		panic(err)
	}
	size := file.Len()
	back, err := chess.ReadValues(&file)
	if err != nil {
		panic(err)
	}
	win, draw, loss := back.Count()
	fmt.Printf("%v: %d won, %d drawn, %d lost; %d bytes\n", back.Material(), win, draw, loss, size)
	// Output: KQk: 144508 won, 23048 drawn, 200896 lost; 131112 bytes
}
