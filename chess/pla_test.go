package chess

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// plaFunction reads a PLA of type fd written by WritePLA and returns, per minterm, 'd' for
// a don't-care or the three output characters of the row covering it ("100", "010",
// "001"). It fails the test when a minterm is covered twice with different cared-for
// outputs, or when a cared-for row overlaps a don't-care.
func plaFunction(t *testing.T, data []byte) (ni int, fn []string) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<16)
	rows, declared := 0, -1
	ended := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, ".i "):
			ni, _ = strconv.Atoi(line[3:])
			fn = make([]string, 1<<ni)
		case strings.HasPrefix(line, ".p "):
			declared, _ = strconv.Atoi(line[3:])
		case line == ".e":
			ended = true
		case strings.HasPrefix(line, "."):
		default:
			in, out, ok := strings.Cut(line, " ")
			if !ok || len(in) != ni || len(out) != 3 {
				t.Fatalf("bad row %q", line)
			}
			rows++
			val := out
			if out == "---" {
				val = "d"
			}
			var expand func(k, idx int)
			expand = func(k, idx int) {
				if k == ni {
					if fn[idx] != "" && !(fn[idx] == "d" && val == "d") {
						t.Fatalf("minterm %0*b covered as %q and %q", ni, idx, fn[idx], val)
					}
					fn[idx] = val
					return
				}
				switch in[k] {
				case '0':
					expand(k+1, idx<<1)
				case '1':
					expand(k+1, idx<<1|1)
				default:
					expand(k+1, idx<<1)
					expand(k+1, idx<<1|1)
				}
			}
			if !strings.Contains(in, "-") {
				idx, err := strconv.ParseUint(in, 2, 64)
				if err != nil {
					t.Fatalf("bad row %q", line)
				}
				k := ni
				expand(k, int(idx))
				continue
			}
			expand(0, 0)
		}
	}
	if !ended || rows != declared {
		t.Fatalf("%d rows, .p %d, .e seen %v", rows, declared, ended)
	}
	return ni, fn
}

// TestCompactDCSamePartialFunction: the full table and --compact-dc describe the same
// partial function, compared minterm by minterm: the same don't-cares, the same outputs
// everywhere else (and with type fd the OFF-set is what remains, so it agrees too).
func TestCompactDCSamePartialFunction(t *testing.T) {
	s := NewSolver()
	for _, name := range []string{"Kk", "KQk", "KPk", "Kkp"} {
		tb, err := s.Solve(MustParseMaterial(name))
		if err != nil {
			t.Fatal(err)
		}
		for _, canon := range []bool{false, true} {
			var full, compact bytes.Buffer
			if err := tb.WritePLA(&full, PLAOptions{Canonical: canon}); err != nil {
				t.Fatal(err)
			}
			if err := tb.WritePLA(&compact, PLAOptions{Canonical: canon, CompactDC: true}); err != nil {
				t.Fatal(err)
			}
			_, ff := plaFunction(t, full.Bytes())
			_, fc := plaFunction(t, compact.Bytes())
			st := tb.Stats(canon)
			counts := map[string]int{}
			for i := range ff {
				if ff[i] == "" || ff[i] != fc[i] {
					t.Fatalf("%s canonical=%v minterm %d: full %q, compact %q", name, canon, i, ff[i], fc[i])
				}
				counts[ff[i]]++
			}
			if counts["100"] != st.Win || counts["010"] != st.Draw || counts["001"] != st.Loss ||
				counts["d"] != st.Invalid+st.Illegal+st.Acanonical {
				t.Errorf("%s canonical=%v: counts %v, stats %+v", name, canon, counts, st)
			}
			t.Logf("%s canonical=%v: full %d bytes, compact %d bytes", name, canon, full.Len(), compact.Len())
		}
	}
}

// TestPLARow: the row of one position, by the encoding's rule (stm bit, then six bits per
// piece, a8 = 0, MSB first): White Kc8, Black Ka6, White Na8, Black pawn b7 is the paper's
// example row "0 000010 010000 000000 001001 010" without spaces.
func TestPLARow(t *testing.T) {
	m := MustParseMaterial("KNkp")
	tb := &Table{mat: m, n: 4, val: make([]uint16, m.Size())}
	for i := range tb.val {
		tb.val[i] = vInvalid
	}
	idx, err := tb.Index(White, []int{2, 16, 0, 9})
	if err != nil {
		t.Fatal(err)
	}
	tb.val[idx] = vDraw
	var buf bytes.Buffer
	if err := tb.WritePLA(&buf, PLAOptions{CompactDC: true}); err != nil {
		t.Fatal(err)
	}
	want := "0000010010000000000001001 010\n"
	if !strings.Contains(buf.String(), "\n"+want) {
		t.Errorf("row %q not found", want)
	}
	if got := tb.FEN(idx); got != "N1K5/1p6/k7/8/8/8/8/8 w - - 0 1" {
		t.Errorf("FEN %q", got)
	}
	labels := strings.Join(m.InputLabels(), " ")
	if !strings.HasPrefix(labels, "stm wk5 wk4 wk3 wk2 wk1 wk0 bk5") || !strings.HasSuffix(labels, "bp1 bp0") {
		t.Errorf("labels %q", labels)
	}
}

// TestPLASize: PLASize gives the bytes WritePLA writes, in each form; the package-level
// PLASize, known before the table, gives those of the default form.
func TestPLASize(t *testing.T) {
	s := NewSolver()
	for _, name := range []string{"Kk", "KQk", "KPk"} {
		m := MustParseMaterial(name)
		tb, err := s.Solve(m)
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []PLAOptions{{}, {Canonical: true}, {CompactDC: true}, {Canonical: true, CompactDC: true}} {
			var buf bytes.Buffer
			if err := tb.WritePLA(&buf, opt); err != nil {
				t.Fatal(err)
			}
			if got := tb.PLASize(opt); got != int64(buf.Len()) {
				t.Errorf("%s %+v: PLASize %d, WritePLA wrote %d", name, opt, got, buf.Len())
			}
			if !opt.CompactDC {
				if got := PLASize(m); got != int64(buf.Len()) {
					t.Errorf("%s %+v: PLASize(material) %d, WritePLA wrote %d", name, opt, got, buf.Len())
				}
			}
		}
	}
	// The example: chess2pla KQQkq writes 72 GiB.
	if got := PLASize(MustParseMaterial("KQQkq")); got>>30 != 72 {
		t.Errorf("KQQkq: %d bytes, want 72 GiB and some", got)
	}
}
