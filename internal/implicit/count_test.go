package implicit

import (
	"math/big"
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/suite"
)

// TestCountSameAsReferencePrimes counts the primes of every suite PLA
// where 2.3 finished -Dprimes and compares with the .p line it printed.
func TestCountSameAsReferencePrimes(t *testing.T) {
	ref := suite.Open(t)
	n := 0
	for _, r := range ref.Manifest(t) {
		if r.Mode != "primes" || r.Exit != "0" {
			continue
		}
		name := r.PLA
		out := path.Join("out", name, "primes.out")
		want, ok := printedCubes(t, out, ref.ReadFile(t, out))
		if !ok {
			continue
		}
		t.Run(name, func(t *testing.T) {
			p := ref.ReadPLA(t, name)
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

// printedCubes returns the number on the .p line of an ESPRESSO output,
// the file name's contents.
func printedCubes(t *testing.T, name string, out []byte) (int, bool) {
	for line := range strings.Lines(string(out)) {
		if rest, ok := strings.CutPrefix(line, ".p "); ok {
			n, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return n, true
		}
	}
	return 0, false
}

// TestCountOutputsOfInterleavedInputs: output o of k is x_o·x_{o+k}, so
// each output reads inputs k apart, as ex4's read one input in every 8.
// The cubes lying in every output of a nonempty set O are those inside
// ∏_{o∈O} x_o·x_{o+k}, which holds no other output: one prime for each
// O, 2^k − 1 in all. In the inputs' own order H would need some 2^k nodes
// past x_{k-1} (which of x_0..x_{k-1} are 1); grouped by output, a few
// per output.
func TestCountOutputsOfInterleavedInputs(t *testing.T) {
	for _, k := range []int{1, 3, 24} {
		cube, err := cover.NewCube(2*k, []int{k})
		if err != nil {
			t.Fatal(err)
		}
		var sets []cover.Set
		for o := range k {
			s := cube.NewSet()
			s.Copy(cube.FullSet)
			cover.SetInput(s, o, cover.One)
			cover.SetInput(s, o+k, cover.One)
			for p := range k {
				if p != o {
					s.Remove(cube.FirstPart[cube.Output] + p)
				}
			}
			sets = append(sets, s)
		}
		F := cover.FromSets(cube.Size, sets)
		got, err := Count(cube, F, nil, 1<<12)
		if err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		if want := big.NewInt(1<<k - 1); got.Cmp(want) != 0 {
			t.Errorf("k=%d: %v primes, want %v", k, got, want)
		}
	}
}
