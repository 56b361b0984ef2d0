package mincov

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/espresso-go/espresso/cover"
)

// bruteForce returns the least cost of a set of columns meeting every row,
// by enumerating all subsets of the columns 0..ncols-1.
func bruteForce(rows [][]int, ncols int, weight []int) int {
	masks := make([]uint32, len(rows))
	for i, r := range rows {
		for _, c := range r {
			masks[i] |= 1 << c
		}
	}
	best := -1
	for s := uint32(0); s < 1<<ncols; s++ {
		ok := true
		for _, m := range masks {
			if m != 0 && m&s == 0 {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		cost := 0
		for v := s; v != 0; v &= v - 1 {
			cost += weightOf(weight, bits.TrailingZeros32(v))
		}
		if best < 0 || cost < best {
			best = cost
		}
	}
	return best
}

// checkCover checks that sol meets every nonempty row and returns its cost.
func checkCover(t *testing.T, rows [][]int, weight []int, sol *Row) int {
	t.Helper()
	for i, r := range rows {
		if len(r) == 0 {
			continue
		}
		if !RowOf(r...).Intersects(sol) {
			t.Fatalf("row %d %v not covered by %v", i, r, sol.Cols())
		}
	}
	cost := 0
	for _, c := range sol.Cols() {
		cost += weightOf(weight, c)
	}
	return cost
}

func randomRows(rng *rand.Rand, nrows, ncols int, density float64) [][]int {
	rows := make([][]int, nrows)
	for i := range rows {
		for c := 0; c < ncols; c++ {
			if rng.Float64() < density {
				rows[i] = append(rows[i], c)
			}
		}
		if len(rows[i]) == 0 {
			rows[i] = []int{rng.IntN(ncols)}
		}
	}
	return rows
}

func TestMinimumCoverSmall(t *testing.T) {
	tests := []struct {
		name   string
		rows   [][]int
		weight []int
		cost   int
	}{
		{"empty", nil, nil, 0},
		{"single", [][]int{{3}}, nil, 1},
		{"identity", [][]int{{0}, {1}, {2}, {3}}, nil, 4},
		{"one column covers all", [][]int{{0, 1}, {1, 2}, {1, 3}}, nil, 1},
		{"cycle of 5", [][]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}, nil, 3},
		{"cycle of 6", [][]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}}, nil, 3},
		{"weights prefer two cheap columns", [][]int{{0, 1}, {0, 2}}, []int{5, 1, 1}, 2},
		{"weights prefer one column", [][]int{{0, 1}, {0, 2}}, []int{1, 1, 1}, 1},
		{"two blocks", [][]int{{0, 1}, {1, 2}, {5, 6}, {6, 7}, {5, 7}}, nil, 3},
		{"sparse column numbers", [][]int{{100, 7}, {7, 3000}, {3000}}, nil, 2},
	}
	for _, tc := range tests {
		for _, heur := range []bool{false, true} {
			m := build(tc.rows)
			sol, err := MinimumCover(m, Options{Weight: tc.weight, Heuristic: heur})
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			cost := checkCover(t, tc.rows, tc.weight, sol)
			if !heur && cost != tc.cost {
				t.Errorf("%s: cost %d (cover %v), want %d", tc.name, cost, sol.Cols(), tc.cost)
			}
			if heur && cost < tc.cost {
				t.Errorf("%s heuristic: cost %d below the optimum %d", tc.name, cost, tc.cost)
			}
		}
	}
}

// TestMinimumCoverBruteForce checks the exact solver against enumeration
// of all column subsets on random matrices of up to 16 columns, with and
// without weights; the heuristic must give a cover no cheaper than that.
func TestMinimumCoverBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var exactOpt, heurOpt, n int
	for iter := 0; iter < 600; iter++ {
		ncols := 1 + rng.IntN(16)
		nrows := 1 + rng.IntN(24)
		density := 0.1 + 0.5*rng.Float64()
		rows := randomRows(rng, nrows, ncols, density)
		var weight []int
		if iter%2 == 1 {
			weight = make([]int, ncols)
			for i := range weight {
				weight[i] = 1 + rng.IntN(9)
			}
		}
		want := bruteForce(rows, ncols, weight)
		m := build(rows)
		before := contents(t, m)
		for _, heur := range []bool{false, true} {
			sol, err := MinimumCover(m, Options{Weight: weight, Heuristic: heur})
			if err != nil {
				t.Fatal(err)
			}
			got := checkCover(t, rows, weight, sol)
			switch {
			case !heur && got != want:
				t.Fatalf("rows %v weight %v: cost %d (cover %v), optimum %d", rows, weight, got, sol.Cols(), want)
			case heur && got < want:
				t.Fatalf("rows %v weight %v: heuristic cost %d below optimum %d", rows, weight, got, want)
			}
			if heur && got == want {
				heurOpt++
			}
			if !heur {
				exactOpt++
			}
		}
		n++
		if !reflect.DeepEqual(contents(t, m), before) {
			t.Fatal("MinimumCover changed its input")
		}
	}
	t.Logf("exact cost = brute-force optimum on %d matrices; heuristic reached the optimum on %d/%d", exactOpt, heurOpt, n)
}

