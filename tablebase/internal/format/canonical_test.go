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
		c := NewCanonicalizer(m)
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
		c := NewCanonicalizer(m)
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
