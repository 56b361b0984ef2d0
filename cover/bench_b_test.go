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
		if !c.Tautology(c.NewCubeList(f, r)) {
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
			c.CubeIsCovered(T, f.At(i))
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

// BenchmarkTransposedNear asks, for each of 256 cubes, which cubes of a
// sorted cover of 2^16 are at distance 0 or 1 from it, as EXPAND's first
// step asks of its OFF-set. The cover's first variables are mostly free
// and its last mostly bound (as in a chess table's OFF-set, where the
// variables bound most are not the first), so taking the variables in
// index order (as TransposeSorted did before bindingOrder) tells the
// groups far from a cube later than taking those most cubes bind first;
// and walking the prefix tree of the sorted cover (as Near does) leaves
// most groups unvisited.
func BenchmarkTransposedNear(b *testing.B) {
	const nbin, n = 24, 1 << 16
	c := tbCube(b, nbin, 3)
	r := rand.New(rand.NewPCG(5, 6))
	cube := func(f *Cover, pdash func(v int) float64) {
		p := f.AppendEmpty()
		for v := range nbin {
			switch {
			case r.Float64() < pdash(v):
				SetInput(p, v, Dash)
			case r.IntN(2) == 0:
				SetInput(p, v, Zero)
			default:
				SetInput(p, v, One)
			}
		}
		p.Insert(c.FirstPart[nbin] + r.IntN(3))
	}
	R, queries := c.NewCover(n), c.NewCover(256)
	for range n {
		cube(R, func(v int) float64 { return 0.9 - 0.85*float64(v)/nbin })
	}
	for range 256 {
		cube(queries, func(int) float64 { return 0.1 })
	}
	for _, bc := range []struct {
		name   string
		rank   []int
		groups bool // scan every group, even with a prefix tree
	}{
		{"index-order", nil, true},
		{"binding-order", c.bindingOrder(R), true},
		{"binding-order-prefix-tree", c.bindingOrder(R), false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			t := c.transposeSorted(R, bc.rank)
			active := t.All(make([]uint64, t.Groups()))
			d0, d1 := make([]uint64, t.Groups()), make([]uint64, t.Groups())
			for b.Loop() {
				for q := range queries.All() {
					if bc.groups {
						t.plan(q)
						t.nearGroups(active, d0, d1)
						continue
					}
					t.Near(q, active, d0, d1)
				}
			}
		})
	}
}
