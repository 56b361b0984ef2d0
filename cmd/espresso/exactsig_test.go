package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExactBySignatureTable runs -Dexact and -Dqm on the suite's PLAs
// whose primes are too many for the covering table of every prime: more
// than 2^21 (TestCountTimedOutRows in internal/implicit counts them), or
// too many to count within AllPrimes's bounds (ex4, ts10, shift). 2.3
// timed out on both commands for each. The table is then -Dsignature's,
// so -Dexact must print what our -Dsignature prints, which is 2.3's
// bytes where 2.3's -Dsignature finished (all but jbp and x7dn), and
// -Dqm must print a cover of the same function. The first six run by
// default, the other three (20 to 80 s each) with ESPRESSO_LONG=1.
func TestExactBySignatureTable(t *testing.T) {
	dir := suiteDir(t)
	finished := map[string]bool{}
	for _, row := range readManifest(t, dir) {
		switch {
		case row.mode == "signature" && row.exit == "0":
			finished[row.pla] = true
		case (row.mode == "exact" || row.mode == "qm") && row.exit != "timeout":
			finished[row.pla+" "+row.mode] = true
		}
	}
	plaDir := filepath.Join(dir, "pla")
	for _, tc := range []struct {
		pla  string
		long bool
	}{
		{"ibm", false}, {"misg", false}, {"shift", false}, {"ts10", false}, {"x2dn", false}, {"mish", false},
		{"ex4", true}, {"jbp", true}, {"x7dn", true},
	} {
		t.Run(tc.pla, func(t *testing.T) {
			if tc.long && os.Getenv("ESPRESSO_LONG") == "" {
				t.Skip("takes 20 to 80 s; set ESPRESSO_LONG=1")
			}
			t.Parallel()
			if finished[tc.pla+" exact"] || finished[tc.pla+" qm"] {
				t.Fatalf("2.3 finished -Dexact or -Dqm on %s: its bytes are the target there", tc.pla)
			}
			run := func(args ...string) []byte {
				var out, errb bytes.Buffer
				if st := runIn(plaDir, append([]string{"espresso"}, args...), strings.NewReader(""), &out, &errb); st != 0 {
					t.Fatalf("espresso %s: exit %d\n%s", strings.Join(args, " "), st, errb.Bytes())
				}
				return out.Bytes()
			}
			exact := run("-Dexact", tc.pla)
			signature := run("-Dsignature", tc.pla)
			if !bytes.Equal(exact, signature) {
				t.Errorf("-Dexact prints other bytes than -Dsignature")
			}
			if finished[tc.pla] {
				want, err := os.ReadFile(filepath.Join(dir, "out", tc.pla, "signature.out"))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(exact, want) {
					t.Errorf("-Dexact prints other bytes than 2.3's -Dsignature")
				}
			}
			input, err := os.ReadFile(filepath.Join(plaDir, tc.pla))
			if err != nil {
				t.Fatal(err)
			}
			if qm := run("-Dqm", tc.pla); !sameFunction(t, qm, input) {
				t.Errorf("-Dqm prints a cover of another function")
			}
		})
	}
}
