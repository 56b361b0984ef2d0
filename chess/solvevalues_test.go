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
// dependencies solved in memory (the first three) or read from values files (through
// solverSource, the promotions' entries only).
func TestSolveValuesMatchesSolve(t *testing.T) {
	s := NewSolver()
	for _, tt := range []struct {
		name  string
		files bool
	}{{"KQk", false}, {"Kkp", false}, {"KRvKQ", false}, {"KRkp", true}, {"KPkp", true}} {
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

// TestSolveValuesFromFiles solves KRkp with its dependencies read from values files: the
// promotions (KRkq, KRkr, KRkb, KRkn: twins of the stored KQkr, KRkr, KBkr, KNkr, looked
// up with the black queen on the first rank and White to move) read only those entries.
func TestSolveValuesFromFiles(t *testing.T) {
	s := NewSolver()
	m := MustParseMaterial("KPkr") // KRkp's stored twin
	tb, err := s.Solve(m)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, d := range directDependencies(m) {
		dt, err := s.Solve(d.mat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := WriteValuesFile(dir, dt.Values()); err != nil {
			t.Fatal(err)
		}
	}
	l := &depLoader{s: &Solver{Deps: ValuesDir(dir)}}
	d, err := l.load(MustParseMaterial("KRkq"), depRestriction{on: true, piece: 3, row: 7, stm: 0})
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := d.wdl.v.Range(); !d.wdl.restricted || !d.wdl.flip || hi-lo != MustParseMaterial("KQkr").Size()/16 {
		t.Errorf("KRkq's promotion entries: restricted %v, flip %v, %d entries", d.wdl.restricted, d.wdl.flip, hi-lo)
	}
	v, err := (&Solver{Deps: ValuesDir(dir)}).SolveValues(m)
	if err != nil {
		t.Fatal(err)
	}
	sameValues(t, v, tb)
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
