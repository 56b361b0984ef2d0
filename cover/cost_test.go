package cover

import (
	"math/rand/v2"
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
	f.Append(tbParse(t, bin, "1-0 10")).SetFlag(Prime) // 2 input literals, 1 output
	f.Append(tbParse(t, bin, "--1 11"))                // 1 input literal, 2 outputs
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
	if err := bin.sizeStamp(&b, f, "NAME"); err != nil || b.String() != "# NAME\tCost is c=2(1) in=3 out=3 tot=6\n" {
		t.Errorf("sizeStamp wrote %q, %v", b.String(), err)
	}
}

// TestCoverCostCounts checks CoverCost, which counts each cube's parts,
// against cover_cost as 2.3 writes it, over massive_count's zeros per
// variable, on random covers with void variables and with sparse and
// dense multiple-valued variables.
func TestCoverCostCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	for _, c := range append(tbSmallShapes(t), tbShapes(t)...) {
		for n := 0; n < 100; n++ {
			for v := c.NumBinaryVars; v < c.NumVars-1; v++ {
				c.Sparse[v] = r.IntN(2) == 0
			}
			f := tbRandCover(r, c, r.IntN(12), 0.5)
			for p := range f.All() {
				if r.IntN(4) == 0 {
					p.Diff(p, c.VarMask[r.IntN(c.NumVars)]) // a void variable
				}
				if r.IntN(2) == 0 {
					p.SetFlag(Prime)
				}
			}
			d := tbMassiveCount(c, c.NewCubeList(f))
			want := Cost{Cubes: f.Count}
			for v := 0; v < c.NumBinaryVars; v++ {
				want.In += d.VarZeros[v]
			}
			for v := c.NumBinaryVars; v < c.NumVars-1; v++ {
				if c.Sparse[v] {
					want.MV += f.Count*c.PartSize[v] - d.VarZeros[v]
				} else {
					want.MV += d.VarZeros[v]
				}
			}
			if c.NumBinaryVars != c.NumVars {
				v := c.NumVars - 1
				want.Out = f.Count*c.PartSize[v] - d.VarZeros[v]
			}
			for p := range f.All() {
				if p.Test(Prime) {
					want.Primes++
				}
			}
			want.Total = want.In + want.Out + want.MV
			if got := c.CoverCost(f); got != want {
				t.Fatalf("%d vars, cover %d: CoverCost = %+v, want %+v", c.NumVars, n, got, want)
			}
		}
	}
}
