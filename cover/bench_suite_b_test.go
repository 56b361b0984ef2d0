package cover_test

import (
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
)

// suiteBench are suite PLAs whose complement takes the most time in 2.3,
// and signet, where the complement is most of a run.
var suiteBench = []string{"mainpla", "pdc", "xparc", "bca", "signet"}

// BenchmarkComplementSuite complements F ∪ D of suite PLAs, as reading a
// PLA of type fd does to get R.
func BenchmarkComplementSuite(b *testing.B) {
	for _, name := range suiteBench {
		b.Run(name, func(b *testing.B) {
			p := suite.ReadPLA(b, name)
			c := p.Cube
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.Complement(c.NewCubeList(p.F, p.D), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTautologySuite checks F ∪ D ∪ R of suite PLAs (a tautology).
func BenchmarkTautologySuite(b *testing.B) {
	for _, name := range suiteBench {
		b.Run(name, func(b *testing.B) {
			p := suite.ReadPLA(b, name)
			c := p.Cube
			k := c.NewTautologyChecker()
			b.ReportAllocs()
			for b.Loop() {
				if !k.Tautology(c.NewCubeList(p.F, p.D, p.R)) {
					b.Fatal("F ∪ D ∪ R is not a tautology")
				}
			}
		})
	}
}

// BenchmarkCubeIsCoveredSuite asks, for each cube of F, whether the other
// cubes of F and D cover it (irredundant's first question).
func BenchmarkCubeIsCoveredSuite(b *testing.B) {
	for _, name := range suiteBench {
		b.Run(name, func(b *testing.B) {
			p := suite.ReadPLA(b, name)
			c := p.Cube
			k := c.NewTautologyChecker()
			T := c.NewCubeList(p.F, p.D)
			b.ReportAllocs()
			for b.Loop() {
				for i := 0; i < p.F.Count; i++ {
					k.CubeIsCovered(T, p.F.At(i))
				}
			}
		})
	}
}
