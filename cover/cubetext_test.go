package cover

import "testing"

func TestFormat(t *testing.T) {
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
	if got, want := c.Format(s), "0- 010 10"; got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
}

func TestParseCube(t *testing.T) {
	c, err := NewCube(3, []int{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	mvOnly, err := NewCube(0, []int{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cube       *Cube
		text, want string // want "" is an error
	}{
		{c, "01- 010 11", "01- 010 11"},
		{c, "?1? 000 00", "?1? 000 00"},
		{c, "  01-\t010   11 ", "01- 010 11"},
		{mvOnly, "100 01", " 100 01"},   // Format writes a space before each multiple-valued variable
		{c, "01- 010", ""},              // a variable missing
		{c, "01- 010 11 1", ""},         // one too many
		{c, "01 010 11", ""},            // a binary variable missing
		{c, "01x 010 11", ""},           // not one of ?01-
		{c, "01- 0100 11", ""},          // too many parts
		{c, "01- 012 11", ""},           // not 0 or 1
		{c, "", ""},                     // empty
		{mvOnly, "- 100 01", ""},        // binary variables where there are none
		{mvOnly, "100 01 1", ""},        // one too many
		{mvOnly, "100", ""},             // one missing
		{c, "--- 111 11", "--- 111 11"}, // the full cube
	}
	for _, tt := range tests {
		p, err := ParseCube(tt.cube, tt.text)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("ParseCube(%q) = %s, want an error", tt.text, tt.cube.Format(p))
		case tt.want != "" && err != nil:
			t.Errorf("ParseCube(%q): %v", tt.text, err)
		case tt.want != "":
			if got := tt.cube.Format(p); got != tt.want {
				t.Errorf("ParseCube(%q) formats as %q, want %q", tt.text, got, tt.want)
			}
		}
	}
}
