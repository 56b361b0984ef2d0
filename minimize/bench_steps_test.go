package minimize_test

import (
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/suite"
	"github.com/espresso-go/espresso/minimize"
)

// BenchmarkStep times the loop's main steps one at a time on suite PLAs,
// each from the cover 2.3's espresso() hands it: EXPAND gets the ON-set,
// IRREDUNDANT the expanded cover, REDUCE the irredundant one.
func BenchmarkStep(b *testing.B) {
	steps := []struct {
		name string
		run  func(r *minimize.Run, in, D, R *cover.Cover) (*cover.Cover, error)
	}{
		{"expand", func(r *minimize.Run, in, _, R *cover.Cover) (*cover.Cover, error) {
			return r.Expand(in, R, false)
		}},
		{"irredundant", func(r *minimize.Run, in, D, _ *cover.Cover) (*cover.Cover, error) {
			return r.Irredundant(in, D)
		}},
		{"reduce", func(r *minimize.Run, in, D, _ *cover.Cover) (*cover.Cover, error) {
			return r.Reduce(in, D)
		}},
	}
	for _, name := range []string{"pdc", "ex1010", "spla"} {
		p := suite.ReadPLA(b, name)
		r := minimize.NewRun(p.Cube, minimize.DefaultOptions())
		// The input of each step is the output of the one before.
		in := p.F
		for _, step := range steps {
			b.Run(step.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := step.run(r, in.Clone(), p.D, p.R); err != nil {
						b.Fatal(err)
					}
				}
			})
			var err error
			if in, err = step.run(r, in.Clone(), p.D, p.R); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPrimes times generating all the primes (primes_consensus, as
// -Dprimes, -Dexact and -Dqm do) on suite PLAs where 2.3 ran out of its
// 10 s for -Dprimes (misj: 139 103 primes, ex1010: 25 888) and one where it
// did not (prom2, about half a second for 2.3).
func BenchmarkPrimes(b *testing.B) {
	for _, name := range []string{"prom2", "ex1010", "misj"} {
		p := suite.ReadPLA(b, name)
		r := minimize.NewRun(p.Cube, minimize.DefaultOptions())
		b.Run(name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				F, D := p.F.Clone(), p.D.Clone()
				n = r.Primes(p.Cube.NewCubeList(F, D)).Count
			}
			b.ReportMetric(float64(n), "primes")
		})
	}
}
