package chess

import (
	"fmt"
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

// TestSorted: the solver's order is the kings, then each side's other pieces by kind
// (Q, R, B, N, P), the order of equal pieces kept; perm[j] is the original index of piece j.
func TestSorted(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		perm       []int
	}{
		{"KQk", "KQk", []int{0, 1, 2}},
		{"KPQk", "KQPk", []int{0, 1, 3, 2}},
		{"KNQkp", "KQNkp", []int{0, 1, 3, 2, 4}},
		{"KNkpr", "KNkrp", []int{0, 1, 2, 4, 3}},
		{"KPkq", "KPkq", []int{0, 1, 2, 3}},
	} {
		s, perm := MustParseMaterial(tc.name).sorted()
		if s.String() != tc.want || fmt.Sprint(perm) != fmt.Sprint(tc.perm) {
			t.Errorf("%s: %v %v, want %s %v", tc.name, s, perm, tc.want, tc.perm)
		}
	}
}

// TestMaterials: the materials of the rules, each stored and once, 5 of 3 pieces, 35 up
// to 4 and 145 up to 5, and Stored maps a material's colour twin and its pieces' other
// orders onto it.
func TestMaterials(t *testing.T) {
	for _, tc := range []struct{ pieces, want int }{{2, 0}, {3, 5}, {4, 35}, {5, 145}, {6, 145}} {
		ms := Materials(tc.pieces)
		if len(ms) != tc.want {
			t.Errorf("Materials(%d): %d materials, want %d", tc.pieces, len(ms), tc.want)
		}
		seen := map[string]bool{}
		for _, m := range ms {
			name := m.SyzygyName()
			if seen[name] || m.Stored().SyzygyName() != name {
				t.Errorf("Materials(%d): %s twice or not stored (%s)", tc.pieces, name, m.Stored().SyzygyName())
			}
			seen[name] = true
			twin, _ := m.flipped()
			if got := twin.Stored().SyzygyName(); got != name {
				t.Errorf("Stored(%s) = %s, want %s", twin.SyzygyName(), got, name)
			}
		}
	}
	for _, tc := range [][2]string{{"KRvKQ", "KQvKR"}, {"KPRvKR", "KRPvKR"}, {"KBvKQQ", "KQQvKB"}, {"KNvKB", "KBvKN"}} {
		if got := MustParseMaterial(tc[0]).Stored().SyzygyName(); got != tc[1] {
			t.Errorf("Stored(%s) = %s, want %s", tc[0], got, tc[1])
		}
	}
}
