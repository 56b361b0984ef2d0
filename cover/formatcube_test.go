package cover

import "testing"

func TestFormatCube(t *testing.T) {
	c, err := NewCube(2, []int{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	s := c.NewSet()
	SetInput(s, 0, Zero)
	SetInput(s, 1, Dash)
	s.Insert(c.FirstPart[2] + 1)
	s.Insert(c.FirstPart[3])
	// fmt_cube: "?01-" per binary variable, then " " and a 0/1 per part.
	if got, want := c.FormatCube(s), "0- 010 10"; got != want {
		t.Errorf("FormatCube = %q, want %q", got, want)
	}
}
