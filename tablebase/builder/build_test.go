package builder

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// TestBuildThreePiece builds every table of three pieces and compares each stored
// position's Lookup with the retrograde value (Build checks the same through bit sets
// of the covers; this asks the table itself).
func TestBuildThreePiece(t *testing.T) {
	b := NewBuilder(Options{})
	solver := chess.NewSolver()
	for _, m := range chess.Materials(3) {
		t.Run(m.SyzygyName(), func(t *testing.T) {
			tb, rep, err := b.Build(context.Background(), m)
			if err != nil {
				t.Fatal(err)
			}
			ct, err := solver.Solve(m)
			if err != nil {
				t.Fatal(err)
			}
			stored := 0
			for _, x := range storedPositions(ct, tb.Symmetry) {
				stored++
				if got, want := tb.Lookup(x), ct.Probe(int(x)).Status; got != want {
					t.Fatalf("%s: Lookup %v, retrograde %v", ct.FEN(int(x)), got, want)
				}
			}
			if stored != rep.Positions {
				t.Errorf("%d stored positions, report says %d", stored, rep.Positions)
			}
			if len(rep.Trials) != 1 || rep.Trials[rep.Chosen].Order != tb.Order {
				t.Errorf("trials %v, chosen %d, table's order %v", rep.Trials, rep.Chosen, tb.Order)
			}
		})
	}
}

// storedPositions lists the legal positions of t that a table with symmetries sym stores,
// found through chess.Canonical (which the builder does not use).
func storedPositions(t *chess.Table, sym format.Symmetry) []uint32 {
	m := t.Material()
	var out []uint32
	for x := range t.Len() {
		if s := t.Probe(x).Status; s != chess.Win && s != chess.Draw && s != chess.Loss {
			continue
		}
		if sym&format.ColourSymmetry != 0 && m.Layout().SideToMove(uint32(x)) == chess.Black {
			continue
		}
		if rep, _ := chess.Canonical(m, x); sym&format.BoardSymmetry != 0 && rep != x {
			continue
		}
		out = append(out, uint32(x))
	}
	return out
}

