package plan

// This file says which materials a plan holds: the five-piece materials a solve reads,
// and the squares of the white king that slice a table.

import (
	"slices"

	"github.com/espresso-go/espresso/chess"
)

// fileDependencyPieces is the number of pieces from which a dependency of a solve is read
// from its values file (and so solved by a job of its own, earlier): smaller dependencies
// are solved in memory by the solve that needs them, in seconds and megabytes.
const fileDependencyPieces = 5

// fileDependencies returns the materials, as stored, whose values files the solve of m
// reads: those of fileDependencyPieces pieces or more reached by one capture, promotion,
// or promotion with a capture — with five pieces, the promotions without a capture.
func fileDependencies(m chess.Material) []chess.Material {
	var out []chess.Material
	add := func(d chess.Material) {
		d = d.Stored()
		if d.NumPieces() < fileDependencyPieces || slices.ContainsFunc(out, func(o chess.Material) bool { return o.String() == d.String() }) {
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
			// A promotion with a capture has one piece fewer: below fileDependencyPieces
			// whenever m is.
			for i := 2; i < m.NumPieces(); i++ {
				if i != j && m.Pieces[i].Colour != m.Pieces[j].Colour {
					add(chess.Material{Pieces: slices.Delete(slices.Clone(d.Pieces), i, i+1)})
				}
			}
		}
	}
	for j := 2; j < m.NumPieces(); j++ {
		add(chess.Material{Pieces: slices.Delete(slices.Clone(m.Pieces), j, j+1)})
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
