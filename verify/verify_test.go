package verify

import (
	"bytes"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// cubes builds a cover over 2 binary inputs and 1 output from strings of
// "01-" per input (the output part is always set).
func cubes(c *cover.Cube, specs ...string) *cover.Cover {
	F := c.NewCover(len(specs))
	for _, sp := range specs {
		s := c.NewSet()
		for v, ch := range sp {
			switch ch {
			case '0':
				cover.SetInput(s, v, cover.Zero)
			case '1':
				cover.SetInput(s, v, cover.One)
			default:
				cover.SetInput(s, v, cover.Dash)
			}
		}
		s.Insert(c.FirstPart[c.Output])
		F.Append(s)
	}
	return F
}

func TestVerify(t *testing.T) {
	c, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	// The expected lines are verify.c's messages; each check prints at
	// most one line unless verbose.
	tests := []struct {
		name       string
		F, Fold, D []string
		wantErr    bool
		wantOutput string
	}{
		{"same function", []string{"-1"}, []string{"01", "11"}, nil, false, ""},
		{"grown", []string{"--"}, []string{"01", "11"}, nil, true,
			"some minterm in F is not covered by Fold u Dold\n"},
		{"grown into DC", []string{"--"}, []string{"01", "11"}, []string{"-0"}, false, ""},
		{"shrunk", []string{"01"}, []string{"01", "11"}, nil, true,
			"some minterm in Fold is not covered by F u Dold\n"},
		{"both", []string{"00"}, []string{"11", "01"}, nil, true,
			"some minterm in F is not covered by Fold u Dold\n" +
				"some minterm in Fold is not covered by F u Dold\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			got := Verify(&b, c, cubes(c, tt.F...), cubes(c, tt.Fold...), cubes(c, tt.D...), false)
			if got != tt.wantErr || b.String() != tt.wantOutput {
				t.Errorf("Verify = %v, %q; want %v, %q", got, b.String(), tt.wantErr, tt.wantOutput)
			}
		})
	}
}

func TestCheckConsistency(t *testing.T) {
	c, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	ok := "ON-SET and DC-SET are disjoint\nON-SET and OFF-SET are disjoint\nDC-SET and OFF-SET are disjoint\n"
	tests := []struct {
		name    string
		F, D, R []string
		wantErr bool
		want    string
	}{
		{"partition", []string{"1-"}, []string{"01"}, []string{"00"}, false,
			ok + "Union of ON-SET, OFF-SET and DC-SET is the universe\n"},
		{"on meets off", []string{"1-"}, nil, []string{"0-", "11"}, true,
			"ON-SET and DC-SET are disjoint\n" +
				"Some minterm(s) belong to both the ON-SET and OFF-SET !\n" +
				"DC-SET and OFF-SET are disjoint\n" +
				"Union of ON-SET, OFF-SET and DC-SET is the universe\n"},
		{"hole", []string{"1-"}, nil, []string{"00"}, true,
			ok + "There are minterms left unspecified !\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			got, err := CheckConsistency(&b, c, cubes(c, tt.F...), cubes(c, tt.D...), cubes(c, tt.R...), false)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.wantErr || b.String() != tt.want {
				t.Errorf("CheckConsistency = %v, %q; want %v, %q", got, b.String(), tt.wantErr, tt.want)
			}
		})
	}
}

func TestFormatCube(t *testing.T) {
	c, err := cover.NewCube(2, []int{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	s := c.NewSet()
	cover.SetInput(s, 0, cover.Zero)
	cover.SetInput(s, 1, cover.Dash)
	s.Insert(c.FirstPart[2] + 1)
	s.Insert(c.FirstPart[3])
	// fmt_cube: "?01-" per binary variable, then " " and a 0/1 per part.
	if got, want := FormatCube(c, s), "0- 010 10"; got != want {
		t.Errorf("FormatCube = %q, want %q", got, want)
	}
}
