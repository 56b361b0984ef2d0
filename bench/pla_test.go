package bench

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
)

// The expected counts follow CountPLA's documented rule: a term is in F when
// its output part has a '1' or '4' (and the type includes f); its literals
// are the '0'/'1' characters of its input part.
func TestCountPLA(t *testing.T) {
	tests := []struct {
		name, pla       string
		cubes, literals int
	}{
		{"type f", ".i 3\n.o 2\n1-0 10\n--- 01\n.e\n", 2, 2},
		{"default fd: '-' outputs are D", ".i 2\n.o 1\n1- 1\n0- -\n01 ~\n", 1, 1},
		{"fr: '0' outputs are R", ".type fr\n.i 2\n.o 1\n11 1\n00 0\n", 1, 2},
		{"type r has no F", ".type r\n.i 2\n.o 1\n11 1\n00 0\n", 0, 0},
		{"'4' is an ON output", ".i 2\n.o 2\n10 04\n", 1, 2},
		{"separators and wrapped term", ".i 4\n.o 1\n10|\n-1 1\n0 0 0 0 | 1\n", 2, 7},
		{"2 is a don't care input", ".i 3\n.o 1\n212 1\n", 1, 1},
		{"comments and keywords skipped", "# hello\n.i 2\n.o 1\n.ilb a b\n.p 1\n11 1 # trailing\n.e\n", 1, 2},
		{"no outputs: every term", ".i 2\n.o 0\n10\n0-\n", 2, 3},
		{"CRLF lines", ".i 2\r\n.o 1\r\n10 1\r\n", 1, 2},
		{"text after .e ignored", ".i 1\n.o 1\n1 1\n.e\nnot a term\n", 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := CountPLA(strings.NewReader(tc.pla), "x.pla")
			if err != nil {
				t.Fatal(err)
			}
			if c.Cubes != tc.cubes || c.Literals != tc.literals {
				t.Errorf("got %d cubes, %d literals; want %d, %d", c.Cubes, c.Literals, tc.cubes, tc.literals)
			}
		})
	}
}

func TestCountPLAErrors(t *testing.T) {
	tests := []struct{ name, pla, want string }{
		{"bad input char", ".i 2\n.o 1\n1x 1\n", "x.pla:3: bad input character 'x'"},
		{"bad output char", ".i 2\n.o 1\n11 5\n", "x.pla:3: bad output character '5'"},
		{"term before .i", "11 1\n", "x.pla:1: product term before .i and .o"},
		{"incomplete term", ".i 3\n.o 1\n11\n", "x.pla:3: incomplete product term"},
		{"bad .i", ".i two\n", "x.pla:1: .i: bad count \"two\""},
		{".i without number", ".i\n", "x.pla:1: .i needs one number"},
		{"multiple-valued", ".mv 3 1 4 2\n", "x.pla:1: .mv (multiple-valued PLA) is not supported"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := CountPLA(strings.NewReader(tc.pla), "x.pla")
			if err == nil || err.Error() != tc.want {
				t.Errorf("got error %v, want %q", err, tc.want)
			}
		})
	}
}

// ESPRESSO 2.3 heads its -o f output with ".p N", N the number of cubes of F:
// CountFile must find N cubes in every default.out of the suite.
func TestCountMatchesSuiteP(t *testing.T) {
	dir := suite.Open(t).Extract(t, "out/*/default.out")
	names, err := filepath.Glob(filepath.Join(dir, "out", "*", "default.out"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no default.out under %s: %v", dir, err)
	}
	checked := 0
	for _, name := range names {
		p := dotP(t, name)
		if p < 0 {
			continue
		}
		c, err := CountFile(name)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if c.Cubes != p {
			t.Errorf("%s: counted %d cubes, .p says %d", name, c.Cubes, p)
		}
		checked++
	}
	t.Logf("%d of %d default.out files checked against .p", checked, len(names))
	if checked == 0 {
		t.Fatal("no file had a .p line")
	}
}

// dotP returns the number on the .p line of a file, or -1.
func dotP(t *testing.T, name string) int {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), ".p "); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("%s: bad .p line %q", name, sc.Text())
			}
			return n
		}
	}
	return -1
}
