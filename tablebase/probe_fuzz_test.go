package tablebase_test

import (
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/internal/tbtest"
)

// FuzzProbeFEN: ProbeFEN on the tables of up to three pieces never panics, fails on
// what tablebase.ParseFEN rejects, and answers a position without an en passant square that one of
// the tables holds as the solved table does, or with an error where the solver marks it
// illegal.
func FuzzProbeFEN(f *testing.F) {
	for _, s := range []string{
		"k7/7Q/1K6/8/8/8/8/8 w - - 0 1",
		"k7/8/1Q6/8/8/8/8/7K b - -",
		"q7/8/8/8/8/8/8/1K1k4 b - - 3 40",
		"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1",
		"8/8/8/4p3/8/8/8/K1k5 w - e6",
		"8/8/8/8/8/8/8/KQkq4 w - -",
		"K7/8/k7/8/8/8/8/8 w - -",
		"",
	} {
		f.Add(s)
	}
	tb, err := tablebase.Open(tbtest.Dir(f, tbtest.Specs3))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := tb.ProbeFEN(s)
		p, perr := tablebase.ParseFEN(s)
		if perr != nil {
			if err == nil {
				t.Fatalf("ProbeFEN(%q) = %v, but tablebase.ParseFEN rejects it: %v", s, got, perr)
			}
			return
		}
		if p.EnPassant != 0 {
			return
		}
		for _, spec := range tbtest.Specs3 {
			ct := tbtest.Solved(t, spec.Material)
			squares, ok := squaresOf(ct.Material(), &p)
			if !ok {
				continue
			}
			x, ierr := ct.Index(p.SideToMove, squares)
			if ierr != nil {
				t.Fatalf("%s: Index(%v, %v): %v", s, p.SideToMove, squares, ierr)
			}
			want := ct.Probe(x).Status
			switch {
			case want == chess.Invalid || want == chess.Illegal:
				if err == nil {
					t.Fatalf("ProbeFEN(%q) = %v, want an error (%v)", s, got, want)
				}
			case err != nil || got != valueOf(want):
				t.Fatalf("ProbeFEN(%q) = %v (error %v), want %v", s, got, err, want)
			}
			return
		}
	})
}

// squaresOf returns the squares of p's pieces in the order of m's, and whether p's pieces
// are m's; m has no two equal pieces.
func squaresOf(m chess.Material, p *tablebase.Position) ([]int, bool) {
	if len(p.Pieces) != len(m.Pieces) {
		return nil, false
	}
	squares := make([]int, len(m.Pieces))
	for j, pc := range m.Pieces {
		found := false
		for _, q := range p.Pieces {
			if q.Piece == pc {
				squares[j], found = q.Square, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return squares, true
}
