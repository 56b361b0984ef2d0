package minimize

import (
	"math/bits"
	"slices"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
)

// This file answers EXPAND's questions about BB and CC (expand.go) from the
// covers held part by part (coverindex.Transposed), a bit per cube for which
// cubes are active, 64 cubes at a time. The answers are 2.3's cube for
// cube: whether some active cube of BB meets a cube and which parts those
// at distance 1 force low do not depend on which cube is which, so BB is
// held sorted and its active cubes may be packed into groups of their own.

// indexedBlocking is BB held part by part.
//
// all holds BB's cubes sorted (coverindex.TransposeSorted: its cube k is
// BB's cube all.Index(k)), so that the cubes of a group are alike and a
// question finds most groups far from its cube within the first variables
// it looks at. cols is the index the questions go through: all, or, once
// the first step of an expansion worked out ahead has left a few cubes
// active in each of many groups, those cubes packed into groups of their
// own (packed, the cubes of all that packedFrom lists, every other cube of
// BB inactive; see takeFirst); act holds a bit for each of its cubes. list
// lists the active cubes in BB's order; it is rebuilt when listOK is
// false. BB's cubes must not change while the expander works on it; its
// Active flags are written by flush.
type indexedBlocking struct {
	cube *cover.Cube
	// The thresholds of the run (tuning.go) and its workers.
	workers, feasibleFrom, aheadFrom int
	packAlways                       bool

	bb           *cover.Cover
	all          *coverindex.Transposed
	first        *uint64 // &bb.At(0)[0] when all was built
	cols         *coverindex.Transposed
	act          []uint64
	allAct       []uint64 // act when cols is all
	packed       coverindex.Transposed
	packedFrom   []coverindex.GroupBits
	packedAct    []uint64
	dist0, dist1 []uint64 // scratch for Transposed.Near
	list         []cover.Set
	listIdx      []int32 // scratch of active
	listOK       bool
	tmp          cover.Set

	// The cubes a round of feasibility questions is asked against: cols
	// and act, or, where the active cubes are a few in each of many
	// groups, those cubes packed into groups of their own (askPacked, all
	// of them active in askPackedAct; see askAgainst).
	askCols      *coverindex.Transposed
	askAct       []uint64
	askPacked    coverindex.Transposed
	askPackedAct []uint64

	// The round's questions spread over workers: each worker's view of
	// askCols (made for viewsOf) and scratch cube.
	views   []*coverindex.Transposed
	viewsOf *coverindex.Transposed
	temps   []cover.Set

	// The questions of a round by a hash of RAISE ∪ c (see
	// sameQuestions), and for each candidate the first one asking the
	// same, or -1.
	questions []int32
	askFirst  []int32
}

// newIndexedBlocking returns BB held part by part, with the thresholds t
// and the run's workers.
func newIndexedBlocking(cube *cover.Cube, workers int, t tuning) *indexedBlocking {
	return &indexedBlocking{cube: cube, workers: workers, feasibleFrom: t.feasibleFrom, aheadFrom: t.aheadFrom,
		packAlways: t.packAlways, tmp: cube.NewSet()}
}

func (b *indexedBlocking) activate(BB *cover.Cover) {
	b.use(BB)
	BB.ActiveCount = BB.Count
	b.cols, b.act = b.all, b.allAct
	b.cols.All(b.act)
	b.listOK = false
}

// use makes BB the cover held. It is kept from one call to the next while
// the expander works on BB, and read from the Active flags when it turns
// to BB from another cover (or none).
func (b *indexedBlocking) use(BB *cover.Cover) {
	var first *uint64
	if BB.Count > 0 {
		first = &BB.At(0)[0]
	}
	if b.bb == BB && b.first == first && b.all.Len() == BB.Count {
		return
	}
	b.flush()
	b.bb, b.first = BB, first
	b.all = coverindex.TransposeSorted(b.cube, BB)
	n := b.all.Groups()
	b.allAct = make([]uint64, n)
	b.dist0 = make([]uint64, n)
	b.dist1 = make([]uint64, n)
	for k := range BB.Count {
		if BB.At(b.all.Index(k)).Test(cover.Active) {
			b.allAct[k/64] |= 1 << (k % 64)
		}
	}
	b.cols, b.act = b.all, b.allAct
	b.listOK = false
}

