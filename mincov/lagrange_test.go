package mincov

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestStrongerBoundSameCover checks the rule of lagrange.go: the search
// with the Lagrangian bound returns the very cover of the search bounded
// by 2.3's independent set alone, and (up to 16 columns) its cost is the
// brute-force optimum.
func TestStrongerBoundSameCover(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	tests := []struct {
		name                 string
		n                    int
		maxRows, maxCols     int
		weighted, bruteForce bool
		shape                string // "": random; "blocks": two blocks; "pairs": mostly rows of two columns (Gimpel's reduction)
	}{
		{"small", 500, 24, 16, false, true, ""},
		{"small weighted", 500, 24, 16, true, true, ""},
		{"medium", 150, 60, 40, false, false, ""},
		{"medium weighted", 150, 60, 40, true, false, ""},
		{"blocks", 300, 24, 16, false, true, "blocks"},
		{"blocks weighted", 300, 24, 16, true, true, "blocks"},
		{"pairs", 300, 30, 16, false, true, "pairs"},
		{"pairs medium", 100, 80, 50, false, false, "pairs"},
	}
	for _, tc := range tests {
		pruned := 0
		for iter := 0; iter < tc.n; iter++ {
			ncols := 1 + rng.IntN(tc.maxCols)
			nrows := 1 + rng.IntN(tc.maxRows)
			var rows [][]int
			switch tc.shape {
			case "blocks":
				// Columns 0..h-1 and h..ncols-1 form two blocks.
				h := max(1, ncols/2)
				rows = randomRows(rng, nrows, h, 0.1+0.4*rng.Float64())
				if ncols > h {
					for _, r := range randomRows(rng, 1+rng.IntN(tc.maxRows), ncols-h, 0.1+0.4*rng.Float64()) {
						for i := range r {
							r[i] += h
						}
						rows = append(rows, r)
					}
				}
			case "pairs":
				ncols = max(ncols, 2)
				for range nrows {
					a, b := rng.IntN(ncols), rng.IntN(ncols-1)
					if b >= a {
						b++
					}
					r := []int{min(a, b), max(a, b)}
					if rng.IntN(4) == 0 {
						r = randomRows(rng, 1, ncols, 0.3)[0]
					}
					rows = append(rows, r)
				}
			default:
				rows = randomRows(rng, nrows, ncols, 0.05+0.4*rng.Float64())
			}
			var weight []int
			if tc.weighted {
				weight = make([]int, ncols)
				for i := range weight {
					weight[i] = 1 + rng.IntN(9)
				}
			}
			m := build(rows)
			plain, err := MinimumCover(m, Options{Weight: weight, plainBound: true})
			if err != nil {
				t.Fatal(err)
			}
			strong, err := MinimumCover(m, Options{Weight: weight})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(strong.Cols(), plain.Cols()) {
				t.Fatalf("%s: rows %v weight %v: cover %v, 2.3's bound gives %v",
					tc.name, rows, weight, strong.Cols(), plain.Cols())
			}
			cost := checkCover(t, rows, weight, strong)
			if tc.bruteForce {
				if want := bruteForce(rows, ncols, weight); cost != want {
					t.Fatalf("%s: rows %v weight %v: cost %d, optimum %d", tc.name, rows, weight, cost, want)
				}
			}
			if nodes(t, m, weight, false) < nodes(t, m, weight, true) {
				pruned++
			}
		}
		t.Logf("%s: same cover on %d matrices; fewer nodes on %d", tc.name, tc.n, pruned)
	}
}

// nodes returns how many nodes the exact search of m visits.
func nodes(t *testing.T, m *Matrix, weight []int, plain bool) int {
	var n int
	if _, err := MinimumCover(m, Options{Weight: weight, plainBound: plain, nodes: &n}); err != nil {
		t.Fatal(err)
	}
	return n
}
