package covertest

import (
	"slices"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

func TestBinaryMinterms(t *testing.T) {
	c, err := cover.NewCube(3, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	F := c.NewCover(0)
	p := F.AppendEmpty()
	cover.SetInput(p, 0, cover.Dash)
	cover.SetInput(p, 1, cover.One)
	cover.SetInput(p, 2, cover.Dash)
	p.Insert(c.FirstPart[3])
	M := BinaryMinterms(c, F)
	var got []string
	for m := range M.All() {
		got = append(got, c.Format(m))
	}
	want := []string{"010 10", "011 10", "110 10", "111 10"}
	if !slices.Equal(got, want) {
		t.Fatalf("BinaryMinterms(-1- 10) = %q, want %q", got, want)
	}
}