func TestColourSymmetric(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{{"KQk", false}, {"KQkq", true}, {"KPkp", true}, {"KQkr", false}, {"KBkn", false}, {"KNkn", true}} {
		if got := colourSymmetric(chess.MustParseMaterial(tc.name)); got != tc.want {
			t.Errorf("colourSymmetric(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCoveredSet compares coveredSet with asking every cube, on random cubes over 12 bits.
func TestCoveredSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const bits = 12
	for trial := range 200 {
		cubes := make([]format.Cube, rng.IntN(12))
		for i := range cubes {
			mask := rng.Uint32() & rng.Uint32() & (1<<bits - 1)
			if trial%5 == 0 {
				mask |= rng.Uint32() & (1<<bits - 1) // sparser cubes
			}
			cubes[i] = format.Cube{Mask: mask, Bits: rng.Uint32() & mask}
		}
		set := coveredSet(cubes, bits)
		for x := uint32(0); x < 1<<bits; x++ {
			want := false
			for _, c := range cubes {
				want = want || c.Contains(x)
			}
			if got := set[x>>6]>>(x&63)&1 != 0; got != want {
				t.Fatalf("trial %d, cubes %v: position %d covered %v, want %v", trial, cubes, x, got, want)
			}
		}
	}
}

// TestCheckFindsWrongTable makes a built table wrong in two ways and expects check to
// say so.
func TestCheckFindsWrongTable(t *testing.T) {
	m := chess.MustParseMaterial("KRk")
	tb, _, err := NewBuilder(Options{}).Build(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := chess.NewSolver().Solve(m)
	if err != nil {
		t.Fatal(err)
	}
	cls := classify(ct, tb.Symmetry)
	swapped := *tb
	swapped.Order[1], swapped.Order[2] = tb.Order[2], tb.Order[1]
	dropped := *tb
	dropped.Covers[1] = tb.Covers[1][1:]
	for name, bad := range map[string]*format.Table{"orders swapped": &swapped, "cube dropped": &dropped} {
		if err := check(bad.Order, bad.Covers, cls, m.Inputs()); err == nil {
			t.Errorf("%s: check found nothing wrong", name)
		}
	}
	if err := check(tb.Order, tb.Covers, cls, m.Inputs()); err != nil {
		t.Errorf("the built table: %v", err)
	}
}

// TestBuildFourPieceLong builds one 4-piece table of each kind (pawnless, with pawns, with
// the colour symmetry) under TABLEBASE_LONG=1; Build checks each exhaustively.
func TestBuildFourPieceLong(t *testing.T) {
	if os.Getenv("TABLEBASE_LONG") == "" {
		t.Skip("set TABLEBASE_LONG=1 to build 4-piece tables")
	}
	b := NewBuilder(Options{})
	for _, name := range []string{"KQvKN", "KRvKP", "KNvKN"} {
		if _, rep, err := b.Build(context.Background(), chess.MustParseMaterial(name)); err != nil {
			t.Error(err)
		} else {
			t.Logf("%s: %d positions, trials %v, %.1f s", name, rep.Positions, rep.Trials, rep.Minimize.Seconds())
		}
	}
}

// TestBuildMatchesTestdata: the table file of KQvK built now has the bytes of the one in
// package tablebase's testdata (written by tablebase build), so that a change of the
// builder or the encoder that alters the files shows.
func TestBuildMatchesTestdata(t *testing.T) {
	m := chess.MustParseMaterial("KQvK")
	tab, _, err := NewBuilder(Options{}).Build(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := format.Encode(&got, tab); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "testdata", format.FileName(m)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("KQvK encodes to %d bytes that differ from the %d of testdata/%s", got.Len(), len(want), format.FileName(m))
	}
}

// TestCapturesResolved builds tables with Options.CapturesResolved, whole and sliced and
// merged, and checks at every stored position that the better of the stored value and the
// best capture's is the position's value, as a probe that resolves captures reads it; and
// that such a table takes no more cubes than the exact one.
func TestCapturesResolved(t *testing.T) {
	for _, name := range []string{"KRvK", "KPvK"} {
		m := chess.MustParseMaterial(name)
		s := chess.NewSolver()
		ct, err := s.Solve(m)
		if err != nil {
			t.Fatal(err)
		}
		captures, err := s.Captures(m)
		if err != nil {
			t.Fatal(err)
		}
		exact, _, err := NewBuilder(Options{Workers: 1}).Build(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBuilder(Options{Workers: 1, CapturesResolved: true})
		whole, _, err := b.Build(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		src := Values{At: func(x int) chess.Status { return ct.Probe(x).Status }, Captures: captures.Best}
		order, _, _, err := b.SliceOrder(context.Background(), m, src)
		if err != nil {
			t.Fatal(err)
		}
		var parts []*format.Table
		for _, king := range planSquares(m) {
			part, _, err := b.BuildSlice(context.Background(), m, king, order, src)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, part)
		}
		merged, _, err := b.Merge(context.Background(), m, parts, src)
		if err != nil {
			t.Fatal(err)
		}
		if whole.Symmetry&format.CapturesResolved == 0 || merged.Symmetry&format.CapturesResolved == 0 {
			t.Errorf("%s: symmetries %d whole, %d merged: no CapturesResolved bit", name, whole.Symmetry, merged.Symmetry)
		}
		if whole.Cubes() > exact.Cubes() {
			t.Errorf("%s: %d cubes with captures resolved, %d exact", name, whole.Cubes(), exact.Cubes())
		}
		canon := format.NewCanonicalizer(m, whole.Symmetry)
		free := 0
		for x := range m.Size() {
			v := ct.Probe(x).Status
			if classOf(v) == dontCare || !canon.IsRepresentative(uint32(x)) {
				continue
			}
			best, has := captures.Best(x)
			for _, tb := range []*format.Table{whole, merged} {
				got := tb.Lookup(uint32(x))
				if got != v {
					free++
				}
				if has && best < got { // Win < Draw < Loss: the better value
					got = best
				}
				if got != v {
					t.Fatalf("%s: index %d: stored %v, best capture %v (%v), want %v", name, x, tb.Lookup(uint32(x)), best, has, v)
				}
			}
		}
		if free == 0 {
			t.Errorf("%s: every stored position holds its own value: nothing was relaxed", name)
		}
		t.Logf("%s: %d cubes exact, %d with captures resolved (%d merged from slices); %d stored values differ", name, exact.Cubes(), whole.Cubes(), merged.Cubes(), free)
	}
}

// planSquares returns the white king's squares of m's slices under the board's symmetry.
func planSquares(m chess.Material) []int {
	canon := format.NewCanonicalizer(m, format.BoardSymmetry)
	var out []int
	for king := range 64 {
		if canon.Least(king) == king {
			out = append(out, king)
		}
	}
	return out
}