// flush writes the Active flags of the BB held, and lets it go.
func (b *indexedBlocking) flush() {
	if b.bb == nil {
		return
	}
	for p := range b.bb.All() {
		p.ResetFlag(cover.Active)
	}
	for i := range b.activeIndices {
		b.bb.At(i).SetFlag(cover.Active)
	}
	b.bb, b.first, b.all, b.cols = nil, nil, nil, nil
}

func (b *indexedBlocking) activeCount() int { return b.bb.ActiveCount }

func (b *indexedBlocking) satisfy() { b.bb.ActiveCount = 0 }

// activeIndices yields the index in BB of each active cube, in the order
// of all.
func (b *indexedBlocking) activeIndices(yield func(int) bool) {
	if b.cols == b.all {
		for g, a := range b.act {
			for ; a != 0; a &= a - 1 {
				if !yield(b.all.Index(g*64 + bits.TrailingZeros64(a))) {
					return
				}
			}
		}
		return
	}
	k := 0 // the position in packed
	for _, h := range b.packedFrom {
		for m := h.Mask; m != 0; m &= m - 1 {
			if b.act[k/64]>>(k%64)&1 != 0 && !yield(b.all.Index(int(h.G)*64+bits.TrailingZeros64(m))) {
				return
			}
			k++
		}
	}
}

func (b *indexedBlocking) active() []cover.Set {
	if !b.listOK {
		idx := b.listIdx[:0]
		for i := range b.activeIndices {
			idx = append(idx, int32(i))
		}
		slices.Sort(idx)
		list := b.list[:0]
		for _, i := range idx {
			list = append(list, b.bb.At(int(i)))
		}
		b.list, b.listIdx, b.listOK = list, idx, true
	}
	return b.list
}

// deactivate deactivates the cubes of group g of cols that mask holds
// (all of them active).
func (b *indexedBlocking) deactivate(g int, mask uint64) {
	b.act[g] &^= mask
	b.bb.ActiveCount -= bits.OnesCount64(mask)
	b.listOK = false
}

// anyNear reports whether near holds an active cube.
func (b *indexedBlocking) anyNear(near []uint64) bool {
	for g, a := range b.act {
		if a&near[g] != 0 {
			return true
		}
	}
	return false
}

func (b *indexedBlocking) lowerNear(raise, xlower cover.Set) bool {
	b.cols.Near(raise, b.act, b.dist0, b.dist1)
	if b.anyNear(b.dist0) {
		return false
	}
	b.cols.Lower(raise, b.act, b.dist1, xlower)
	for g, a := range b.act {
		if m := a & b.dist1[g]; m != 0 {
			b.deactivate(g, m)
		}
	}
	return true
}

func (b *indexedBlocking) keepMeeting(over cover.Set) {
	b.cols.Near(over, b.act, b.dist0, nil)
	for g, a := range b.act {
		if m := a &^ b.dist0[g]; m != 0 {
			b.deactivate(g, m)
		}
	}
}

func (b *indexedBlocking) held(freeset, held cover.Set) {
	b.cols.Held(freeset, b.act, held)
}

func (b *indexedBlocking) feasible(r, newLower cover.Set) bool {
	return b.cols.Feasible(r, b.act, newLower)
}

// feasibleRound asks each distinct question once (sameQuestions), of the
// active cubes packed where that pays (askAgainst), from the workers on a
// long round.
func (b *indexedBlocking) feasibleRound(raise cover.Set, feas []cover.Set, ask []bool, newLower []cover.Set) error {
	b.sameQuestions(raise, feas, ask)
	b.askAgainst(ask)
	if b.spread(len(feas)) {
		err := forEachParallel(len(feas), b.workers, parallelChunk, func(w, i int) {
			if ask[i] {
				r := b.temps[w].Or(raise, feas[i])
				newLower[i].Clear()
				ask[i] = b.views[w].Feasible(r, b.askAct, newLower[i])
			}
		})
		if err != nil {
			return err
		}
	} else {
		for i, a := range ask {
			if a {
				r := b.tmp.Or(raise, feas[i])
				newLower[i].Clear()
				ask[i] = b.askCols.Feasible(r, b.askAct, newLower[i])
			}
		}
	}
	for i, first := range b.askFirst {
		if first >= 0 {
			if ask[i] = ask[first]; ask[i] {
				newLower[i].Copy(newLower[first])
			}
		}
	}
	return nil
}

