package chess

import (
	"strings"
	"testing"
)

// TestParseMaterial: both spellings give the same pieces in encoding order (kings first,
// then White's others, then Black's, in the name's order), and print back.
func TestParseMaterial(t *testing.T) {
	for _, tc := range []struct {
		in, paper, syzygy, order string
	}{
		{"KQk", "KQk", "KQvK", "KkQ"},
		{"KQvK", "KQk", "KQvK", "KkQ"},
		{"KRkp", "KRkp", "KRvKP", "KkRp"},
		{"KRvKP", "KRkp", "KRvKP", "KkRp"},
		{"KvK", "Kk", "KvK", "Kk"},
		{"KNBkq", "KNBkq", "KNBvKQ", "KkNBq"},
		{"KvKPP", "Kkpp", "KvKPP", "Kkpp"},
	} {
		in := tc.in
		m, err := ParseMaterial(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if m.String() != tc.paper || m.SyzygyName() != tc.syzygy || m.key() != tc.order {
			t.Errorf("%s: %s %s %s, want %s %s %s", in, m, m.SyzygyName(), m.key(), tc.paper, tc.syzygy, tc.order)
		}
	}
	for _, bad := range []string{"", "KQ", "kQK", "KQQQQQk", "KXk", "KQkk", "Kk v", "K", "k"} {
		if _, err := ParseMaterial(bad); err == nil || !strings.Contains(err.Error(), "bad material name") {
			t.Errorf("%q: error %v", bad, err)
		}
	}
}

// TestFlipped: swapping the colours of KRkq gives KQkr with its pieces' positions.
func TestFlipped(t *testing.T) {
	f, perm := MustParseMaterial("KRBkq").flipped()
	if f.String() != "KQkrb" || f.key() != "KkQrb" {
		t.Errorf("flipped %s (%s)", f, f.key())
	}
	want := []int{1, 0, 4, 2, 3}
	for i := range want {
		if len(perm) != len(want) || perm[i] != want[i] {
			t.Fatalf("perm %v, want %v", perm, want)
		}
	}
}
