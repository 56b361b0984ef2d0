package verify

import "github.com/espresso-go/espresso/cover"

// A splitter answers questions about pairs of covers — is every cube of one
// covered by the other, do two covers meet — without comparing every cube
// of one with every cube of the other, which is quadratic and hopeless for
// truth tables of millions of rows. It splits the space on binary
// variables, as a k-d tree does: a region keeps only the cubes that meet
// it, so each question is asked against the few cubes near the cube in
// question. Below leaf pairs (cubes of one list times cubes of the other),
// or where no variable splits the cubes well, it answers directly.
type splitter struct {
	c       *cover.Cube
	leaf    int
	badList []cover.Set   // search: the cubes of ys in the region of the failure
	counts  []int         // splitVar's scratch
	bufs    [][]cover.Set // half's buffers, three per depth
	regions []cover.Set   // region's buffers, one per depth
	tmp     cover.Set
	taut    *cover.TautologyChecker
	noCof   cover.Set // the empty cofactor of the lists of the leaves
}

// isCovered reports whether p is covered by the cubes of list, with the
// scratch storage of the splitter's tautology checker.
func (s *splitter) isCovered(list []cover.Set, p cover.Set) bool {
	if s.taut == nil {
		s.taut, s.noCof = s.c.NewTautologyChecker(), s.c.NewSet()
	}
	return s.taut.CubeIsCovered(cover.CubeList{Cof: s.noCof, Cubes: list}, p)
}

// region returns a copy of parent in the buffer kept for the regions of
// depth d+1 (the two halves of a level are visited one after the other).
func (s *splitter) region(d int, parent cover.Set) cover.Set {
	for len(s.regions) <= d {
		s.regions = append(s.regions, s.c.NewSet())
	}
	return s.regions[d].Copy(parent)
}

// scratch returns a cube to compute in, overwritten by the next call.
func (s *splitter) scratch() cover.Set {
	if s.tmp == nil {
		s.tmp = s.c.NewSet()
	}
	return s.tmp
}

// half returns the cubes of list k (0, 1 or 2) that allow half in binary
// variable v, in a buffer kept for recursion depth d: the two halves of a
// level are used one after the other, so each depth needs one buffer per
// list, and the search allocates nothing once its buffers have grown.
func (s *splitter) half(d, k int, list []cover.Set, v, half int) []cover.Set {
	for len(s.bufs) <= 3*d+k {
		s.bufs = append(s.bufs, nil)
	}
	b := s.bufs[3*d+k][:0]
	if cap(b) < len(list) {
		// At most the whole list: made at that size once, not grown.
		b = make([]cover.Set, 0, len(list))
	}
	for _, p := range list {
		if cover.Input(p, v)&half != 0 {
			b = append(b, p)
		}
	}
	s.bufs[3*d+k] = b
	return b
}

// split narrows region until the question leaf answers can be asked of
// few cubes: it keeps, in each half of a split variable, the cubes of xs,
// ys and zs that meet the half, and returns the first non-nil answer of
// leaf. The pairs of xs and ys choose the variable (see splitVar); zs is
// carried along. Every cube of the three lists meets region.
func (s *splitter) split(d int, xs, ys, zs []cover.Set, region cover.Set, leaf func(xs, ys, zs []cover.Set, region cover.Set) cover.Set) cover.Set {
	if len(xs) == 0 {
		return nil
	}
	v := -1
	if len(xs)*len(ys) > s.leaf {
		v = s.splitVar(region, xs, ys)
	}
	if v < 0 {
		return leaf(xs, ys, zs, region)
	}
	for _, half := range [2]int{cover.Zero, cover.One} {
		r := s.region(d, region)
		cover.SetInput(r, v, half)
		if bad := s.split(d+1, s.half(d, 0, xs, v, half), s.half(d, 1, ys, v, half), s.half(d, 2, zs, v, half), r, leaf); bad != nil {
			return bad
		}
	}
	return nil
}

// search returns a cube (a cube of xs cut to region) not covered by ys, or
// nil; every cube of xs and ys meets region.
func (s *splitter) search(xs, ys []cover.Set, region cover.Set) cover.Set {
	return s.split(0, xs, ys, nil, region, func(xs, ys, _ []cover.Set, region cover.Set) cover.Set {
		for _, p := range xs {
			q := s.scratch().And(p, region)
			if !s.isCovered(ys, q) {
				s.badList = ys
				return q.Clone()
			}
		}
		return nil
	})
}

// meetOutside returns a cube inside region that lies in a cube of xs and a
// cube of ys but is not covered by zs, or nil when every intersection of xs
// and ys is covered by zs. Every cube of the three lists meets region.
// With zs empty it finds any intersection of xs and ys.
func (s *splitter) meetOutside(xs, ys, zs []cover.Set, region cover.Set) cover.Set {
	c := s.c
	return s.split(0, xs, ys, zs, region, func(xs, ys, zs []cover.Set, region cover.Set) cover.Set {
		for _, p := range xs {
			for _, q := range ys {
				if !c.Dist0(p, q) {
					continue
				}
				t := s.scratch().And(p, q)
				t.And(t, region)
				if !s.isCovered(zs, t) {
					s.badList = zs
					return t.Clone()
				}
			}
		}
		return nil
	})
}

// splitVar picks the binary variable, full in region, on which splitting
// the pairs of xs and ys costs least — the pairs left are |xs₀||ys₀| +
// |xs₁||ys₁|, where cubes that do not specify the variable go to both
// halves — or -1 when no variable halves the pairs at least. The cubes of
// the further lists go to both halves as well, but are not counted. Since
// every split at least halves the pairs, the work cannot blow up on covers
// full of don't-care literals: it falls back to comparing pairs directly.
func (s *splitter) splitVar(region cover.Set, xs, ys []cover.Set) int {
	nv := s.c.NumBinaryVars
	if cap(s.counts) < 4*nv {
		s.counts = make([]int, 4*nv)
	}
	// counts[4v+k]: cubes of xs (k=0,1) or ys (k=2,3) allowing 0 or 1 in v.
	counts := s.counts[:4*nv]
	clear(counts)
	tally := func(list []cover.Set, k int) {
		for _, p := range list {
			for v := 0; v < nv; v++ {
				in := cover.Input(p, v)
				counts[4*v+k] += in & cover.Zero
				counts[4*v+k+1] += (in & cover.One) >> 1
			}
		}
	}
	tally(xs, 0)
	tally(ys, 2)
	best, bestCost := -1, len(xs)*len(ys)*15/16
	for v := 0; v < nv; v++ {
		if cover.Input(region, v) != cover.Dash {
			continue
		}
		if cost := counts[4*v]*counts[4*v+2] + counts[4*v+1]*counts[4*v+3]; cost < bestCost {
			best, bestCost = v, cost
		}
	}
	return best
}
