package verify

import "github.com/espresso-go/espresso/cover"

// RelaxedOffSet implements the paper's relaxed consistency: the ON-set and
// the OFF-set may overlap, but only inside the don't-care set. It returns
// the blocking cover to use while F is minimized, R − D, or, when some
// minterm lies in F ∩ R outside D, that minterm as a witness (and a nil
// cover). ESPRESSO 2.3 instead stops with "ON-set and OFF-set are not
// orthogonal" on any overlap.
//
// The same call with F and R exchanged gives F − D, the blocking cover for
// minimizing the OFF-set (as -epos does).
func RelaxedOffSet(c *cover.Cube, F, D, R *cover.Cover) (blocking *cover.Cover, witness cover.Set) {
	x := c.SharpCover(R, D)
	if w := OverlapWitness(c, F, x); w != nil {
		return nil, w
	}
	return x, nil
}

// OverlapWitness returns a minterm common to F and R, or nil when they are
// disjoint.
func OverlapWitness(c *cover.Cube, F, R *cover.Cover) cover.Set {
	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		for j := 0; j < R.Count; j++ {
			if q := R.At(j); c.Dist0(p, q) {
				return firstMinterm(c, c.NewSet().And(p, q))
			}
		}
	}
	return nil
}

// Overlaps reports whether some cube of F intersects some cube of R.
func Overlaps(c *cover.Cube, F, R *cover.Cover) bool {
	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		for j := 0; j < R.Count; j++ {
			if c.Dist0(p, R.At(j)) {
				return true
			}
		}
	}
	return false
}
