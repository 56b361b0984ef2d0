package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
)

// TestChessTablesSamePartialFunction: chess2pla's full truth table T and
// its --compact-dc form (the cared-for rows, the don't-cares as a few
// cubes) are, by -Dverify, the same partial function — with and without
// canonicalization. Both files declare .type fd, so -Dverify compares D,
// F − D and R − D.
func TestChessTablesSamePartialFunction(t *testing.T) {
	s := chess.NewSolver()
	dir := t.TempDir()
	for _, name := range []string{"Kk", "KPk"} {
		tb, err := s.Solve(chess.MustParseMaterial(name))
		if err != nil {
			t.Fatal(err)
		}
		for _, canon := range []bool{false, true} {
			var full, compact bytes.Buffer
			if err := tb.WritePLA(&full, chess.PLAOptions{Canonical: canon}); err != nil {
				t.Fatal(err)
			}
			if err := tb.WritePLA(&compact, chess.PLAOptions{Canonical: canon, CompactDC: true}); err != nil {
				t.Fatal(err)
			}
			if full.Len() <= compact.Len() {
				t.Fatalf("%s: the compact form (%d bytes) is not smaller than the table (%d)", name, compact.Len(), full.Len())
			}
			for file, data := range map[string][]byte{"t.pla": full.Bytes(), "c.pla": compact.Bytes()} {
				if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var out, errb bytes.Buffer
			st := runIn(dir, []string{"espresso", "-Dverify", "t.pla", "c.pla"}, strings.NewReader(""), &out, &errb)
			if st != 0 || !strings.Contains(out.String(), "PLA's are the same partial function") {
				t.Errorf("%s canonical=%v: -Dverify exit %d: %s%s", name, canon, st, out.String(), errb.String())
			}
		}
	}
}

// TestChessTablesDifferentPartialFunction: a truth table of 2^13 rows
// against a copy with one row's value changed, where -Dverify compacts the
// covers before comparing: the conditions on F and R fail, each with the
// changed row as its witness, and the exit status is 1.
func TestChessTablesDifferentPartialFunction(t *testing.T) {
	tb, err := chess.NewSolver().Solve(chess.MustParseMaterial("Kk"))
	if err != nil {
		t.Fatal(err)
	}
	var full bytes.Buffer
	if err := tb.WritePLA(&full, chess.PLAOptions{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(full.String(), "\n")
	row := -1
	for i, l := range lines {
		if strings.HasSuffix(l, " 010") {
			row = i
			break
		}
	}
	if row < 0 {
		t.Fatal("no drawn position in Kk's table")
	}
	inputs := strings.Fields(lines[row])[0]
	changed := slices.Clone(lines)
	changed[row] = inputs + " 100"
	dir := t.TempDir()
	for file, text := range map[string]string{"a.pla": full.String(), "b.pla": strings.Join(changed, "\n")} {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	st := runIn(dir, []string{"espresso", "-Dverify", "a.pla", "b.pla"}, strings.NewReader(""), &out, &errb)
	got := out.String()
	if st != 1 || !strings.Contains(got, "not the same partial function") {
		t.Fatalf("-Dverify exit %d: %s%s", st, got, errb.String())
	}
	for _, cond := range []string{"F_A - D_A = F_B - D_B fails: minterm ", "R_A - D_A = R_B - D_B fails: minterm "} {
		i := strings.Index(got, cond)
		if i < 0 || !strings.HasPrefix(got[i+len(cond):], inputs) {
			t.Errorf("want %q with the changed row %s as witness in:\n%s", cond, inputs, got)
		}
	}
	if strings.Contains(got, "D_A = D_B fails") {
		t.Errorf("the DC-sets are equal, but:\n%s", got)
	}
}
