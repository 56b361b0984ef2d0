package implicit

import (
	"bufio"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
)

// TestCountSameAsReferencePrimes counts the primes of every suite PLA
// where 2.3 finished -Dprimes and compares with the .p line it printed.
func TestCountSameAsReferencePrimes(t *testing.T) {
	dir := suite.Dir(t, "espresso-suite")
	rows := readManifest(t, filepath.Join(dir, "manifest.csv"))
	n := 0
	for _, r := range rows {
		if r[1] != "primes" || r[3] != "0" {
			continue
		}
		name := r[0]
		want, ok := printedCubes(t, filepath.Join(dir, "out", name, "primes.out"))
		if !ok {
			continue
		}
		t.Run(name, func(t *testing.T) {
			p := suite.ReadPLA(t, name)
			if p.Cube.NumMVVars > 1 {
				t.Skip("multiple-valued inputs")
			}
			got, err := Count(p.Cube, p.F, p.D, 20_000_000)
			if err != nil {
				t.Fatal(err)
			}
			if !got.IsInt64() || got.Int64() != int64(want) {
				t.Errorf("%s: %v primes, 2.3 listed %d", name, got, want)
			}
		})
		n++
	}
	if n == 0 {
		t.Fatal("no -Dprimes rows in the manifest")
	}
	t.Logf("%d PLAs compared", n)
}

func readManifest(t *testing.T, path string) [][]string {
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("manifest not found: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

// printedCubes returns the number on the .p line of an ESPRESSO output.
func printedCubes(t *testing.T, path string) (int, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), ".p "); ok {
			n, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			return n, true
		}
	}
	return 0, false
}
