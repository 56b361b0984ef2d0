package cover

import (
	"math/rand/v2"
	"testing"
)

// benchCover returns a random cover of n cubes over nbin binary inputs and
// nout outputs, each input literal being '-' with probability pdash and
// each output on with probability pout: the shape of a typical PLA.
func benchCover(b testing.TB, seed uint64, nbin, nout, n int, pdash, pout float64) (*Cube, *Cover) {
	c := tbCube(b, nbin, nout)
	r := rand.New(rand.NewPCG(seed, seed+1))
	f := c.NewCover(n)
	for i := 0; i < n; i++ {
		p := f.AppendEmpty()
		for v := 0; v < nbin; v++ {
			switch {
			case r.Float64() < pdash:
				SetInput(p, v, Dash)
			case r.IntN(2) == 0:
				SetInput(p, v, Zero)
			default:
				SetInput(p, v, One)
			}
		}
		o := c.FirstPart[nbin]
		p.Insert(o + r.IntN(nout))
		for j := 0; j < nout; j++ {
			if r.Float64() < pout {
				p.Insert(o + j)
			}
		}
	}
	return c, f
}

func BenchmarkComplement(b *testing.B) {
	c, f := benchCover(b, 1, 16, 8, 200, 0.5, 0.2)
	b.ReportAllocs()
	var n int
	for b.Loop() {
		r, err := c.Complement(c.NewCubeList(f), nil)
		if err != nil {
			b.Fatal(err)
		}
		n = r.Count
	}
	b.ReportMetric(float64(n), "cubes")
}

func BenchmarkTautology(b *testing.B) {
	// F ∪ complement(F) is a tautology; checking it explores the whole
	// recursion.
	c, f := benchCover(b, 2, 16, 8, 200, 0.5, 0.2)
	r, err := c.Complement(c.NewCubeList(f), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if !c.NewTautologyChecker().Tautology(c.NewCubeList(f, r)) {
			b.Fatal("not a tautology")
		}
	}
}

func BenchmarkCubeIsCovered(b *testing.B) {
	// Is each cube of F covered by the others and the complement's cubes
	// (as irredundant asks)?
	c, f := benchCover(b, 3, 16, 8, 200, 0.5, 0.2)
	T := c.NewCubeList(f)
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < f.Count; i++ {
			c.NewTautologyChecker().Tautology(c.Cofactor(T, f.At(i)))
		}
	}
}

func BenchmarkCubeIsCoveredChecker(b *testing.B) {
	c, f := benchCover(b, 3, 16, 8, 200, 0.5, 0.2)
	T := c.NewCubeList(f)
	k := c.NewTautologyChecker()
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < f.Count; i++ {
			k.CubeIsCovered(T, f.At(i))
		}
	}
}