func TestMinimumCoverErrors(t *testing.T) {
	m := build([][]int{{0, 4}})
	if _, err := MinimumCover(m, Options{Weight: []int{1, 1}}); err == nil {
		t.Error("short weight slice: no error")
	}
}

func TestMinimumCoverDebug(t *testing.T) {
	rows := [][]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 2}}
	var buf bytes.Buffer
	_, err := MinimumCover(build(rows), Options{
		DebugLevel: 4,
		Debug:      &buf,
		Clock:      func() time.Duration { return 1234 * time.Millisecond },
	})
	if err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	// The summary lines of sm_minimum_cover, with the time as
	// util_print_time prints it ("%ld.%02ld sec" of milliseconds).
	for _, want := range []string{
		"matrix     = 6 by 5 with 12 elements (40.000%)\n",
		"cover cost = 3\n",
		"time       = 0.00 sec\n",
		"ABSMIN[ 0]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("debug output lacks %q:\n%s", want, out)
		}
	}
	if got := printTime(1234 * time.Millisecond); got != "1.23 sec" {
		t.Errorf("printTime = %q", got)
	}
	buf.Reset()
	if _, err := MinimumCover(build(rows), Options{Debug: &buf}); err != nil || buf.Len() != 0 {
		t.Errorf("DebugLevel 0 printed %q (err %v)", buf.String(), err)
	}
}

func TestCoverSets(t *testing.T) {
	f := cover.NewCover(3, 70)
	for _, elems := range [][]int{{1, 65}, {65, 3}, {3, 69}} {
		s := f.AppendEmpty()
		for _, e := range elems {
			s.Insert(e)
		}
	}
	f.AppendEmpty() // an empty set has nothing to meet
	got, err := CoverSets(f)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if got.Disjoint(f.At(i)) {
			t.Errorf("set %d not met by the cover", i)
		}
	}
	if n := got.Count(); n != 2 {
		t.Errorf("cover has %d elements, want 2 (the optimum, which the heuristic reaches here)", n)
	}
}

// BenchmarkMinimumCover200 covers a random 200x200 matrix (5% ones)
// heuristically; an exact cover of it is out of reach, for 2.3 as well.
func BenchmarkMinimumCover200(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 11))
	m := build(randomRows(rng, 200, 200, 0.05))
	for b.Loop() {
		if _, err := MinimumCover(m, Options{Heuristic: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMinimumCoverExact covers a random 120x60 matrix (10% ones)
// exactly.
func BenchmarkMinimumCoverExact(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 11))
	m := build(randomRows(rng, 120, 60, 0.1))
	for b.Loop() {
		if _, err := MinimumCover(m, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestIndependentSetDenseSameAsLists checks that the bit-set form of
// maximalIndependentSet chooses the rows the adjacency lists choose, on
// random matrices from sparse to dense, with and without weights.
func TestIndependentSetDenseSameAsLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 3000 {
		nrows, ncols := 1+rng.IntN(60), 1+rng.IntN(150)
		density := []float64{0.01, 0.05, 0.2, 0.5}[trial%4]
		m := NewMatrix()
		for i, r := range randomRows(rng, nrows, ncols, density) {
			for _, c := range r {
				m.Insert(3*i+rng.IntN(3), c) // row numbers with gaps
			}
		}
		var weight []int
		if trial%2 == 1 {
			weight = make([]int, ncols)
			for c := range weight {
				weight[c] = 1 + rng.IntN(5)
			}
		}
		var sc indepScratch
		for r := m.firstRow; r != nil; r = r.next {
			sc.rows = append(sc.rows, r)
		}
		lists, dense := newSolution(), newSolution()
		sc.listIndependentSet(m, weight, lists)
		sc.denseIndependentSet(m, weight, dense)
		if !reflect.DeepEqual(lists.row.Cols(), dense.row.Cols()) || lists.cost != dense.cost {
			t.Fatalf("trial %d (%dx%d): lists chose %v cost %d, bit sets %v cost %d",
				trial, nrows, ncols, lists.row.Cols(), lists.cost, dense.row.Cols(), dense.cost)
		}
	}
}
