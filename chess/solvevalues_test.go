package chess

import (
	"bytes"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// sameValues fails unless v holds tb's statuses at every index (tb in v's material's
// order).
func sameValues(t *testing.T, v *Values, tb *Table) {
	t.Helper()
	if v.Material().key() != tb.Material().key() {
		t.Fatalf("values of %v, want %v", v.Material(), tb.Material())
	}
	for i := 0; i < tb.Len(); i++ {
		if got, want := v.At(i), tb.Probe(i).Status; got != want {
			t.Fatalf("%v index %d (%s): %v, want %v", tb.Material(), i, tb.FEN(i), got, want)
		}
	}
}

// solverSource serves the values of the tables a Solver computes as values files.
type solverSource struct{ s *Solver }

func (src solverSource) OpenValues(m Material) (*ValuesReader, error) {
	sm, _, _ := stored(m)
	tb, err := src.s.Solve(sm)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := tb.Values().WriteTo(&buf); err != nil {
		return nil, err
	}
	return NewValuesReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), ValuesName(sm))
}

// TestSolveValuesMatchesSolve checks that SolveValues, which keeps no distances (a win
// through a dependency counts as a win in 1), gives the win/draw/loss of Solve's table at
// every index: of the stored material when asked for a twin, with en passant (KPkp), the
// dependencies solved in memory (the first two) or read from values files (through
// solverSource, the promotions' entries only: of both colours, twins for Black's).
func TestSolveValuesMatchesSolve(t *testing.T) {
	s := NewSolver()
	for _, tt := range []struct {
		name  string
		files bool
	}{{"KQk", false}, {"KRvKQ", false}, {"Kkp", true}, {"KPkp", true}} {
		t.Run(tt.name, func(t *testing.T) {
			m := MustParseMaterial(tt.name)
			vs := &Solver{Workers: 2}
			if tt.files {
				vs.Deps = solverSource{s}
			}
			v, err := vs.SolveValues(m)
			if err != nil {
				t.Fatal(err)
			}
			sm, _, _ := stored(m)
			tb, err := s.Solve(sm)
			if err != nil {
				t.Fatal(err)
			}
			sameValues(t, v, tb)
		})
	}
}

// TestSolveValuesRestricted checks which entries of a promotion's values a solve of Kkp
// reads from a values file: those of Kkq's stored twin KQk with the queen on the eighth
// rank and Black to move (the black queen on the first rank, White to move, mirrored).
func TestSolveValuesRestricted(t *testing.T) {
	s := NewSolver()
	l := &depLoader{s: &Solver{Deps: solverSource{s}}}
	d, err := l.load(MustParseMaterial("Kkq"), depRestriction{on: true, piece: 2, row: 7, stm: 0})
	if err != nil {
		t.Fatal(err)
	}
	w := d.wdl
	if lo, hi := w.v.Range(); !w.restricted || !w.flip || w.stm != 1 || w.row != 0 || hi-lo != MustParseMaterial("KQk").Size()/16 {
		t.Errorf("restricted %v, flip %v, stm %d, row %d, %d entries", w.restricted, w.flip, w.stm, w.row, hi-lo)
	}
	tb, err := s.Solve(MustParseMaterial("Kkq"))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < tb.Len(); i++ {
		stm, sq := tb.Decode(i)
		if stm != White || sq[2]>>3 != 7 {
			continue
		}
		if got, want := decodeValue(d.value(uint32(i))).Status, tb.Probe(i).Status; got != want && want != Invalid {
			t.Fatalf("index %d (%s): %v, want %v", i, tb.FEN(i), got, want)
		}
	}
	if l.bad.Load() {
		t.Error("a lookup outside the restriction")
	}
	d.value(0) // Black's queen on a8: outside
	if !l.bad.Load() {
		t.Error("a lookup outside the restriction passed unnoticed")
	}
}

// TestSolveValuesMissing checks that a five-piece dependency missing from Deps is an
// error naming it and its file, before anything is solved.
func TestSolveValuesMissing(t *testing.T) {
	dir := t.TempDir()
	_, err := (&Solver{Deps: ValuesDir(dir)}).SolveValues(MustParseMaterial("KRPvKR"))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "KQRkr") || !strings.Contains(err.Error(), filepath.Join(dir, "KQRvKR.wdl2")) {
		t.Errorf("error %v, want one naming KQRkr and %s", err, filepath.Join(dir, "KQRvKR.wdl2"))
	}
	_, err = (&Solver{}).SolveValues(MustParseMaterial("KRPvKR"))
	if err == nil || !strings.Contains(err.Error(), "KQRkr") {
		t.Errorf("without Deps: error %v, want one naming KQRkr", err)
	}
}
