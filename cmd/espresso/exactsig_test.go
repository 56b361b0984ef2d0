package main

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
)

// TestExactBySignatureTable runs -Dexact and -Dqm on the suite's PLAs
// where 2.3 timed out on both commands, most of them because their
// primes are too many for the covering table of every prime: more than
// 2^21 (TestCountTimedOutRows in internal/implicit counts them). The
// table is then -Dsignature's, so -Dexact must print what our -Dsignature
// prints, which is 2.3's bytes where 2.3's -Dsignature finished (all but
// jbp and x7dn). shift's 165 133 and ts10's 524 280 primes are few enough
// for the table of every prime, as 2.3 builds it; both tables have the
// same minimum, so there -Dexact must print as many cubes as
// -Dsignature, of the same function. -Dqm must print a cover of the same
// function. The first six run by default, the other three (tens of
// seconds each) with ESPRESSO_LONG=1.
func TestExactBySignatureTable(t *testing.T) {
	ref := suite.Open(t)
	finished := map[string]bool{}
	for _, row := range ref.Manifest(t) {
		switch {
		case row.Mode == "signature" && row.Exit == "0":
			finished[row.PLA] = true
		case (row.Mode == "exact" || row.Mode == "qm") && row.Exit != "timeout":
			finished[row.PLA+" "+row.Mode] = true
		}
	}
	plaDir := filepath.Join(ref.Extract(t, "pla/*"), "pla")
	for _, tc := range []struct {
		pla       string
		long      bool
		allPrimes bool // the covering table of every prime
	}{
		{"ibm", false, false}, {"misg", false, false}, {"shift", false, true}, {"ts10", false, true},
		{"x2dn", false, false}, {"mish", false, false},
		{"ex4", true, false}, {"jbp", true, false}, {"x7dn", true, false},
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
			input, err := os.ReadFile(filepath.Join(plaDir, tc.pla))
			if err != nil {
				t.Fatal(err)
			}
			if tc.allPrimes {
				if got, want := cubesOnPLine(t, exact), cubesOnPLine(t, signature); got != want {
					t.Errorf("-Dexact prints %d cubes, -Dsignature %d", got, want)
				}
				if !sameFunction(t, exact, input) {
					t.Errorf("-Dexact prints a cover of another function")
				}
			} else if !bytes.Equal(exact, signature) {
				t.Errorf("-Dexact prints other bytes than -Dsignature")
			}
			if finished[tc.pla] && !tc.allPrimes {
				want := ref.ReadFile(t, path.Join("out", tc.pla, "signature.out"))
				if !bytes.Equal(exact, want) {
					t.Errorf("-Dexact prints other bytes than 2.3's -Dsignature")
				}
			}
			if qm := run("-Dqm", tc.pla); !sameFunction(t, qm, input) {
				t.Errorf("-Dqm prints a cover of another function")
			}
		})
	}
}

// cubesOnPLine returns the number on the .p line of a PLA espresso
// printed.
func cubesOnPLine(t *testing.T, out []byte) int {
	t.Helper()
	for line := range strings.Lines(string(out)) {
		if rest, ok := strings.CutPrefix(line, ".p "); ok {
			n, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil {
				t.Fatalf(".p line %q: %v", line, err)
			}
			return n
		}
	}
	t.Fatal("no .p line")
	return 0
}