// sameQuestions finds the candidates of a round whose question is one
// an earlier candidate asks: the answer of feasibly_covered depends on
// RAISE ∪ c alone, and candidates that differ only where RAISE holds
// every part ask the same. For each candidate askFirst holds the index
// of the first candidate asking the same, or -1 for the first; ask is
// cleared for the others, which take the first one's answer.
//
// The questions are found in a table of open addressing, questions,
// twice as long as the candidates at least: the first candidate of each
// question, or -1.
func (b *indexedBlocking) sameQuestions(raise cover.Set, feas []cover.Set, ask []bool) {
	size := 2
	for size < 2*len(ask) {
		size <<= 1
	}
	table := slices.Grow(b.questions[:0], size)[:size]
	for k := range table {
		table[k] = -1
	}
	b.questions = table
	first := b.askFirst[:0]
	for i, a := range ask {
		f := int32(-1)
		if a {
			var hh hash128
			for w, x := range raise[1:] {
				hh.add(x | feas[i][1+w])
			}
			k := int(hh.sum()[0] & uint64(size-1))
			for ; table[k] >= 0; k = (k + 1) & (size - 1) {
				if j := table[k]; sameUnion(raise, feas[i], feas[j]) {
					f, ask[i] = j, false
					break
				}
			}
			if f < 0 {
				table[k] = int32(i)
			}
		}
		first = append(first, f)
	}
	b.askFirst = first
}

// sameUnion reports whether raise ∪ a and raise ∪ b are the same set.
func sameUnion(raise, a, b cover.Set) bool {
	for w, x := range raise[1:] {
		if x|a[1+w] != x|b[1+w] {
			return false
		}
	}
	return true
}

// askAgainst readies the cubes the round's feasibility questions (the
// candidates ask holds) are asked against: the active cubes, packed 64
// to a group when they fill at most half the groups holding them and
// there are enough questions to repay the packing. The answers do not
// depend on which cube is which, only on whether some active cube is at
// distance 0 from the expansion and on the parts those at distance 1
// force low.
func (b *indexedBlocking) askAgainst(ask []bool) {
	b.askCols, b.askAct = b.cols, b.act
	questions := 0
	for _, a := range ask {
		if a {
			questions++
		}
	}
	nonzero := 0
	for _, a := range b.act {
		if a != 0 {
			nonzero++
		}
	}
	if questions < packFrom || !packPays(b.bb.ActiveCount, nonzero) {
		return
	}
	b.cols.Pack(b.act, &b.askPacked)
	b.askPackedAct = b.askPacked.All(append(b.askPackedAct[:0], make([]uint64, b.askPacked.Groups())...))
	b.askCols, b.askAct = &b.askPacked, b.askPackedAct
}

// packPays reports whether cubes active in nonzero groups of an index
// are worth packing: packed, they fill at most half as many groups.
func packPays(cubes, nonzero int) bool {
	return 2*((cubes+63)/64) <= nonzero
}

// spread reports whether the round's n questions are asked from the
// workers (the work, questions times cubes of BB, reaching
// feasibleWorkFrom), and if so readies each worker's view of askCols and
// scratch cube.
func (b *indexedBlocking) spread(n int) bool {
	if b.workers <= 1 || n <= parallelChunk || n*b.bb.Count < b.feasibleFrom {
		return false
	}
	// The packed cubes change from round to round; BB's index does not.
	if b.viewsOf != b.askCols || b.askCols == &b.askPacked || b.askCols == &b.packed || len(b.views) != b.workers {
		b.views = b.views[:0]
		for range b.workers {
			b.views = append(b.views, b.askCols.Shared())
		}
		b.viewsOf = b.askCols
	}
	for len(b.temps) < b.workers {
		b.temps = append(b.temps, b.cube.NewSet())
	}
	return true
}

