package verify_test

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/suite"
	"github.com/espresso-go/espresso/pla"
	"github.com/espresso-go/espresso/verify"
)

func readPLA(t *testing.T, path string, opt pla.ReadOptions) *pla.PLA {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := pla.NewReader(f, filepath.Base(path), io.Discard, io.Discard).Read(opt)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return p
}

// faultCase is a suite PLA with ESPRESSO 2.3's minimized ON-set for it.
type faultCase struct {
	name string
	a    verify.Function // the original: F, D, and R = complement(F ∪ D)
	min  *cover.Cover    // 2.3's result (out/<name>/default.out)
	cube *cover.Cube
	// minterm sets of A's three sides, for the ground truth
	dA, fA, rA cover.Set
}

// TestFaultInjection flips one input literal of one cube of 2.3's
// minimized result for a suite PLA, and checks SamePartialFunction's
// verdict against the ground truth computed by enumerating minterms (map.c's
// minterm expansion, which shares no code with the tautology-based check):
// in every trial the verdict must be right, so every flip that changes the
// function is caught.
func TestFaultInjection(t *testing.T) {
	if testing.Short() {
		t.Skip("fault injection over the suite skipped in -short mode")
	}
	dir := suite.Open(t).Extract(t, "pla/*", "out/*/default.out")
	names, err := filepath.Glob(filepath.Join(dir, "pla", "*"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	var cases []*faultCase
	for _, path := range names {
		name := filepath.Base(path)
		minPath := filepath.Join(dir, "out", name, "default.out")
		if _, err := os.Stat(minPath); err != nil {
			continue
		}
		a := readPLA(t, path, pla.ReadOptions{Type: pla.FD, NeedsDCSet: true, NeedsOffset: true})
		c := a.Cube
		// Small enough to enumerate, plain binary inputs, not too slow.
		if c.NumBinaryVars != c.NumVars-1 || c.NumBinaryVars > 20 || c.PartSize[c.NumVars-1]<<c.NumBinaryVars > 1<<20 ||
			a.F.Count > 2000 || a.Symbolic != nil || a.SymbolicOutput != nil {
			continue
		}
		m := readPLA(t, minPath, pla.ReadOptions{Type: pla.F, Cube: c})
		fc := &faultCase{name: name, a: verify.Function{F: a.F, D: a.D, R: a.R}, min: m.F, cube: c}
		if fc.fA, err = c.Minterms(a.F); err != nil {
			t.Fatal(err)
		}
		if fc.dA, err = c.Minterms(a.D); err != nil {
			t.Fatal(err)
		}
		if fc.rA, err = c.Minterms(a.R); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, fc)
	}
	if len(cases) < 20 {
		t.Fatalf("only %d suite PLAs qualify", len(cases))
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	const trials = 1000
	caught, benign := 0, 0
	for trial := 0; trial < trials; trial++ {
		fc := cases[rng.IntN(len(cases))]
		c := fc.cube
		f := fc.min.Clone()
		if !flipLiteral(c, f, rng) {
			trial--
			continue
		}
		r, err := c.Complement(c.NewCubeList(f, fc.a.D), nil)
		if err != nil {
			t.Fatal(err)
		}
		b := verify.Function{F: f, D: fc.a.D, R: r}
		got, err := verify.SamePartialFunction(c, fc.a, b)
		if err != nil {
			t.Fatal(err)
		}
		fB, _ := c.Minterms(f)
		rB, _ := c.Minterms(r)
		differs := !sameOutside(fc.fA, fB, fc.dA) || !sameOutside(fc.rA, rB, fc.dA)
		if differs != (len(got) > 0) {
			t.Fatalf("trial %d (%s): enumeration says differs=%v, SamePartialFunction found %v", trial, fc.name, differs, got)
		}
		if differs {
			caught++
		} else {
			benign++
		}
	}
	t.Logf("%d trials over %d suite PLAs: %d faults changed the function and all were caught; %d flips left it unchanged and were accepted",
		trials, len(cases), caught, benign)
	if caught < trials/2 {
		t.Errorf("only %d of %d flips changed the function: the trials do not exercise the check", caught, trials)
	}
}

// flipLiteral turns a 0 into a 1 or a 1 into a 0 in one input of one cube
// of f, chosen at random; it reports false when the chosen cube has no
// specified input.
func flipLiteral(c *cover.Cube, f *cover.Cover, rng *rand.Rand) bool {
	p := f.At(rng.IntN(f.Count))
	var vars []int
	for v := 0; v < c.NumBinaryVars; v++ {
		if x := cover.Input(p, v); x == cover.Zero || x == cover.One {
			vars = append(vars, v)
		}
	}
	if len(vars) == 0 {
		return false
	}
	v := vars[rng.IntN(len(vars))]
	cover.SetInput(p, v, cover.Zero+cover.One-cover.Input(p, v))
	return true
}

// sameOutside reports whether x and y agree outside d.
func sameOutside(x, y, d cover.Set) bool {
	for i := 1; i < len(x); i++ {
		if (x[i]^y[i])&^d[i] != 0 {
			return false
		}
	}
	return true
}
