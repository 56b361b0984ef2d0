package pla

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readString reads the first PLA of src with espresso's defaults (type FD,
// echoes on) and returns it with what was echoed and warned.
func readString(t testing.TB, src string, opt ReadOptions) (*PLA, string, string, error) {
	t.Helper()
	return readFrom(t, strings.NewReader(src), opt)
}

// readFrom is readString reading from r.
func readFrom(t testing.TB, r io.Reader, opt ReadOptions) (*PLA, string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	p, err := NewReader(r, "test.pla", &out, &errb).Read(opt)
	return p, out.String(), errb.String(), err
}

func defaultOptions() ReadOptions {
	return ReadOptions{Type: FD, EchoComments: true, EchoUnknown: true}
}

// writeString prints p in format typ.
func writeString(t testing.TB, p *PLA, typ Type) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, p, typ); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return b.String()
}

// TestReadErrors checks 2.3's fatal messages (the texts of cvrin.c's
// fatal calls) and the line they are reported at.
func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, src, msg string
		line           int
	}{
		{"o before i", ".o 1\n", ".o cannot appear before .i", 1},
		{"bad .i", ".i x\n", "error reading .i", 1},
		{"negative .i", ".i -1\n.o 1\n", "cube size is silly, error in .i/.o or .mv", 1},
		{"bad .o", ".i 2\n.o\n", "error reading .o", 2},
		{"mix .i .mv", ".i 2\n.mv 3 1 2 2\n", "cannot mix .i and .mv", 2},
		{"bad .mv", ".mv 3\n", "error reading .mv", 1},
		{"negative binary", ".mv 3 -1 2 2\n", "num_binary_vars (second field of .mv) cannot be negative", 1},
		{"mv order", ".mv 1 3 2\n", "num_vars (1st field of .mv) must exceed num_binary_vars (2nd field of .mv)", 1},
		{"mv short", ".mv 3 1 2\n", "error reading .mv", 1},
		{"unknown type", ".i 2\n.o 1\n.type zz\n", "unknown type in .type command", 3},
		{"ilb first", ".ilb a b\n", "PLA size must be declared before .ilb or .ob", 1},
		{"ob first", ".ob a b\n", "PLA size must be declared before .ilb or .ob", 1},
		{"label first", ".label var=1 a\n", "PLA size must be declared before .label", 1},
		{"label syntax", ".i 1\n.o 1\n.label  var=1 a\n", "Error reading labels", 3},
		{"label var", ".i 1\n.o 1\n.label var=7 a\n", "Error reading labels", 3},
		{"phase first", ".phase 01\n", "PLA size must be declared before .phase", 1},
		{"phase chars", ".i 2\n.o 1\n.phase 2\n", "only 0 or 1 allowed in phase description", 3},
		{"pair syntax", ".i 2\n.o 1\n.pair x\n", "syntax error in .pair", 3},
		{"pair count", ".i 2\n.o 1\n.pair -1\n", "syntax error in .pair (-1 pairs)", 3},
		{"pair NUL", ".i 2\n.o 1\n.pair 1 \x00 b\n", "syntax error in .pair", 3},
		{"phase without outputs", ".mv 1 1\n.phase 01\nx\n", "a phase (-epos or .phase) for a function without outputs", 3},
		{"phase of the last variable", ".mv 1 1\n.phase 0\n", "only 0 or 1 allowed in phase description", 2},
		{"pair label", ".i 2\n.o 1\n.ilb a b\n.pair 1 (a c)\n", "syntax error in .pair", 4},
		{"symbolic", ".i 2\n.o 1\n.ilb a b\n.symbolic a z ; X ;\n", "error reading .symbolic", 4},
		{"symbolic eof", ".i 2\n.o 1\n.symbolic 0 1 ; X", "error reading .symbolic", 3},
		{"symbolic-output", ".i 2\n.o 1\n.symbolic-output", "error reading .symbolic-output", 3},
		{"too small", ".mv 3 1 -2 2\n0 a 10\n1 b 01\n1 c 01\n", "declared size of variable 1 (counting from variable 0) is too small", 4},
		{"no variables", ".mv 0 0\n1\n", "cube size is silly, error in .i/.o or .mv", 1},
		{"no outputs", ".mv 2 2\n.p 1\n01\n", "product term for a function without outputs (.mv with only binary variables)", 3},
		{"symbolic without outputs", ".mv 4 4.symbolic ; ; 0", ".symbolic for a function without outputs (.mv with only binary variables)", 1},
		{"symbolic without outputs, line", ".mv 4 4\n\n.symbolic 0 1 ; X ;\n0", ".symbolic for a function without outputs (.mv with only binary variables)", 3},
		{"symbolic of a multiple-valued variable", ".mv 3 1 3 2\n.symbolic 1 ; ;\n- 100 10\n", ".symbolic requires binary variables", 2},
		{"symbolic too large", ".i 25\n.o 1\n.symbolic 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 ; ;\n" + strings.Repeat("0", 25) + " 1\n", ".symbolic of 25 variables is too large", 3},
		{"huge .i", ".i 2000000000\n.o 1\n", "cube size is silly, error in .i/.o or .mv", 1},
		{"huge .o", ".i 2\n.o 2000000000\n", "cube size is silly, error in .i/.o or .mv (more than 16777216 parts)", 2},
		{"huge cube", ".i 100000\n.o 1\n", "cube size is silly, error in .i/.o or .mv (100001 variables of 200001 parts in all need more than 8589934592 bits of masks)", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := readString(t, tt.src, defaultOptions())
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *pla.Error", err)
			}
			if pe.Msg != tt.msg || pe.Line != tt.line || pe.File != "test.pla" {
				t.Errorf("error %q at line %d, want %q at line %d", pe.Msg, pe.Line, tt.msg, tt.line)
			}
			if want := "test.pla:"; !strings.HasPrefix(pe.Error(), want) {
				t.Errorf("Error() = %q, want prefix %q", pe.Error(), want)
			}
		})
	}
}

