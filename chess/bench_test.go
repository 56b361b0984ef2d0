package chess

import "testing"

// benchSolve solves material name b.N times; its sub-tables (captures, promotions) are
// solved once beforehand and stay cached, so the figure is for the table alone (or for its
// colour-flipped twin, which is what is solved when its name sorts first, plus the
// derivation).
func benchSolve(b *testing.B, name string) {
	m := MustParseMaterial(name)
	s := NewSolver()
	if _, err := s.Solve(m); err != nil {
		b.Fatal(err)
	}
	c0 := cpuTime()
	for b.Loop() {
		delete(s.cache, m.key())
		f, _ := m.flipped()
		delete(s.cache, f.key()) // else m may be derived from its cached twin
		if _, err := s.Solve(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
}

// benchSolveAll solves material name and everything it depends on from scratch, as
// chess2pla does. Besides CPU seconds it reports peak-MB, the peak resident memory of the
// test process so far: the figure of the material alone when the benchmark runs alone
// (e.g. -bench 'KPkpWithSubtables$' -benchtime 1x).
func benchSolveAll(b *testing.B, name string) {
	m := MustParseMaterial(name)
	c0 := cpuTime()
	for b.Loop() {
		if _, err := NewSolver().Solve(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
	if pm := peakMemory(); pm > 0 {
		b.ReportMetric(float64(pm)/(1<<20), "peak-MB")
	}
}

func BenchmarkKk(b *testing.B)  { benchSolve(b, "Kk") }
func BenchmarkKQk(b *testing.B) { benchSolve(b, "KQk") }
func BenchmarkKRk(b *testing.B) { benchSolve(b, "KRk") }
func BenchmarkKBk(b *testing.B) { benchSolve(b, "KBk") }
func BenchmarkKNk(b *testing.B) { benchSolve(b, "KNk") }
func BenchmarkKPk(b *testing.B) { benchSolve(b, "KPk") }

func BenchmarkKPkWithSubtables(b *testing.B) { benchSolveAll(b, "KPk") }

func BenchmarkKQkr(b *testing.B) { benchSolve(b, "KQkr") }
func BenchmarkKRkp(b *testing.B) { benchSolve(b, "KRkp") }
func BenchmarkKPkp(b *testing.B) { benchSolve(b, "KPkp") }
func BenchmarkKBNk(b *testing.B) { benchSolve(b, "KBNk") }
func BenchmarkKPPk(b *testing.B) { benchSolve(b, "KPPk") }

// The retrograde benchmarks that stay: a pawnless and a pawn 4-piece material with all
// their sub-tables (KPkp needs 15 4-piece tables through its promotions).
func BenchmarkKQkrWithSubtables(b *testing.B) { benchSolveAll(b, "KQkr") }
func BenchmarkKPkpWithSubtables(b *testing.B) { benchSolveAll(b, "KPkp") }

// BenchmarkWritePLA writes the full KQk truth table (2^19 rows) to io.Discard.
func BenchmarkWritePLA(b *testing.B) {
	tb, err := NewSolver().Solve(MustParseMaterial("KQk"))
	if err != nil {
		b.Fatal(err)
	}
	var cw countWriter
	for b.Loop() {
		if err := tb.WritePLA(&cw, PLAOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(cw.n / int64(b.N))
}

type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

func BenchmarkKRPk(b *testing.B) { benchSolve(b, "KRPk") }
