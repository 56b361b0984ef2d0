package cover

import "slices"

// transversalUnion returns the union of the minimal transversals of the
// family a: the columns that belong to at least one set of [UnateComplement](a).
//
// It does not list the transversals. A column j lies in a minimal
// transversal exactly when j belongs to an inclusion-minimal set p of a:
// the columns outside p, with j added, meet every set of a (a set inside
// p lacking j would be smaller than p), and any minimal transversal inside
// them must keep j to meet p. Conversely, if T is a minimal transversal
// holding j, some set p meets T in j alone, and a minimal set inside p
// holds j too. So the union is that of a's minimal sets: quadratic in the
// number of sets where the complement can be exponential. An empty set in
// a leaves no transversal and the union empty, as UnateComplement does. The
// SIZE fields of a's sets are overwritten.
//
// 2.3's recursion stops on a family whose smallest sets have more than
// 1025 columns (see unateComplementer.selectRestricted); for families
// that wide the union is taken over UnateComplement's result, so the same
// error comes back.
func transversalUnion(a *Cover) (Set, error) {
	var t TransversalUnioner
	return t.Union(a)
}

// A TransversalUnioner finds [transversalUnion] of one family after
// another, keeping its scratch space from one to the next.
type TransversalUnioner struct {
	all, count, order []int
	minimal           []Set
}

// Union returns transversalUnion(a).
func (t *TransversalUnioner) Union(a *Cover) (Set, error) {
	u := NewSet(a.SetSize)
	if a.SetSize > 1025 {
		c, err := UnateComplement(a.Clone())
		if err != nil {
			return nil, err
		}
		for i := 0; i < c.Count; i++ {
			u.Or(u, c.At(i))
		}
		return u, nil
	}
	// In order of size a set can only be contained in an earlier one (or
	// an equal one, whose columns are in the union already): the sets are
	// taken by increasing size, counted out. The minimal sets of one
	// column, the most common, are kept as a set of columns: a later set
	// holding one of them is not minimal.
	all := slices.Grow(t.all[:0], a.Count)[:a.Count]
	for i := range all {
		all[i] = i
	}
	count := slices.Grow(t.count[:0], a.SetSize+1)[:a.SetSize+1]
	order := a.SortBySize(all, false, count, t.order)
	t.all, t.count, t.order = all, count, order
	singles := NewSet(a.SetSize)
	minimal := t.minimal[:0]
	for _, i := range order {
		p := a.At(i)
		if p.Size() == 0 {
			break // no transversal at all (sizes increase: u is empty)
		}
		if p.Size() > 1 && !p.Disjoint(singles) {
			continue
		}
		if !slices.ContainsFunc(minimal, func(m Set) bool { return m.Implies(p) }) {
			if p.Size() == 1 {
				singles.Or(singles, p)
			} else {
				minimal = append(minimal, p)
			}
			u.Or(u, p)
		}
	}
	clear(minimal) // a's sets are not kept
	t.minimal = minimal[:0]
	return u, nil
}
