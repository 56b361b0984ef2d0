package cover

import (
	"strings"
	"testing"
)

// Cost rules (cover_cost): In counts the missing parts of binary variables,
// Out the output parts taken, MV the parts taken of a sparse variable; the
// parenthesised count is of the cubes not flagged Prime.
func TestCoverCost(t *testing.T) {
	bin, err := NewCube(3, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	f := bin.NewCover(2)
	f.Append(caParse(t, bin, "1-0 10")).SetFlag(Prime) // 2 input literals, 1 output
	f.Append(caParse(t, bin, "--1 11"))                // 1 input literal, 2 outputs
	mv, err := NewCube(1, []int{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	g := mv.NewCover(1)
	p := mv.NewSet()
	SetInput(p, 0, Zero)
	p.Insert(mv.FirstPart[1])
	p.Insert(mv.FirstPart[1] + 2)
	p.Insert(mv.FirstPart[2] + 1)
	g.Append(p)
	tests := []struct {
		cb   *Cube
		f    *Cover
		want Cost
		text string
	}{
		{bin, f, Cost{Cubes: 2, In: 3, Out: 3, Total: 6, Primes: 1}, "c=2(1) in=3 out=3 tot=6"},
		{bin, bin.NewCover(0), Cost{}, "c=0(0) in=0 out=0 tot=0"},
		{mv, g, Cost{Cubes: 1, In: 1, MV: 2, Out: 1, Total: 4}, "c=1(1) in=1 mv=2 out=1"},
	}
	for _, tc := range tests {
		got := tc.cb.CoverCost(tc.f)
		if got != tc.want {
			t.Errorf("CoverCost = %+v, want %+v", got, tc.want)
		}
		if s := tc.cb.FormatCost(got); s != tc.text {
			t.Errorf("FormatCost = %q, want %q", s, tc.text)
		}
	}
	var b strings.Builder
	if err := bin.SizeStamp(&b, f, "NAME"); err != nil || b.String() != "# NAME\tCost is c=2(1) in=3 out=3 tot=6\n" {
		t.Errorf("SizeStamp wrote %q, %v", b.String(), err)
	}
}
