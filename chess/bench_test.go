package chess

import "testing"

// benchSolve solves material name from scratch (sub-tables included) b.N times.
func benchSolve(b *testing.B, name string) {
	m := MustParseMaterial(name)
	for b.Loop() {
		if _, err := NewSolver().Solve(m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkKQk(b *testing.B) { benchSolve(b, "KQk") }
func BenchmarkKRk(b *testing.B) { benchSolve(b, "KRk") }
func BenchmarkKBk(b *testing.B) { benchSolve(b, "KBk") }
func BenchmarkKNk(b *testing.B) { benchSolve(b, "KNk") }
func BenchmarkKPk(b *testing.B) { benchSolve(b, "KPk") }