// indexedCovering is CC held part by part (cols, as its cubes were when
// Expand began), a bit per cube: which cubes are live (neither covered nor
// prime) and which active. Its cubes' Active flags are not written while
// Expand works: a cube that becomes prime or covered leaves live (its cube
// in cols is then out of date).
type indexedCovering struct {
	cube       *cover.Cube
	F          *cover.Cover
	cols       *coverindex.Transposed
	live, act  []uint64
	liveCount  int
	feasCols   coverindex.Transposed // the feasibly covered cubes held
	feasCounts map[nodeKey]disjointCount
}

// newIndexedCovering returns F held in cols (the run's, kept from one
// Expand to the next), every cube live but the prime ones.
func newIndexedCovering(cube *cover.Cube, cols *coverindex.Transposed, F *cover.Cover) *indexedCovering {
	c := &indexedCovering{cube: cube, F: F, cols: cols}
	cols.LoadCover(cube, F)
	n := cols.Groups()
	c.live = make([]uint64, n)
	c.act = make([]uint64, n)
	for i := range F.Count {
		if !F.At(i).Test(cover.Prime) {
			c.live[i/64] |= 1 << (i % 64)
			c.liveCount++
		}
	}
	return c
}

func (c *indexedCovering) at(i int) cover.Set { return c.F.At(i) }

func (c *indexedCovering) setup(skip int) {
	copy(c.act, c.live)
	c.F.ActiveCount = c.liveCount
	if skip >= 0 && c.isActive(skip) {
		c.act[skip/64] &^= 1 << (skip % 64)
		c.F.ActiveCount--
	}
}

func (c *indexedCovering) leave(i int) {
	g, bit := i/64, uint64(1)<<(i%64)
	if c.live[g]&bit != 0 {
		c.live[g] &^= bit
		c.liveCount--
	}
	if c.act[g]&bit != 0 {
		c.act[g] &^= bit
		c.F.ActiveCount--
	}
}

func (c *indexedCovering) activeCount() int { return c.F.ActiveCount }

func (c *indexedCovering) isActive(i int) bool { return c.act[i/64]>>(i%64)&1 != 0 }

func (c *indexedCovering) keepWithin(over cover.Set) {
	c.F.ActiveCount -= c.cols.KeepWithin(over, c.act)
}

func (c *indexedCovering) countParts(freeset cover.Set, count []int) {
	c.cols.CountParts(freeset, c.act, count)
}

func (c *indexedCovering) appendActive(idx []int32) []int32 {
	for g, a := range c.act {
		for ; a != 0; a &= a - 1 {
			idx = append(idx, int32(g*64+bits.TrailingZeros64(a)))
		}
	}
	return idx
}

func (c *indexedCovering) holdFeasible(feas []cover.Set) {
	c.feasCols.Load(c.cube, feas)
	clear(c.feasCounts)
}

// countDisjoint counts 64 cubes at a time. Many candidates of a round
// force the same parts low (on a truth table's minterms, often all of
// them), so the counts are kept by set for the round, in feasCounts by a
// hash of the set, holding the first set seen with that hash.
func (c *indexedCovering) countDisjoint(lower cover.Set) int {
	if c.feasCounts == nil {
		c.feasCounts = make(map[nodeKey]disjointCount)
	}
	var hh hash128
	for _, w := range lower[1:] {
		hh.add(w)
	}
	h := hh.sum()
	if n, ok := c.feasCounts[h]; ok && n.lower.Equal(lower) {
		return n.count
	} else if ok {
		return c.feasCols.CountDisjoint(lower) // another set with its hash
	}
	n := c.feasCols.CountDisjoint(lower)
	c.feasCounts[h] = disjointCount{lower, n}
	return n
}

// A disjointCount is a set of parts and the number of feasibly covered
// cubes with none of them.
type disjointCount struct {
	lower cover.Set
	count int
}
