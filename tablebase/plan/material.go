package plan

// This file says which materials a plan holds: the five-piece materials a solve reads,
// and the squares of the white king that slice a table.

import (
	"slices"

	"github.com/espresso-go/espresso/chess"
)

// fileDependencies returns the materials, as stored, whose values files the solve of m
// reads (and so solved by jobs of their own, earlier): those with as many pieces as m, the
// promotions without a capture. The solve solves its smaller dependencies in memory, a
// 4-piece material's in a second and a few megabytes; a 4-piece dependency solved in
// memory would take its whole table with distances, two bytes a position, and its own
// dependencies' (KPvKP's solve peaked at 1 329 MiB so, and at 47 MiB with its promotions
// read from their values files).
func fileDependencies(m chess.Material) []chess.Material {
	var out []chess.Material
	add := func(d chess.Material) {
		d = d.Stored()
		if slices.ContainsFunc(out, func(o chess.Material) bool { return o.String() == d.String() }) {
			return
		}
		out = append(out, d)
	}
	for j := 2; j < m.NumPieces(); j++ {
		if m.Pieces[j].Kind != chess.Pawn {
			continue
		}
		for k := chess.Queen; k <= chess.Knight; k++ {
			d := chess.Material{Pieces: slices.Clone(m.Pieces)}
			d.Pieces[j].Kind = k
			add(d)
		}
	}
	return out
}

// SliceSquares returns the squares of the white king whose slices make m's table, a8 = 0
// ... h1 = 63: those of the representatives of chess.Canonical's classes (the a8-d8-d5
// triangle without pawns, files a to d with pawns), or all 64 when board is false (the
// table does not use BoardSymmetry).
func SliceSquares(m chess.Material, board bool) []int {
	transforms := 8
	if m.HasPawns() {
		transforms = 2
	}
	if !board {
		transforms = 1
	}
	var out []int
	for s := range 64 {
		least := s
		for t := 1; t < transforms; t++ {
			least = min(least, chess.Transform(m, t, s)&63)
		}
		if least == s {
			out = append(out, s)
		}
	}
	return out
}
