package main

import (
	"bytes"
	"os"
	"path/filepath"
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
