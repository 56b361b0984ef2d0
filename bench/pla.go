package bench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Counts are the sizes of the ON-set cover F of a PLA.
type Counts struct {
	Inputs   int // binary inputs (.i)
	Outputs  int // outputs (.o)
	Cubes    int // product terms that belong to F
	Literals int // input literals of those cubes: '0' or '1' input characters
}

// CountFile counts the cubes and literals of F in the PLA file at path.
func CountFile(path string) (Counts, error) {
	f, err := os.Open(path)
	if err != nil {
		return Counts{}, err
	}
	defer f.Close()
	c, err := CountPLA(f, path)
	if err != nil {
		return Counts{}, err
	}
	return c, nil
}

// CountPLA reads a PLA in espresso(5) format from r and counts the cubes and
// literals of its ON-set F. name is used in error messages (name:line).
//
// The rules are those of ESPRESSO's reader (read_cube): blanks, tabs and '|'
// inside a product term are skipped and a term may span lines. A term
// belongs to F when its output part has a '1' or '4' and the PLA type
// includes F (without .type the type is fd); with .o 0 every term belongs
// to F. Its literals are the '0' and '1' characters of its input part.
// Multiple-valued PLAs (.mv) are not supported.
func CountPLA(r io.Reader, name string) (Counts, error) {
	var c Counts
	ni, no := -1, -1
	hasF := true
	var pending []byte // characters of the term being read
	pendingLine := 0
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 && len(pending) == 0 {
			text = text[:i]
		}
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue
		}
		if trimmed[0] == '.' && len(pending) == 0 {
			fields := strings.Fields(trimmed)
			var err error
			switch fields[0] {
			case ".i":
				ni, err = intArg(fields)
				c.Inputs = ni
			case ".o":
				no, err = intArg(fields)
				c.Outputs = no
			case ".type":
				if len(fields) < 2 {
					err = fmt.Errorf(".type needs an argument")
				} else {
					hasF = strings.Contains(fields[1], "f")
				}
			case ".mv", ".kiss", ".symbolic", ".symbolic-output":
				err = fmt.Errorf("%s (multiple-valued PLA) is not supported", fields[0])
			case ".e", ".end":
				return finish(c, pending, name, pendingLine)
			}
			if err != nil {
				return c, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			continue
		}
		if ni < 0 || no < 0 {
			return c, fmt.Errorf("%s:%d: product term before .i and .o", name, line)
		}
		if len(pending) == 0 {
			pendingLine = line
		}
		for i := 0; i < len(text); i++ {
			ch := text[i]
			switch ch {
			case ' ', '\t', '|', '\r', '\f':
				continue
			}
			pos := len(pending)
			if pos < ni {
				if !strings.ContainsRune("01-2?", rune(ch)) {
					return c, fmt.Errorf("%s:%d: bad input character %q", name, line, ch)
				}
			} else if !strings.ContainsRune("01-2~34", rune(ch)) {
				return c, fmt.Errorf("%s:%d: bad output character %q", name, line, ch)
			}
			pending = append(pending, ch)
			if len(pending) == ni+no {
				c.add(pending, ni, hasF)
				pending = pending[:0]
				pendingLine = line
			}
		}
	}
	if err := sc.Err(); err != nil {
		return c, fmt.Errorf("%s: %w", name, err)
	}
	return finish(c, pending, name, pendingLine)
}

func finish(c Counts, pending []byte, name string, line int) (Counts, error) {
	if len(pending) != 0 {
		return c, fmt.Errorf("%s:%d: incomplete product term", name, line)
	}
	return c, nil
}

// add counts one complete term t (inputs then outputs) if it belongs to F.
func (c *Counts) add(t []byte, ni int, hasF bool) {
	out := t[ni:]
	inF := len(out) == 0
	if hasF {
		for _, ch := range out {
			if ch == '1' || ch == '4' {
				inF = true
				break
			}
		}
	}
	if !inF {
		return
	}
	c.Cubes++
	for _, ch := range t[:ni] {
		if ch == '0' || ch == '1' {
			c.Literals++
		}
	}
}

// intArg parses the single non-negative count of a .i or .o line.
func intArg(fields []string) (int, error) {
	if len(fields) != 2 {
		return 0, fmt.Errorf("%s needs one number", fields[0])
	}
	n, err := strconv.Atoi(fields[1])
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: bad count %q", fields[0], fields[1])
	}
	return n, nil
}
