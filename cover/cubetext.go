package cover

import (
	"fmt"
	"strings"
)

// The text form of a cube is the one 2.3's debugging output prints (pc1):
// one character per binary variable, '0', '1', '-' (both values) or '?'
// (neither), then, for each multiple-valued variable, a space and a '0' or
// '1' per part. "1- 010" is the cube x0 of a structure of two binary
// variables and one of three parts, with part 1 of the last set.

// Format returns the text form of cube p.
func (c *Cube) Format(p Set) string {
	b := make([]byte, 0, c.Size+c.NumVars)
	for v := 0; v < c.NumBinaryVars; v++ {
		b = append(b, "?01-"[Input(p, v)])
	}
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		b = append(b, ' ')
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			b = append(b, "01"[b2i(p.Has(i))])
		}
	}
	return string(b)
}

// ParseCube reads a cube of c from its text form (see [Cube.Format]); the
// spaces between the fields may be any run of blanks, and with no binary
// variable the text starts with the first multiple-valued one.
func ParseCube(c *Cube, text string) (Set, error) {
	fields := strings.Fields(text)
	if c.NumBinaryVars > 0 {
		if len(fields) == 0 {
			return nil, fmt.Errorf("cube %q: empty", text)
		}
	} else {
		fields = append([]string{""}, fields...)
	}
	if len(fields) != 1+c.NumVars-c.NumBinaryVars {
		return nil, fmt.Errorf("cube %q: %d fields, want %d", text, len(fields), 1+c.NumVars-c.NumBinaryVars)
	}
	p := c.NewSet()
	if len(fields[0]) != c.NumBinaryVars {
		return nil, fmt.Errorf("cube %q: %d binary variables, want %d", text, len(fields[0]), c.NumBinaryVars)
	}
	for v, ch := range []byte(fields[0]) {
		i := strings.IndexByte("?01-", ch)
		if i < 0 {
			return nil, fmt.Errorf("cube %q: binary variable %d is %q, not one of ?01-", text, v, ch)
		}
		SetInput(p, v, i)
	}
	for k, f := range fields[1:] {
		v := c.NumBinaryVars + k
		if len(f) != c.PartSize[v] {
			return nil, fmt.Errorf("cube %q: variable %d has %d parts, want %d", text, v, len(f), c.PartSize[v])
		}
		for j, ch := range []byte(f) {
			switch ch {
			case '1':
				p.Insert(c.FirstPart[v] + j)
			case '0':
			default:
				return nil, fmt.Errorf("cube %q: part %d of variable %d is %q, not 0 or 1", text, j, v, ch)
			}
		}
	}
	return p, nil
}
