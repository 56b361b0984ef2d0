package plaops

import (
	"fmt"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/pla"
)

func pairString(p *pla.Pair) string {
	var b strings.Builder
	for i := range p.Var1 {
		fmt.Fprintf(&b, "(%d %d)", p.Var1[i], p.Var2[i])
	}
	return b.String()
}

// TestGenerateAllPairs checks the order in which every pairing is visited.
// The rule (generate_all_pairs): the first candidate i is paired with each
// later candidate j in turn, recursing on the rest; when the number of
// candidates is odd, the pairings leaving i out come last.
func TestGenerateAllPairs(t *testing.T) {
	tests := []struct {
		n    int
		want []string
	}{
		{0, []string{""}},
		{1, []string{""}},
		{2, []string{"(1 2)"}},
		{3, []string{"(1 2)", "(1 3)", "(2 3)"}},
		{4, []string{"(1 2)(3 4)", "(1 3)(2 4)", "(1 4)(2 3)"}},
		{5, []string{
			"(1 2)(3 4)", "(1 2)(3 5)", "(1 2)(4 5)",
			"(1 3)(2 4)", "(1 3)(2 5)", "(1 3)(4 5)",
			"(1 4)(2 3)", "(1 4)(2 5)", "(1 4)(3 5)",
			"(1 5)(2 3)", "(1 5)(2 4)", "(1 5)(3 4)",
			"(2 3)(4 5)", "(2 4)(3 5)", "(2 5)(3 4)",
		}},
	}
	for _, tc := range tests {
		cand := make([]bool, tc.n)
		for i := range cand {
			cand[i] = true
		}
		var got []string
		err := generateAllPairs(&pla.Pair{}, tc.n, cand, func(p *pla.Pair) error {
			got = append(got, pairString(p))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("n=%d: got %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestGreedyBestCost checks the greedy pairing used beyond 14 inputs: the
// pair of largest worth among the candidates left is taken first, ties
// going to the first in (i, j) order.
func TestGreedyBestCost(t *testing.T) {
	costs := [][]int{
		{0, 1, 5, 0},
		{0, 0, 2, 2},
		{0, 0, 0, 3},
		{0, 0, 0, 0},
	}
	pair, total, err := greedyBestCost(costs, 4)
	if err != nil {
		t.Fatal(err)
	}
	if got := pairString(pair); got != "(1 3)(2 4)" || total != 7 {
		t.Errorf("got %s total %d, want (1 3)(2 4) total 7", got, total)
	}
	if _, _, err := greedyBestCost([][]int{{0, -5}, {0, 0}}, 2); err == nil {
		t.Errorf("no pair of worth above -1: want an error (2.3 loops for ever)")
	}
}

// TestPow2 checks 2.3's POW2 on a 32-bit int, which opoall uses to count
// the phase assignments: x86 takes the shift count modulo 32.
func TestPow2(t *testing.T) {
	for _, tc := range []struct{ n, want int }{
		{0, 1}, {1, 2}, {5, 32}, {30, 1 << 30}, {31, -1 << 31}, {32, 1}, {38, 64}, {-2, 1 << 30},
	} {
		if got := pow2(tc.n); got != tc.want {
			t.Errorf("pow2(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
}
