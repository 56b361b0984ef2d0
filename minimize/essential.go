package minimize

import (
	"math"
	"math/bits"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
)

// Essential returns the cubes of F that are essential primes with respect
// to F ∪ D, removes them from F and adds them to D; it returns the new F,
// the new D and the essentials (essential).
//
// Only cubes flagged RelativelyEssential by irredundant and not flagged NonEssential by
// expand are tested. F is overwritten; D is not.
func (r *Run) Essential(F, D *cover.Cover) (newF, newD, E *cover.Cover, err error) {
	if r.tautTrace != nil {
		// 2.3's lists, in its order, for its TAUT lines.
		return r.essentialIndexed(F, D, math.MaxInt)
	}
	return r.essentialIndexed(F, D, dIndexFrom)
}

// essentialOf is Essential asking its question of Dc, a cover of D's
// points (compactDC), where R is the complement of F ∪ D
// (SetOffsetComplete), and returning D with the essentials added. A prime
// c is essential iff the consensus of c with (F ∪ D) # c, with D, does not
// cover c, for any cover F ∪ D of the function: the answer depends on D's
// points, and D compacted has far fewer cubes to take the consensus with
// and to recur over (a truth table's 478 151 DC minterms). Where R holds
// less than that complement, a cube EXPAND makes may reach past F ∪ D and
// not be a prime of it; there the question keeps D's cubes, as 2.3 asks it.
func (r *Run) essentialOf(F, D, Dc *cover.Cover) (newF, newD, E *cover.Cover, err error) {
	if Dc == D || !r.offsetComplete {
		return r.Essential(F, D)
	}
	F, _, E, err = r.essentialIndexed(F, Dc, dIndexFrom)
	if err != nil {
		return nil, nil, nil, err
	}
	return F, cover.Join(D, E), E, nil
}

// essentialIndexed is Essential finding the cubes of F and of D near each
// cube through an index of each that has indexFrom cubes or more. Whether a cube
// is essential does not depend on the answers for the others (essen_cube
// looks at all of F, whatever its flags): the questions are spread over
// the run's workers, and the answers taken in F's order.
func (r *Run) essentialIndexed(F, D *cover.Cover, indexFrom int) (newF, newD, E *cover.Cover, err error) {
	cube := r.cube
	r.progress(EssenTime, -1, F.Count)
	F.SetAllActive()
	var asked []int
	for i := 0; i < F.Count; i++ {
		if p := F.At(i); !p.Test(cover.NonEssential) && p.Test(cover.RelativelyEssential) {
			asked = append(asked, i)
		}
	}
	checkers := r.checkers(len(asked) * (F.Count + D.Count))
	scratch := make([]*essenScratch, len(checkers))
	for w, taut := range checkers {
		scratch[w] = &essenScratch{taut: taut, H: r.consensus,
			temp: cube.NewSet(), pDiffC: cube.NewSet(), pAndC: cube.NewSet()}
		if w > 0 {
			scratch[w].H = cube.NewCover(0)
		}
	}
	if F.Count >= indexFrom {
		scratch[0].nearF = newNear(indexOf(cube, F, r.sortedFrom))
		for w := 1; w < len(scratch); w++ {
			scratch[w].nearF = newNear(scratch[0].nearF.idx.Shared())
		}
	}
	if D.Count >= indexFrom {
		scratch[0].nearD = newNear(indexOf(cube, D, r.sortedFrom))
		for w := 1; w < len(scratch); w++ {
			scratch[w].nearD = newNear(scratch[0].nearD.idx.Shared())
		}
	}
	essential := make([]bool, len(asked))
	err = forEachParallel(len(asked), len(scratch), parallelChunk, func(w, k int) {
		essential[k] = scratch[w].essenCube(cube, F, D, F.At(asked[k]))
	})
	r.consensus = scratch[0].H
	if err != nil {
		return nil, nil, nil, err
	}

	E = cube.NewCover(10)
	for k, i := range asked {
		if !essential[k] {
			continue
		}
		p := F.At(i)
		if r.opt.Debug&DebugEssen != 0 {
			r.debugf(DebugEssen, "ESSENTIAL: %s\n", formatCube(cube, p))
		}
		E.Append(p)
		p.ResetFlag(cover.Active)
		F.ActiveCount--
	}
	F = F.RemoveInactive()
	return F, cover.Join(D, E), E, nil
}

