package verify

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/covertest"
	"github.com/espresso-go/espresso/internal/workpool"
)

// cubes builds a cover over 2 binary inputs and 1 output from the text
// forms of its inputs (the output part is always set).
func cubes(t *testing.T, c *cover.Cube, inputs ...string) *cover.Cover {
	t.Helper()
	F := c.NewCover(len(inputs))
	for _, in := range inputs {
		p, err := cover.ParseCube(c, in+" 1")
		if err != nil {
			t.Fatal(err)
		}
		F.Append(p)
	}
	return F
}

func TestVerify(t *testing.T) {
	c, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	// The expected lines are verify.c's messages; each check prints at
	// most one line unless verbose.
	tests := []struct {
		name       string
		F, Fold, D []string
		wantErr    bool
		wantOutput string
	}{
		{"same function", []string{"-1"}, []string{"01", "11"}, nil, false, ""},
		{"grown", []string{"--"}, []string{"01", "11"}, nil, true,
			"some minterm in F is not covered by Fold u Dold\n"},
		{"grown into DC", []string{"--"}, []string{"01", "11"}, []string{"-0"}, false, ""},
		{"shrunk", []string{"01"}, []string{"01", "11"}, nil, true,
			"some minterm in Fold is not covered by F u Dold\n"},
		{"both", []string{"00"}, []string{"11", "01"}, nil, true,
			"some minterm in F is not covered by Fold u Dold\n" +
				"some minterm in Fold is not covered by F u Dold\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			got, err := Verify(&b, c, cubes(t, c, tt.F...), cubes(t, c, tt.Fold...), cubes(t, c, tt.D...), false, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.wantErr || b.String() != tt.wantOutput {
				t.Errorf("Verify = %v, %q; want %v, %q", got, b.String(), tt.wantErr, tt.wantOutput)
			}
		})
	}
}

func TestCheckConsistency(t *testing.T) {
	c, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	ok := "ON-SET and DC-SET are disjoint\nON-SET and OFF-SET are disjoint\nDC-SET and OFF-SET are disjoint\n"
	tests := []struct {
		name    string
		F, D, R []string
		wantErr bool
		want    string
	}{
		{"partition", []string{"1-"}, []string{"01"}, []string{"00"}, false,
			ok + "Union of ON-SET, OFF-SET and DC-SET is the universe\n"},
		{"on meets off", []string{"1-"}, nil, []string{"0-", "11"}, true,
			"ON-SET and DC-SET are disjoint\n" +
				"Some minterm(s) belong to both the ON-SET and OFF-SET !\n" +
				"DC-SET and OFF-SET are disjoint\n" +
				"Union of ON-SET, OFF-SET and DC-SET is the universe\n"},
		{"hole", []string{"1-"}, nil, []string{"00"}, true,
			ok + "There are minterms left unspecified !\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			got, err := CheckConsistency(&b, c, cubes(t, c, tt.F...), cubes(t, c, tt.D...), cubes(t, c, tt.R...), false, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.wantErr || b.String() != tt.want {
				t.Errorf("CheckConsistency = %v, %q; want %v, %q", got, b.String(), tt.wantErr, tt.want)
			}
		})
	}
}

// verify23 is verify.c's loop as 2.3 runs it, every cube against the
// whole of the other two covers: the reference for Verify's splitting.
func verify23(cube *cover.Cube, F, Fold, Dold *cover.Cover, verbose bool) (bool, string) {
	var b bytes.Buffer
	failed := false
	for _, chk := range []struct {
		x, y, z *cover.Cover
		msg     string
	}{
		{F, Fold, Dold, "some minterm in F is not covered by Fold u Dold\n"},
		{Fold, F, Dold, "some minterm in Fold is not covered by F u Dold\n"},
	} {
		list := cube.NewCubeList(chk.y, chk.z)
		taut := cube.NewTautologyChecker()
		for i := 0; i < chk.x.Count; i++ {
			if taut.CubeIsCovered(list, chk.x.At(i)) {
				continue
			}
			b.WriteString(chk.msg)
			failed = true
			if !verbose {
				break
			}
			b.WriteString(cube.Format(chk.x.At(i)) + "\n")
		}
	}
	return failed, b.String()
}

