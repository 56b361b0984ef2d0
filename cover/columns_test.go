package cover

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// deleteColumnRange with n > 0 is sf_delc of first..first+n-1; with n < 0 it
// is sf_addcol of -n columns at first. Both leave cleared headers.
func TestDeleteColumnRange(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	c := NewCover(20, 150)
	for i := 0; i < 20; i++ {
		s := caRandomSet(r, 150, 4)
		s.SetFlag(Prime)
		c.Append(s)
	}
	for _, tc := range []struct{ first, n int }{{0, 3}, {10, 70}, {140, 10}, {5, -4}, {64, -70}, {150, -2}} {
		got := c.deleteColumnRange(tc.first, tc.n)
		var want *Cover
		if tc.n > 0 {
			want = c.DeleteColumns(tc.first, tc.first+tc.n-1)
		} else {
			want = c.AddColumns(tc.first, -tc.n)
		}
		if got.SetSize != c.SetSize-tc.n || got.Count != c.Count {
			t.Fatalf("%+v: size %d count %d", tc, got.SetSize, got.Count)
		}
		for i := 0; i < got.Count; i++ {
			if got.At(i).String() != want.At(i).String() || got.At(i)[0] != 0 {
				t.Fatalf("%+v: set %d = %s, want %s", tc, i, got.At(i), want.At(i))
			}
		}
	}
}

func TestCopyColumn(t *testing.T) {
	src, dst := NewCover(3, 10), NewCover(3, 70)
	for i := 0; i < 3; i++ {
		s := NewSet(10)
		if i != 1 {
			s.Insert(7)
		}
		src.Append(s)
		dst.AppendEmpty()
	}
	copyColumn(dst, 65, src, 7)
	for i, want := range []string{"[65]", "[]", "[65]"} {
		if got := dst.At(i).String(); got != want {
			t.Errorf("set %d = %s, want %s", i, got, want)
		}
	}
}

// format1 lists elements like ps1, and stops with "..." as soon as the text
// passes 105 characters.
func TestFormat1(t *testing.T) {
	s := NewSet(200).Fill(200)
	got := s.format1(224)
	if !strings.HasSuffix(got, "...]") {
		t.Fatalf("format1 = %q, want a cut list", got)
	}
	body := strings.TrimSuffix(got, "...]")
	if len(body) <= 105 || len(body[:strings.LastIndexByte(body, ',')]) > 105 {
		t.Errorf("cut at %d characters: %q", len(body), got)
	}
	small := NewSet(40)
	small.Insert(3)
	small.Insert(33)
	if got := small.format1(64); got != "[3,33]" {
		t.Errorf("format1 = %q", got)
	}
	var b strings.Builder
	c := NewCover(2, 40)
	c.Append(small)
	c.AppendEmpty()
	if err := c.Print(&b); err != nil || b.String() != "A[0] = [3,33]\nA[1] = []\n" {
		t.Errorf("Print wrote %q, %v", b.String(), err)
	}
}
