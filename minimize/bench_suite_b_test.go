package minimize_test

import (
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
	"github.com/espresso-go/espresso/minimize"
)

// espressoBench are the suite PLAs on which the default minimization takes
// the most time.
var espressoBench = []string{"pdc", "ex1010", "prom2", "spla", "max1024", "b3", "intb", "soar.pla"}

// BenchmarkEspressoSuite minimizes suite PLAs (testdata/espresso-suite.zip)
// with the default options.
func BenchmarkEspressoSuite(b *testing.B) {
	for _, name := range espressoBench {
		b.Run(name, func(b *testing.B) {
			p := suite.ReadPLA(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := minimize.Espresso(p.Cube, p.F, p.D, p.R, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
