package minimize_test

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// stepBench are suite PLAs whose steps take long enough to time.
var stepBench = []string{"pdc", "ex1010", "spla"}

// stepInputs reads a suite PLA and runs the loop's first steps, so that
// each step's benchmark starts from the cover 2.3's espresso() hands it:
// expand gets the ON-set, irredundant the expanded cover, reduce the
// irredundant one.
func stepInputs(b *testing.B, name string) (r *minimize.Run, p *pla.PLA, expanded, irred *cover.Cover) {
	path := filepath.Join("..", "..", "shared", "espresso-suite", "pla", name)
	f, err := os.Open(path)
	if err != nil {
		b.Skipf("suite PLA not found (%v); the suite lives in ../shared next to the repository", err)
	}
	defer f.Close()
	p, err = pla.NewReader(f, name, bufio.NewWriter(io.Discard), io.Discard).Read(pla.ReadOptions{Type: pla.FD, NeedsOffset: true})
	if err != nil {
		b.Fatal(err)
	}
	r = minimize.NewRun(p.Cube, minimize.DefaultOptions())
	if expanded, err = r.Expand(p.F.Clone(), p.R, false); err != nil {
		b.Fatal(err)
	}
	if irred, err = r.Irredundant(expanded.Clone(), p.D); err != nil {
		b.Fatal(err)
	}
	return r, p, expanded, irred
}

// BenchmarkExpand times EXPAND of a suite PLA's ON-set against its OFF-set.
func BenchmarkExpand(b *testing.B) {
	for _, name := range stepBench {
		b.Run(name, func(b *testing.B) {
			r, p, _, _ := stepInputs(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := r.Expand(p.F.Clone(), p.R, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIrredundant times IRREDUNDANT of the expanded cover.
func BenchmarkIrredundant(b *testing.B) {
	for _, name := range stepBench {
		b.Run(name, func(b *testing.B) {
			r, p, expanded, _ := stepInputs(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := r.Irredundant(expanded.Clone(), p.D); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReduce times REDUCE of the irredundant cover.
func BenchmarkReduce(b *testing.B) {
	for _, name := range stepBench {
		b.Run(name, func(b *testing.B) {
			r, p, _, irred := stepInputs(b, name)
			b.ReportAllocs()
			for b.Loop() {
				r.Reduce(irred.Clone(), p.D)
			}
		})
	}
}
