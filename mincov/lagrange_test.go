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
	}{
		{"small", 500, 24, 16, false, true},
		{"small weighted", 500, 24, 16, true, true},
		{"medium", 150, 60, 40, false, false},
		{"medium weighted", 150, 60, 40, true, false},
	}
	for _, tc := range tests {
		pruned := 0
		for iter := 0; iter < tc.n; iter++ {
			ncols := 1 + rng.IntN(tc.maxCols)
			nrows := 1 + rng.IntN(tc.maxRows)
			rows := randomRows(rng, nrows, ncols, 0.05+0.4*rng.Float64())
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
