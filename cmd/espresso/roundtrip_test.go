package main

import (
	"bytes"
	"io"
	"path"
	"strconv"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/suite"
	"github.com/espresso-go/espresso/pla"
)

// TestRoundTripFDR: for every suite PLA, what espresso -Decho -ofdr prints
// reads back (as a type fdr file) to the same F, D and R, cube for cube;
// and those covers describe one function: F and R are disjoint and F, D, R
// together cover every minterm.
func TestRoundTripFDR(t *testing.T) {
	ref := suite.Open(t)
	for _, name := range ref.PLANames(t) {
		t.Run(name, func(t *testing.T) {
			src := ref.ReadFile(t, path.Join("pla", name))
			var out, errb bytes.Buffer
			if st := run([]string{"espresso", "-Decho", "-ofdr"}, bytes.NewReader(src), &out, &errb); st != 0 {
				t.Fatalf("espresso -Decho -ofdr: exit %d: %s", st, errb.String())
			}
			opt := pla.ReadOptions{Type: pla.FD, NeedsOffset: true, NeedsDCSet: true}
			orig, err := pla.NewReader(bytes.NewReader(src), name, io.Discard, io.Discard).Read(opt)
			if err != nil {
				t.Fatal(err)
			}
			// The echoed comments come first in the output; they read back as
			// comments.
			back, err := pla.NewReader(&out, name+".fdr", io.Discard, io.Discard).Read(opt)
			if err != nil {
				t.Fatal(err)
			}
			if back.Type != pla.FDR {
				t.Errorf("read back as type %d, want fdr", back.Type)
			}
			for _, c := range []struct {
				name string
				a, b *cover.Cover
			}{{"F", orig.F, back.F}, {"D", orig.D, back.D}, {"R", orig.R, back.R}} {
				if msg := sameCover(orig.Cube, c.a, c.b); msg != "" {
					t.Errorf("%s: %s", c.name, msg)
				}
			}
			cb := back.Cube
			if n := cb.Intersect(back.F, back.R).Count; n != 0 {
				t.Errorf("F and R share %d cubes", n)
			}
			if !cb.NewTautologyChecker().Tautology(cb.NewCubeList(back.F, back.D, back.R)) {
				t.Errorf("F, D and R do not cover every minterm")
			}
		})
	}
}

// sameCover compares two covers cube for cube, in order.
func sameCover(c *cover.Cube, a, b *cover.Cover) string {
	if a.Count != b.Count {
		return "different numbers of cubes: " + itoa(a.Count) + " and " + itoa(b.Count)
	}
	for i := 0; i < a.Count; i++ {
		if !a.At(i).Equal(b.At(i)) {
			return "cube " + itoa(i) + " differs: " + pla.CubeString(c, a.At(i)) + " and " + pla.CubeString(c, b.At(i))
		}
	}
	return ""
}

func itoa(n int) string { return strconv.Itoa(n) }
