package main

import (
	"testing"

	"github.com/espresso-go/espresso/tablebase"
)

// BenchmarkAnalyse answers a position and its moves, as probe --moves and /standard do:
// one position a side with many moves, one with promotions.
func BenchmarkAnalyse(b *testing.B) {
	dir := buildTables(b, "KQvK", "KPvK")
	tb, err := tablebase.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	fens := []string{
		"8/8/8/3k4/8/8/1Q6/K7 w - - 0 1",
		"8/8/8/3k4/8/8/1Q6/K7 b - - 0 1",
		"8/P7/8/8/8/8/8/K6k w - - 0 1",
	}
	moves := 0
	for _, fen := range fens {
		a, err := analyse(tb, fen, true)
		if err != nil {
			b.Fatal(err)
		}
		moves += len(a.Moves)
	}
	for range 1000 { // past the tables' first probes, which build their lookup structure
		for _, fen := range fens {
			analyse(tb, fen, true)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, fen := range fens {
			if _, err := analyse(tb, fen, true); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*moves), "ns/move")
}
