package minimize_test

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// espressoBench are the suite PLAs on which the default minimization takes
// the most time.
var espressoBench = []string{"pdc", "ex1010", "prom2", "spla", "max1024", "b3", "intb", "soar.pla"}

// BenchmarkEspressoSuite minimizes suite PLAs (../shared/espresso-suite
// next to the repository) with the default options.
func BenchmarkEspressoSuite(b *testing.B) {
	for _, name := range espressoBench {
		b.Run(name, func(b *testing.B) {
			path := filepath.Join("..", "..", "shared", "espresso-suite", "pla", name)
			f, err := os.Open(path)
			if err != nil {
				b.Skipf("suite PLA not found (%v); the suite lives in ../shared next to the repository", err)
			}
			defer f.Close()
			p, err := pla.NewReader(f, name, bufio.NewWriter(io.Discard), io.Discard).Read(pla.ReadOptions{Type: pla.FD, NeedsOffset: true})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := minimize.Espresso(p.Cube, p.F, p.D, p.R, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
