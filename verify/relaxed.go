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
	x := c.SharpCover(R, D, nil)
	if w := OverlapWitness(c, F, x); w != nil {
		return nil, w
	}
	return x, nil
}

// OverlapWitness returns a minterm common to F and R, or nil when they are
// disjoint.
func OverlapWitness(c *cover.Cube, F, R *cover.Cover) cover.Set {
	t := newSplitter(c).meetOutside(F.Sets(), R.Sets(), nil, c.FullSet)
	if t == nil {
		return nil
	}
	return firstMinterm(c, t)
}

// Overlaps reports whether some cube of F intersects some cube of R. It
// splits the space instead of comparing every pair, so truth tables of
// millions of rows are answered in about n log n steps.
func Overlaps(c *cover.Cube, F, R *cover.Cover) bool {
	return newSplitter(c).meetOutside(F.Sets(), R.Sets(), nil, c.FullSet) != nil
}

// OverlapOutside returns a minterm that lies in both F and R but not in D,
// or nil when F ∩ R ⊆ D — the paper's condition for an ON-set and OFF-set
// that overlap only where nothing is cared for.
func OverlapOutside(c *cover.Cube, F, R, D *cover.Cover) (cover.Set, error) {
	s := newSplitter(c)
	bad := s.meetOutside(F.Sets(), R.Sets(), D.Sets(), c.FullSet)
	if bad == nil {
		return nil, nil
	}
	return uncoveredMinterm(c, c.NewCubeList(cover.FromSets(c.Size, s.badList)), bad)
}

func newSplitter(c *cover.Cube) *splitter { return &splitter{c: c, leaf: splitLeaf} }