// TestReadEquivalentSpellings checks that inputs which differ only in
// what cvrin.c skips read to the same covers (the rule: spaces, '|' and
// tabs inside a term, newlines inside a term, '2' for '-', '4' for '1',
// '3' for '0' in outputs, CR before LF, and .p lines do not matter).
func TestReadEquivalentSpellings(t *testing.T) {
	const base = ".i 3\n.o 2\n0-1 10\n1-0 -1\n.e\n"
	tests := []struct {
		name, src, warn string
	}{
		{"spaces", ".i 3\n.o 2\n0 - 1 | 1 0\n1\t-0 -1\n.e\n", ""},
		{"span", ".i 3\n.o 2\n0-\n1 10\n1-0\n-1\n.e\n", "product term(s) span more than one line (warning only)\n"},
		{"two for dash", ".i 3\n.o 2\n021 10\n120 21\n.e\n", ""},
		{"four three", ".i 3\n.o 2\n0-1 43\n1-0 -4\n.e\n", ""},
		{"crlf", ".i 3\r\n.o 2\r\n0-1 10\r\n1-0 -1\r\n.e\r\n", ""},
		{"p line", ".i 3\n.o 2\n.p 99\n0-1 10\n1-0 -1\n.e\n", ""},
		{"no .e", ".i 3\n.o 2\n0-1 10\n1-0 -1\n", ""},
	}
	want, _, _, err := readString(t, base, defaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	wantText := writeString(t, want, FD)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, warn, err := readString(t, tt.src, defaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			if g := writeString(t, got, FD); g != wantText {
				t.Errorf("read as\n%s\nwant\n%s", g, wantText)
			}
			if warn != tt.warn {
				t.Errorf("stderr %q, want %q", warn, tt.warn)
			}
		})
	}
}

// TestReadEcho checks what the reader echoes, by the rules of cvrin.c:
// comment lines are copied whole; a line before the size is known is
// copied with a '#' in front; an unknown command is copied as "." + word
// + " " + the rest of its line; a bad term is dropped with a warning and
// the rest of its line (after the bad character) copied. -eeat and
// -eeatdots turn the first three off.
func TestReadEcho(t *testing.T) {
	src := "# one\nstray\n.i 2\n.o 1\n.model x y\n#two\n00 1\n0x extra\n11 1\n"
	tests := []struct {
		name               string
		comments, unknown  bool
		wantOut, wantWarns string
	}{
		{"all", true, true, "# one\n#stray\n.model x y\n#two\n extra\n", "(warning): input line #8 ignored\n"},
		{"eat", false, true, ".model x y\n extra\n", "(warning): input line #8 ignored\n"},
		{"eatdots", true, false, "# one\n#stray\n#two\n extra\n", "(warning): input line #8 ignored\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := defaultOptions()
			opt.EchoComments, opt.EchoUnknown = tt.comments, tt.unknown
			p, out, warn, err := readString(t, src, opt)
			if err != nil {
				t.Fatal(err)
			}
			if out != tt.wantOut || warn != tt.wantWarns {
				t.Errorf("echo %q warnings %q, want %q and %q", out, warn, tt.wantOut, tt.wantWarns)
			}
			if p.F.Count != 2 {
				t.Errorf("%d cubes, want 2 (the bad line dropped)", p.F.Count)
			}
		})
	}
}

