package pla

import (
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestSetPairWithoutOutputs pairs the two inputs of a function of binary
// variables only (a PLA read with .mv 2 2, whose covers are empty: it can
// have no product terms). -Dpairall does this; the result is one
// four-valued variable, labelled from the pair.
func TestSetPairWithoutOutputs(t *testing.T) {
	c, err := cover.NewCube(2, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := &PLA{Cube: c, F: c.NewCover(0), D: c.NewCover(0), R: c.NewCover(0),
		Pair: &Pair{Var1: []int{1}, Var2: []int{2}}}
	if err := p.SetPair(true); err != nil {
		t.Fatal(err)
	}
	if p.Cube.NumBinaryVars != 0 || p.Cube.NumVars != 1 || p.Cube.Size != 4 {
		t.Errorf("cube of %d binary of %d variables, %d parts; want 0 of 1, 4", p.Cube.NumBinaryVars, p.Cube.NumVars, p.Cube.Size)
	}
	if want := "v0.bar+v1.bar"; p.Labels[0] != want {
		t.Errorf("label %q, want %q", p.Labels[0], want)
	}
}
