package tablebase_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase"
	"github.com/espresso-go/espresso/tablebase/format"
)

// TestProbeAllPositions probes every position of every table in $TABLEBASE_DIR and of its
// colour-swapped twin material, both sides to move, and compares with the retrograde
// values of package chess: a legal position must get its value, any other an error.
// It solves each material afresh (one at a time, to bound the memory).
func TestProbeAllPositions(t *testing.T) {
	dir := tbref.Dir(t, "TABLEBASE_DIR", "tablebase build --out DIR --pieces 4, or some of its materials")
	start := time.Now()
	tb, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"+format.FileExt))
	var total, mismatches int
	for _, name := range names {
		m := chess.MustParseMaterial(strings.TrimSuffix(filepath.Base(name), format.FileExt))
		if m.NumPieces() >= 5 {
			t.Logf("%s: five pieces, left to TestProbeFiveSample", filepath.Base(name))
			continue
		}
		s := chess.NewSolver()
		s.Workers = 2
		for _, mm := range []string{m.SyzygyName(), twin(m.SyzygyName())} {
			t0 := time.Now()
			ct, err := s.Solve(chess.MustParseMaterial(mm))
			if err != nil {
				t.Fatal(err)
			}
			solved := time.Since(t0)
			n, bad := probeAll(t, tb, ct)
			total += n
			mismatches += bad
			t.Logf("%-7s %9d legal positions, %d mismatches (solved in %v, probed in %v)", mm, n, bad,
				solved.Round(time.Millisecond), (time.Since(t0) - solved).Round(time.Millisecond))
			if mm == twin(mm) {
				break
			}
		}
	}
	t.Logf("%d tables and their twins: %d legal positions probed, %d mismatches, in %v", len(names), total, mismatches,
		time.Since(start).Round(time.Second))
}

// probeAll probes every index of ct on two goroutines and returns the number of legal
// positions and of mismatches (a wrong value, or an error for a legal position or none
// for another).
func probeAll(t *testing.T, tb *tablebase.Tablebase, ct *chess.Table) (legal, bad int) {
	m := ct.Material()
	n := m.NumPieces()
	const workers = 2
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := tablebase.Position{Pieces: make([]tablebase.Placement, n)}
			for j := range p.Pieces {
				p.Pieces[j].Piece = m.Pieces[j]
			}
			nLegal, nBad := 0, 0
			for x := w; x < ct.Len(); x += workers {
				p.SideToMove = m.Layout().SideToMove(uint32(x))
				for j := range n {
					p.Pieces[j].Square = m.Layout().Square(uint32(x), j)
				}
				want := ct.Probe(x).Status
				got, err := tb.Probe(&p)
				ok := err == nil && got == valueOf(want)
				if want == chess.Invalid || want == chess.Illegal {
					ok = err != nil
				} else if ok {
					nLegal++
				}
				if !ok {
					nBad++
					if nBad <= 3 {
						t.Errorf("%v: %s probed as %v (error %v), want %v", m, ct.FEN(x), got, err, want)
					}
				}
			}
			mu.Lock()
			legal += nLegal
			bad += nBad
			mu.Unlock()
		}()
	}
	wg.Wait()
	return legal, bad
}