// TestReadNUL checks that a word ends, for 2.3, at a NUL byte in it: C
// compares, prints and copies the word as the string before the NUL. 2.3
// reads this file as .i 2 and echoes ".mo y" for the unknown ".mo\0del".
func TestReadNUL(t *testing.T) {
	p, out, _, err := readString(t, ".i\x00x 2\n.o 1\n.mo\x00del y\n00 1\n", defaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if p.Cube.NumBinaryVars != 2 || p.F.Count != 1 {
		t.Errorf("%d inputs and %d cubes, want 2 and 1", p.Cube.NumBinaryVars, p.F.Count)
	}
	if want := ".mo y\n"; out != want {
		t.Errorf("echo %q, want %q", out, want)
	}
}

// TestReadMany reads several PLAs from one stream (-Dmany): each Read
// returns the next, then ErrNoPLA.
func TestReadMany(t *testing.T) {
	src := ".i 2\n.o 1\n00 1\n.e\n.i 3\n.o 2\n111 11\n110 01\n.e\n\n"
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	rd := NewReader(strings.NewReader(src), "many", w, io.Discard)
	var counts []int
	for {
		p, err := rd.Read(defaultOptions())
		if err == ErrNoPLA {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, p.Cube.NumBinaryVars, p.F.Count)
	}
	if got, want := counts, []int{2, 1, 3, 2}; !equalInts(got, want) {
		t.Errorf("read (inputs, cubes) %v, want %v", got, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestReadSecondPLA: with a cube given (the second PLA of a two-PLA
// command) .i and .o are ignored with 2.3's warnings.
func TestReadSecondPLA(t *testing.T) {
	first, _, _, err := readString(t, ".i 2\n.o 1\n00 1\n", defaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	opt := defaultOptions()
	opt.Cube = first.Cube
	second, _, warn, err := readString(t, ".i 5\n.o 3\n11 1\n", opt)
	if err != nil {
		t.Fatal(err)
	}
	if warn != "extra .i ignored\nextra .o ignored\n" {
		t.Errorf("warnings %q", warn)
	}
	if second.Cube != first.Cube || second.F.Count != 1 {
		t.Errorf("second PLA not read in the first one's cube")
	}
}

// TestReadAdversarial feeds inputs that must give an error or a result,
// never a panic or a hang: truncated terms, binary garbage, a 100 MB line.
func TestReadAdversarial(t *testing.T) {
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(i * 7919 >> 3)
	}
	long := ".i 4\n.o 1\n" + strings.Repeat("0", 100<<20) + "\n"
	tests := []struct{ name, src string }{
		{"empty", ""},
		{"truncated term", ".i 4\n.o 2\n01"},
		{"truncated command", ".i"},
		{"garbage", string(garbage)},
		{"garbage after size", ".i 3\n.o 1\n" + string(garbage)},
		{"nul bytes", ".i 2\n.o 1\n\x00\x00 1\n"},
		{"100 MB line", long},
		{"long word", ".i 2\n.o 1\n." + strings.Repeat("x", 1<<20) + "\n00 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := bufio.NewWriter(&out)
			rd := NewReader(strings.NewReader(tt.src), "adv", w, io.Discard)
			p, err := rd.Read(defaultOptions())
			if err == nil {
				for _, typ := range []Type{F, FD, Pleasure, Eqntott, Kiss, Constraints} {
					_ = Write(io.Discard, p, typ)
				}
			}
		})
	}
}

// TestWriteReadFixedPoint: printing a PLA in each cover format and reading
// it back gives the same covers (the rule: fprint_pla writes what
// read_pla reads).
func TestWriteReadFixedPoint(t *testing.T) {
	srcs := []string{
		".i 3\n.o 2\n.ilb a b c\n.ob x y\n0-1 10\n1-0 -1\n11- 11\n",
		".mv 4 1 3 2 2\n0 100 10 10\n1 010 01 01\n- 001 11 11\n",
		".i 0\n.o 2\n 10\n 01\n",
		".type fr\n.i 2\n.o 1\n00 1\n11 0\n",
	}
	for _, src := range srcs {
		p, _, _, err := readString(t, src, defaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		for _, typ := range []Type{F, FD} {
			text := writeString(t, p, typ)
			q, _, _, err := readString(t, text, defaultOptions())
			if err != nil {
				t.Fatalf("reading back %q: %v", text, err)
			}
			if again := writeString(t, q, typ); again != text {
				t.Errorf("wrote\n%s\nread back and wrote\n%s", text, again)
			}
		}
	}
}

// TestParseType checks the -o / .type names against 2.3's pla_types.
func TestParseType(t *testing.T) {
	for _, tt := range []struct {
		name string
		typ  Type
		ok   bool
	}{
		{"f", F, true}, {"fd", FD, true}, {"fdr", FDR, true}, {"dr", DR, true},
		{"eqn", Eqntott, true}, {"eqntott", Eqntott, true}, {"fdrc", FDR | Constraints, true},
		{"scons", SymbolicConstraints, true}, {"-f", 0, false}, {"", 0, false},
	} {
		typ, ok := ParseType(tt.name)
		if typ != tt.typ || ok != tt.ok {
			t.Errorf("ParseType(%q) = %v, %v; want %v, %v", tt.name, typ, ok, tt.typ, tt.ok)
		}
	}
}

// TestPhase checks set_phase by its definition: with every phase bit 1 the
// covers are those read without .phase (R computed), and flipping the
// phase of every output swaps the output parts of F and R.
func TestPhase(t *testing.T) {
	const body = "00- 11\n11- 10\n1-1 01\n.e\n"
	opt := defaultOptions()
	opt.NeedsOffset = true
	plain, _, _, err := readString(t, ".i 3\n.o 2\n"+body, opt)
	if err != nil {
		t.Fatal(err)
	}
	ones, _, _, err := readString(t, ".i 3\n.o 2\n.phase 11\n"+body, opt)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := writeString(t, plain, FR), writeString(t, ones, FR); b != strings.Replace(a, ".p", "#.phase 11\n.p", 1) {
		t.Errorf("phase 11 gives\n%s\nwant\n%s", b, a)
	}
	zeros, _, _, err := readString(t, ".i 3\n.o 2\n.phase 00\n"+body, opt)
	if err != nil {
		t.Fatal(err)
	}
	swapped := &PLA{Cube: plain.Cube, F: plain.R, R: plain.F, D: plain.D}
	if a, b := writeString(t, swapped, FR), writeString(t, zeros, FR); b != strings.Replace(a, ".p", "#.phase 00\n.p", 1) {
		t.Errorf("phase 00 gives\n%s\nwant\n%s", b, a)
	}
}

// TestPair checks set_pair by its definition on one pair: the pair (a, b)
// becomes a four-valued variable after the unpaired inputs whose parts,
// in order, allow a b = 11, 10, 01, 00; the labels are 2.3's, which
// name them in the reverse order (a.bar+b.bar first); an unknown variable
// is 2.3's error.
func TestPair(t *testing.T) {
	p, _, _, err := readString(t, ".i 3\n.o 1\n.ilb a b c\n.pair 1 (a c)\n0-1 1\n1-- 1\n", defaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	c := p.Cube
	if c.NumBinaryVars != 1 || c.NumVars != 3 || c.PartSize[1] != 4 {
		t.Fatalf("cube: %d binary of %d variables, sizes %v", c.NumBinaryVars, c.NumVars, c.PartSize)
	}
	// a=0 c=1 is 01, part 2; a=1 c=- is 11 or 10, parts 0 and 1.
	want := []string{"- 0010 1", "- 1100 1"}
	for i, w := range want {
		if got := CubeString(c, p.F.At(i)); got != w {
			t.Errorf("cube %d = %q, want %q", i, got, w)
		}
	}
	wantLabels := []string{"b.bar", "b", "a.bar+c.bar", "a.bar+c", "a+c.bar", "a+c"}
	for i, w := range wantLabels {
		if p.Labels[i] != w {
			t.Errorf("label %d = %q, want %q", i, p.Labels[i], w)
		}
	}
	if _, _, _, err := readString(t, ".i 2\n.o 1\n.pair 1 (1 3)\n00 1\n", defaultOptions()); err == nil || err.Error() != "can only pair binary-valued variables" {
		t.Errorf("pairing a missing variable: %v", err)
	}
}

// TestMapSymbolic checks map_symbolic by its definition: inputs a, b
// declared .symbolic become one variable of 4 values before the outputs,
// value 2a+b (a most significant), named by the declaration then X<k>.
func TestMapSymbolic(t *testing.T) {
	p, _, _, err := readString(t, ".i 3\n.o 1\n.ilb a b c\n.symbolic a b ; P Q ;\n011 1\n1-0 1\n", defaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	c := p.Cube
	if c.NumBinaryVars != 1 || c.NumVars != 3 || c.PartSize[1] != 4 {
		t.Fatalf("cube: %d binary of %d variables, sizes %v", c.NumBinaryVars, c.NumVars, c.PartSize)
	}
	// 01 is value 1; 1- is values 2 and 3.
	for i, w := range []string{"1 0100 1", "0 0011 1"} {
		if got := CubeString(c, p.F.At(i)); got != w {
			t.Errorf("cube %d = %q, want %q", i, got, w)
		}
	}
	for i, w := range []string{"c.bar", "c", "P", "Q", "X2", "X3"} {
		if p.Labels[i] != w {
			t.Errorf("label %d = %q, want %q", i, p.Labels[i], w)
		}
	}
}

// TestReadCompact checks ReadOptions.Compact by its definition: F and D
// are the covers read without it, each compacted, and the R computed from
// them is their complement (complement2), for a truth table of minterms
// with don't-cares.
func TestReadCompact(t *testing.T) {
	var b strings.Builder
	b.WriteString(".i 5\n.o 2\n.type fd\n")
	outs := []string{"10", "01", "11", "00", "-0", "0-", "1-", "--"}
	for m := range 32 {
		fmt.Fprintf(&b, "%05b %s\n", m, outs[m*7%11%len(outs)])
	}
	text := b.String()
	opt := defaultOptions()
	opt.NeedsOffset = true
	plain, _, _, err := readString(t, text, opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Compact = true
	compacted, _, _, err := readString(t, text, opt)
	if err != nil {
		t.Fatal(err)
	}
	c := plain.Cube
	wantF, merges := c.Compact(plain.F.Clone())
	wantD, _ := c.Compact(plain.D.Clone())
	if merges == 0 || wantF.Count >= plain.F.Count {
		t.Fatalf("the test table does not compact: %d merges, %d -> %d cubes", merges, plain.F.Count, wantF.Count)
	}
	wantR, err := complement2(c, wantF, wantD, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := &PLA{Cube: c, F: wantF, D: wantD, R: wantR}
	if a, b := writeString(t, want, FDR), writeString(t, compacted, FDR); a != b {
		t.Errorf("read with Compact:\n%s\nwant (each cover read compacted, R their complement):\n%s", b, a)
	}
}

// TestReadInPieces reads terms whose characters arrive one or a few at a
// time, so that a term's binary part ends the buffered input anywhere: the
// PLA, the echo and the warnings must be those of reading it whole.
func TestReadInPieces(t *testing.T) {
	srcs := []string{
		".i 5\n.o 2\n0-1?1 10\n1 - 0|2 1 -1\n01\n011 11\n",
		".i 3\n.o 2\n0x1 10\n11 extra\n1-0 01\n",
		"# c\n.i 4\n.o 1\n.type fr\n0-1\t1 1\n1-00 0\n",
		".mv 4 2 2 3 2\n0 1 10 100 10\n- 0 01 011 01\n",
	}
	readers := []struct {
		name string
		wrap func(io.Reader) io.Reader
	}{
		{"one byte", iotest.OneByteReader},
		{"half", iotest.HalfReader},
	}
	read := func(r io.Reader) string {
		p, echo, warn, err := readFrom(t, r, defaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		return echo + "|" + warn + "|" + writeString(t, p, FDR)
	}
	for _, src := range srcs {
		want := read(strings.NewReader(src))
		for _, rr := range readers {
			if got := read(rr.wrap(strings.NewReader(src))); got != want {
				t.Errorf("%q read %s at a time:\n%s\nwhole:\n%s", src, rr.name, got, want)
			}
		}
	}
}

// TestCDecimal checks scanInt against what C's sscanf("%d") stores with
// glibc on a 64-bit system (strtol, held at the long's bounds, then cut to
// 32 bits); the wanted values are those a C program printed.
func TestCDecimal(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"7", 7}, {"-7", -7}, {"2147483647", 2147483647}, {"2147483648", -2147483648},
		{"4294967298", 2}, {"20000000000", -1474836480}, {"-20000000000", 1474836480},
		{"9223372036854775807", -1}, {"9223372036854775808", -1}, {"99999999999999999999", -1},
		{"-9223372036854775808", 0}, {"-99999999999999999999", 0},
	} {
		got, ok := scanInt(tc.in)
		if !ok || got != tc.want {
			t.Errorf("scanInt(%q) = %d, %v; want %d", tc.in, got, ok, tc.want)
		}
	}
}