// specifiedCover returns n random cubes whose binary literals are - with
// probability pDash and 0 or 1 otherwise, and whose multiple-valued
// literals are random non-empty sets of parts: covers like a truth table's,
// which the splitter can split.
func specifiedCover(c *cover.Cube, n int, pDash float64, rng *rand.Rand) *cover.Cover {
	f := c.NewCover(n)
	for i := 0; i < n; i++ {
		p := f.AppendEmpty()
		for v := 0; v < c.NumBinaryVars; v++ {
			switch {
			case rng.Float64() < pDash:
				cover.SetInput(p, v, cover.Dash)
			case rng.IntN(2) == 0:
				cover.SetInput(p, v, cover.Zero)
			default:
				cover.SetInput(p, v, cover.One)
			}
		}
		for v := c.NumBinaryVars; v < c.NumVars; v++ {
			p.Insert(c.FirstPart[v] + rng.IntN(c.PartSize[v]))
			for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
				if rng.IntN(3) == 0 {
					p.Insert(e)
				}
			}
		}
	}
	return f
}

// TestVerifyLarge compares Verify with 2.3's loop on covers large enough
// for the splitter to split (over 4096 pairs): a cover against itself
// with cubes dropped, literals freed or cubes added, with and without a
// DC-set, given as cubes and as minterms, verbose and not, its two checks
// asked in one goroutine and in two, of the old covers as given and
// compacted.
func TestVerifyLarge(t *testing.T) {
	c, err := cover.NewCube(12, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(12, 3))
	failures := 0
	for trial := 0; trial < 200; trial++ {
		Fold := specifiedCover(c, 100+rng.IntN(300), 0.3, rng)
		D := c.NewCover(0)
		if trial%2 == 1 {
			D = specifiedCover(c, 50+rng.IntN(200), 0.3, rng)
		}
		if trial%5 >= 3 {
			// Fewer cubes, as a truth table gives them: compaction
			// merges them.
			Fold.Truncate(min(Fold.Count, 40))
			D.Truncate(min(D.Count, 20))
			Fold, D = covertest.BinaryMinterms(c, Fold), covertest.BinaryMinterms(c, D)
		}
		F := Fold.Clone()
		switch trial % 4 {
		case 1: // drop a cube
			F.Delete(rng.IntN(F.Count))
		case 2: // free a literal of one cube
			p := F.At(rng.IntN(F.Count))
			v := rng.IntN(c.NumVars)
			for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
				p.Insert(e)
			}
		case 3: // add a random cube
			F.Append(specifiedCover(c, 1, 0.3, rng).At(0))
		}
		verbose := trial%3 == 0
		want, wantOut := verify23(c, F, Fold, D, verbose)
		var got bool
		for _, parallel := range []bool{false, true} {
			for _, from := range []int{math.MaxInt, 0} {
				var b bytes.Buffer
				v := verifier{parallel: parallel, compactAt: from, coveredBy: coveredBy}
				var err error
				if got, err = v.verify(&b, c, F, Fold, D, verbose); err != nil {
					t.Fatal(err)
				}
				if got != want || b.String() != wantOut {
					t.Fatalf("trial %d, checks in two goroutines %v, covers compacted from %d cubes: Verify = %v, %q; 2.3's loop: %v, %q",
						trial, parallel, from, got, b.String(), want, wantOut)
				}
			}
		}
		if got {
			failures++
		}
	}
	if failures == 0 || failures == 200 {
		t.Errorf("%d of 200 trials failed verification: the test does not tell the outcomes apart", failures)
	}
	t.Logf("%d of 200 trials failed verification, all as 2.3's loop says", failures)
}

// TestVerifyPanicIsError makes the splitter's question panic in one check
// or both, asked in one goroutine or two, and wants an error holding the
// panic, with nothing printed, instead of a dead process.
func TestVerifyPanicIsError(t *testing.T) {
	c, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	F, Fold, D := cubes(t, c, "-1"), cubes(t, c, "01", "11"), cubes(t, c)
	tests := []struct {
		name   string
		panics func(x *cover.Cover) bool // whether the question about x ⊆ y ∪ z panics
	}{
		{"first check", func(x *cover.Cover) bool { return x == F }},
		{"second check", func(x *cover.Cover) bool { return x != F }},
		{"both checks", func(*cover.Cover) bool { return true }},
	}
	for _, tt := range tests {
		for _, parallel := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/parallel=%v", tt.name, parallel), func(t *testing.T) {
				v := verifier{parallel: parallel, compactAt: math.MaxInt,
					coveredBy: func(c *cover.Cube, x, y, z *cover.Cover) bool {
						if tt.panics(x) {
							panic("injected")
						}
						return coveredBy(c, x, y, z)
					}}
				var b bytes.Buffer
				_, err := v.verify(&b, c, F, Fold, D, true)
				var pe *workpool.PanicError
				if !errors.As(err, &pe) || pe.Value != "injected" {
					t.Fatalf("verify = error %v; want the injected panic as a *workpool.PanicError", err)
				}
				if b.Len() != 0 {
					t.Errorf("verify printed %q before its error", b.String())
				}
			})
		}
	}
}
