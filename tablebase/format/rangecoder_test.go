package format

import "testing"

// TestReciprocal: x*reciprocal[n]>>32 is x/(n+2) for every x below 1<<16 and every n a
// prob counts to, so that prob.update divides as it did with the division.
func TestReciprocal(t *testing.T) {
	for n := range reciprocal {
		d := uint64(n + 2)
		for x := range uint64(1 << 16) {
			if got := x * reciprocal[n] >> 32; got != x/d {
				t.Fatalf("n %d, x %d: %d, want %d", n, x, got, x/d)
			}
		}
	}
}

// TestProbUpdate: a prob adapts as the division by the count of bits seen says, from a
// new context's probInit, towards 0s and then 1s.
func TestProbUpdate(t *testing.T) {
	var p prob
	want, n := probInit, 0
	for i := range 40 {
		bit := uint32(0)
		if i >= 20 {
			bit = 1
		}
		d := n + 2
		if bit == 0 {
			want += (1<<probBits - want) / d
		} else {
			want -= want / d
		}
		want = min(max(want, 31), 1<<probBits-31)
		n = min(n+1, rateLimit)
		p.update(bit)
		if int(p.p()) != want || int(p.n) != n {
			t.Fatalf("bit %d: p %d n %d, want %d %d", i, p.p(), p.n, want, n)
		}
	}
}
