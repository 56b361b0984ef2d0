package tablebase

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
		c := newCanonicalizer(m)
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
			if got := c.canonical(uint32(y)); int(got) != want {
				t.Fatalf("%s: canonical(%d) = %d, chess.Canonical %d", name, y, got, want)
			}
			if c.isRepresentative(uint32(y)) != (want == y) {
				t.Fatalf("%s: isRepresentative(%d) = %v, chess.Canonical %d", name, y, !(want == y), want)
			}
		}
	}
}
