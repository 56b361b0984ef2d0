package format

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/chess"
)

// TestCanonical compares canonicalizer.canonical with chess.Canonical on every index of
// a 3-piece table with pawns and one without, and on random indices of 4 and 5 pieces.
func TestCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, name := range []string{"KQk", "KPk", "KRkn", "KPkp", "KQRkr", "KRPkp"} {
		m := chess.MustParseMaterial(name)
		c := NewCanonicalizer(m, BoardSymmetry)
		n := m.Size()
		step := 1
		if n > 1<<19 {
			step = n / 20000
		}
		for x := 0; x < n; x += step {
			y := x
			if step > 1 {
				y = rng.IntN(n)
			}
			want, _ := chess.Canonical(m, y)
			if got := c.Canonical(uint32(y)); int(got) != want {
				t.Fatalf("%s: canonical(%d) = %d, chess.Canonical %d", name, y, got, want)
			}
			if c.IsRepresentative(uint32(y)) != (want == y) {
				t.Fatalf("%s: isRepresentative(%d) = %v, chess.Canonical %d", name, y, !(want == y), want)
			}
		}
	}
}

func TestCanonicalizer(t *testing.T) {
	for _, name := range []string{"KQk", "KPk", "KNkn"} {
		m := chess.MustParseMaterial(name)
		c := NewCanonicalizer(m, BoardSymmetry)
		step := 1
		if m.NumPieces() > 3 {
			step = 97 // a sample of the 2^25 positions
		}
		for x := 0; x < m.Size(); x += step {
			rep, _ := chess.Canonical(m, x)
			if got := c.IsRepresentative(uint32(x)); got != (rep == x) {
				t.Fatalf("%s: isRepresentative(%d) = %v, chess.Canonical gives %d", name, x, got, rep)
			}
		}
	}
}

// TestCanonicalPieces compares Canonical and IsRepresentative under PieceSymmetry, with
// and without BoardSymmetry, with the smallest index over the orders of the identical
// pieces of the board representatives chess.Canonical gives, on random indices.
func TestCanonicalPieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, name := range []string{"KRRk", "KPPk", "KNNkp", "KQQQk", "KRRkr", "Kkpp", "KPPkp"} {
		m := chess.MustParseMaterial(name)
		groups := identicalPieces(m)
		if len(groups) == 0 {
			t.Fatalf("%s: no identical pieces found", name)
		}
		for _, sym := range []Symmetry{PieceSymmetry, PieceSymmetry | BoardSymmetry} {
			c := NewCanonicalizer(m, sym)
			reps := 0
			for range 20000 {
				x := rng.IntN(m.Size())
				want := -1
				for _, y := range orders(x, groups) {
					if sym&BoardSymmetry != 0 {
						y, _ = chess.Canonical(m, y)
					}
					if want < 0 || y < want {
						want = y
					}
				}
				if got := c.Canonical(uint32(x)); int(got) != want {
					t.Fatalf("%s, symmetries %d: Canonical(%d) = %d, want %d", name, sym, x, got, want)
				}
				if got := c.IsRepresentative(uint32(x)); got != (want == x) {
					t.Fatalf("%s, symmetries %d: IsRepresentative(%d) = %v, the class's smallest index is %d", name, sym, x, got, want)
				}
				if want == x {
					reps++
				}
				// The representative of a class is its own.
				if got := c.Canonical(uint32(want)); int(got) != want || !c.IsRepresentative(got) {
					t.Fatalf("%s, symmetries %d: %d is not its own representative (%d)", name, sym, want, got)
				}
			}
			if reps == 0 {
				t.Errorf("%s, symmetries %d: no representative among the sample", name, sym)
			}
		}
	}
}

// orders returns index x under every permutation of the squares within each set of
// identical pieces (groups as identicalPieces returns them).
func orders(x int, groups [][]uint) []int {
	out := []int{x}
	for _, g := range groups {
		var next []int
		for _, y := range out {
			for _, p := range permutations(len(g)) {
				z := y
				for i, j := range p {
					z = z&^(63<<g[i]) | (y>>g[j]&63)<<g[i]
				}
				next = append(next, z)
			}
		}
		out = next
	}
	return out
}
