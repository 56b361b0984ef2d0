package implicit

import (
	"errors"
	"os"
	"testing"
	"time"

	"github.com/espresso-go/espresso/internal/suite"
)

// TestCountTimedOutRows counts the primes of each suite PLA on which 2.3
// ran out of time under -Dprimes, and prints the counts
// (docs/COMPATIBILITY.md quotes them). Each count must be at least that of any single output
// (a prime of f_o is the input part of a prime of the whole), and where
// the primes are few enough to list, listing them must give as many. A
// long test: ESPRESSO_LONG=1 runs it.
func TestCountTimedOutRows(t *testing.T) {
	if os.Getenv("ESPRESSO_LONG") == "" {
		t.Skip("a long test: set ESPRESSO_LONG=1")
	}
	ref := suite.Open(t)
	for _, r := range ref.Manifest(t) {
		if r.Mode != "primes" || r.Exit != "timeout" {
			continue
		}
		name := r.PLA
		t.Run(name, func(t *testing.T) {
			p := ref.ReadPLA(t, name)
			start := time.Now()
			n, err := Count(p.Cube, p.F, p.D, 32<<20)
			if errors.Is(err, ErrTooLarge) {
				t.Logf("%s: more than %d nodes (%.1f s)", name, 32<<20, time.Since(start).Seconds())
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %v primes (%.1f s)", name, n, time.Since(start).Seconds())
			for o := range p.Cube.PartSize[p.Cube.Output] {
				k, err := CountOutput(p.Cube, p.F, p.D, o, 32<<20)
				if err != nil {
					t.Fatalf("output %d: %v", o, err)
				}
				if k.Cmp(n) > 0 {
					t.Errorf("output %d alone has %v primes, more than the %v of all", o, k, n)
				}
			}
			if n.IsInt64() && n.Int64() <= 3_000_000 {
				P, err := Primes(p.Cube, p.F, p.D, 32<<20, 0)
				if err != nil {
					t.Fatal(err)
				}
				if int64(P.Count) != n.Int64() {
					t.Errorf("listed %d primes, counted %v", P.Count, n)
				}
			}
		})
	}
}
