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

// TestChessTableMinimized minimizes chess2pla --canonical KPk (2^18 rows)
// with the default command and checks the cover against the table with
// -Dverify. Its OFF-set (28 699 cubes) is large enough for EXPAND to search
// it through the prefix tree of its sorted cubes (internal/coverindex/prefix.go), which
// no suite PLA reaches; 2.3 takes minutes on it, so there is no golden
// output, and the check is that the cover is the table's partial function
// (a tree that missed cubes fails it, at the verification after the
// minimization; that the tree finds each cube at its exact distance is
// TestNearPrefix's check).
func TestChessTableMinimized(t *testing.T) {
	if testing.Short() {
		t.Skip("minimizes a 2^18-row table (a few seconds)")
	}
	tb, err := chess.NewSolver().Solve(chess.MustParseMaterial("KPk"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var table bytes.Buffer
	if err := tb.WritePLA(&table, chess.PLAOptions{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "t.pla"), table.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if st := runIn(dir, []string{"espresso", "t.pla"}, strings.NewReader(""), &out, &errb); st != 0 {
		t.Fatalf("espresso t.pla: exit %d: %s", st, errb.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "m.pla"), out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	st := runIn(dir, []string{"espresso", "-Dverify", "t.pla", "m.pla"}, strings.NewReader(""), &out, &errb)
	if st != 0 || !strings.HasSuffix(out.String(), "PLA's compared equal\n") {
		t.Errorf("-Dverify t.pla m.pla: exit %d: %s%s", st, out.String(), errb.String())
	}
}
