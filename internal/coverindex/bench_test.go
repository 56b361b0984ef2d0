package coverindex

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

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
	c, err := cover.NewCube(nbin, []int{3})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	cube := func(f *cover.Cover, pdash func(v int) float64) {
		p := f.AppendEmpty()
		for v := range nbin {
			switch {
			case r.Float64() < pdash(v):
				cover.SetInput(p, v, cover.Dash)
			case r.IntN(2) == 0:
				cover.SetInput(p, v, cover.Zero)
			default:
				cover.SetInput(p, v, cover.One)
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
		{"binding-order", bindingOrder(c, R), true},
		{"binding-order-prefix-tree", bindingOrder(c, R), false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			t := transposeSorted(c, R, bc.rank)
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