// essenScratch is what one goroutine asking essen_cube's question needs:
// a tautology checker, the consensus cover H, scratch cubes, and the
// indexes of F and of D, where they are indexed.
type essenScratch struct {
	taut                *cover.TautologyChecker
	H                   *cover.Cover
	temp, pDiffC, pAndC cover.Set
	nearF, nearD        *near
}

// essenCube reports whether the prime c of F is essential: c is essential
// iff consensus((F ∪ D) # c, c) ∪ D does not cover c (essen_cube).
func (s *essenScratch) essenCube(cube *cover.Cube, F, D *cover.Cover, c cover.Set) bool {
	H := s.H
	H.Truncate(0)
	temp, pDiffC, pAndC := s.temp, s.pDiffC, s.pAndC
	// 2.3 takes the consensus over a copy of F ∪ D, skipping c by address,
	// which skips nothing; so c itself is not skipped here either.
	if s.nearF != nil {
		H = s.nearF.cbConsensus(cube, H, F, c, temp, pDiffC, pAndC)
	} else {
		H = cbConsensus(cube, H, F, c, temp, pDiffC, pAndC)
	}
	if s.nearD == nil {
		H = cbConsensus(cube, H, D, c, temp, pDiffC, pAndC)
		s.H = H
		return !s.taut.CubeIsCoveredBy(c, cover.IndexedCover{Cover: H}, cover.IndexedCover{Cover: D})
	}
	H = s.nearD.cbConsensus(cube, H, D, c, temp, pDiffC, pAndC)
	s.H = H
	return !s.taut.CubeIsCoveredBy(c, cover.IndexedCover{Cover: H}, cover.IndexedCover{Cover: D, Index: s.nearD.idx})
}

// near is an index of a cover for essenCube, with its scratch masks.
type near struct {
	idx               *coverindex.Transposed
	all, dist0, dist1 []uint64
}

// newNear returns the index idx of a cover with essenCube's masks.
func newNear(idx *coverindex.Transposed) *near {
	n := &near{idx: idx}
	groups := n.idx.Groups()
	n.all = n.idx.All(make([]uint64, groups))
	n.dist0, n.dist1 = make([]uint64, groups), make([]uint64, groups)
	return n
}

// cbConsensus is the function cbConsensus for the cover T that n indexes:
// the cubes of T at distance 0 or 1 from c, the only ones that add to R,
// are found 64 at a time, and taken in the index's order, sorted or not
// (which does not change whether R and D cover c).
func (n *near) cbConsensus(cube *cover.Cube, R, T *cover.Cover, c, temp, pDiffC, pAndC cover.Set) *cover.Cover {
	n.idx.Near(c, n.all, n.dist0, n.dist1)
	for g, d1 := range n.dist1 {
		d0 := n.dist0[g]
		for m := d0 | d1; m != 0; m &= m - 1 {
			b := bits.TrailingZeros64(m)
			p := T.At(n.idx.Index(g*64 + b))
			if d0>>b&1 != 0 {
				R = cbConsensusDist0(cube, R, p, c, temp, pDiffC, pAndC)
			} else {
				cube.Consensus(temp, p, c)
				R.Append(temp)
			}
		}
	}
	return R
}

// cbConsensus adds to R consensus(T # c, c) and returns R (cb_consensus,
// for the cubes of T).
func cbConsensus(cube *cover.Cube, R, T *cover.Cover, c, temp, pDiffC, pAndC cover.Set) *cover.Cover {
	for i := 0; i < T.Count; i++ {
		p := T.At(i)
		switch cube.Dist01(p, c) {
		case 0:
			R = cbConsensusDist0(cube, R, p, c, temp, pDiffC, pAndC)
		case 1:
			cube.Consensus(temp, p, c)
			R.Append(temp)
		}
	}
	return R
}

// cbConsensusDist0 adds to R consensus(p # c, c) for cubes p and c that
// intersect (cb_consensus_dist0).
func cbConsensusDist0(cube *cover.Cube, R *cover.Cover, p, c, temp, pDiffC, pAndC cover.Set) *cover.Cover {
	if p.Implies(c) {
		return R
	}
	temp.Clear()
	gotOne := false
	pDiffC.Diff(p, c)
	pAndC.And(p, c)
	for v := cube.NumBinaryVars; v < cube.NumVars; v++ {
		mask := cube.VarMask[v]
		if !pDiffC.Disjoint(mask) {
			temp.Merge(c, pAndC, mask)
			R.Append(temp)
			gotOne = true
		}
	}
	if !gotOne && cube.NumBinaryVars > 0 {
		temp.And(p, c)
		R.Append(temp)
	}
	return R
}
