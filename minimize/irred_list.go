package minimize

import (
	"math/bits"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
)

// 2.3's ftautology goes over the whole cube list of a subproblem several
// times at every node of its recursion: for a row of 1's among the cubes
// not redundant, for the active and unate variables, for massive_count's
// column counts, and once for each cofactor; the lists are of pointers,
// so each cube is fetched from wherever its cover keeps it. On the prime
// tables of -Dexact the list of one prime holds thousands of cubes and
// its recursion hundreds of nodes: mainpla's table, 87 487 primes, took
// most of an hour that way.
//
// ftautList holds a subproblem's cubes in one flat slice instead, each as
// its header (REDUND and SIZE) and the cube ∪ the cofactor, and carries
// the column counts from a node to its cofactors: a cofactor's counts are
// its parent's, less the zeros of the cubes that do not meet the half
// taken, with the parts that join the cofactor cleared. Making a cofactor
// is then the one pass over the list at a node, and a unate reduction
// another; the counts are never taken over again. The decisions are 2.3's,
// from the same counts, so the table is the same, row for row.
//
// The root list of a cube is not counted at once: most of its cubes go at
// its first unate reductions, and which variables are unate needs only
// the parts where some cube has a zero, an OR a word at a time. The list
// is counted once no variable is unate, before the split; its cofactors
// then carry the counts as above.
//
// The key of a subproblem for the shortcuts (irred_shortcut.go) is a sum
// of hashes of its cubes: a cofactor's key is its parent's, less the cubes
// left out, with the hashes of the cubes changed taken again.
//
// A cube of Rp has no rows at all when the cubes not redundant (D, E and
// the cubes of Rp before it) cover it, and deriveTable then leaves out its
// recursion for a tautology check of those cubes alone, far less work on
// the prime tables, where most cubes are so covered. The rows 2.3 adds
// are for minterms of the cube outside every cube not redundant: a row
// comes from a unate leaf where no cube not redundant is full, and there
// a minterm lies in none of the leaf's cubes but the full ones (in each
// active variable, take the one part with zeros); taking, in each
// variable a unate reduction above cleared, the part the cubes it left
// out lacked, the minterm is in none of those either, and the cubes a
// cofactor left out do not meet the leaf.
type ftautList struct {
	cof        cover.Set   // the cofactor
	cubes      []uint64    // len(cof) words per cube: its header, then cube ∪ cof
	count      []int       // per part, the cubes with a zero there, once counted
	counted    bool        // count is up to date; if not, zeros is
	zeros      cover.Set   // the parts where some cube has a zero (until counted)
	hashes     [][2]uint64 // per cube, when keyed
	key        [2]uint64   // the sum of hashes, when keyed
	keyed      bool
	nonRedFull bool      // a cube not redundant is full
	cl, cr     cover.Set // the halves of the split
}

// level returns the list for the subproblems at depth d: one at a time
// is alive there, since the recursion is depth first.
func (f *ftaut) level(d int) *ftautList {
	for len(f.levels) <= d {
		c := f.cube
		f.levels = append(f.levels, &ftautList{cof: c.NewSet(), count: make([]int, c.Size),
			zeros: c.NewSet(), cl: c.NewSet(), cr: c.NewSet()})
	}
	return f.levels[d]
}

// rootList returns the subproblem at depth 0 for cube p: the cubes of T
// that 2.3's cofactor(T, p) keeps, each united with the cofactor, not yet
// counted. With firstReduction, it makes the list the unate reduction at
// the top of specialCases would make of it, when that is the first thing
// specialCases would do: it leaves out the cubes not full in the unate
// variables as it copies the list, instead of copying every cube and
// going over them again. Only a trace of the recursion, or a shortcut
// keyed by the list, tells the difference.
func (f *ftaut) rootList(T cover.CubeList, p cover.Set, firstReduction bool) *ftautList {
	c := f.cube
	l := f.emptyRoot(T, p)
	full := c.FullSet
	n := len(full)
	// The cubes kept, and the parts where some has a zero.
	kept := f.kept[:0]
	zeros := l.zeros
	clear(zeros[1:])
	for k, q := range T.Cubes {
		if !c.InCofactor(q, p) {
			continue
		}
		kept = append(kept, int32(k))
		isFull := true
		for j := 1; j < n; j++ {
			e := q[j] | l.cof[j]
			zeros[j] |= full[j] &^ e
			isFull = isFull && e == full[j]
		}
		if isFull && !q.Test(cover.Redundant) {
			l.nonRedFull = true
		}
	}
	f.kept = kept
	ceil := f.ceil.Clear()
	if firstReduction && !l.nonRedFull {
		if active, unate := f.activeUnate(l, ceil); unate == 0 || unate == active {
			ceil.Clear()
		}
	}
	reduced := false
	for _, k := range kept {
		q := T.Cubes[k]
		keep := true
		for j := 1; j < n; j++ {
			if ceil[j]&^(q[j]|l.cof[j]) != 0 {
				keep = false
				break
			}
		}
		if !keep {
			reduced = true
			continue
		}
		l.appendCube(q)
	}
	if reduced {
		l.orZeros(zeros, full)
	}
	return l
}

// emptyRoot returns the list at depth 0 for cube p, with its cofactor
// (that of T by p) and no cubes.
func (f *ftaut) emptyRoot(T cover.CubeList, p cover.Set) *ftautList {
	l := f.level(0)
	full := f.cube.FullSet
	for j := 1; j < len(full); j++ {
		l.cof[j] = T.Cof[j] | full[j]&^p[j]
	}
	l.cubes = l.cubes[:0]
	l.keyed, l.nonRedFull, l.counted = false, false, false
	return l
}

// heldList gives deriveTable the whole list, held part by part
// (coverindex.Transposed), and makes ftautology's root lists from it 64
// cubes at a time (heldRootList). meet, full and cand are its scratch.
type heldList struct {
	list       cover.CubeList
	held       *coverindex.Transposed
	meet, full []uint64
	cand       cover.Set
}

func newHeldList(cube *cover.Cube, list cover.CubeList) *heldList {
	h := &heldList{list: list, held: new(coverindex.Transposed), cand: cube.NewSet()}
	h.held.Load(cube, list.Cubes)
	h.meet, h.full = make([]uint64, h.held.Groups()), make([]uint64, h.held.Groups())
	return h
}

func (h *heldList) around(p cover.Set, at int) (cover.CubeList, int) { return h.list, at }

func (h *heldList) rootList(f *ftaut, T cover.CubeList, p cover.Set, at int, firstReduction bool) *ftautList {
	l := f.emptyRoot(T, p)
	h.heldRootList(f, l, T, p, at, firstReduction)
	return l
}

// appendCube appends q ∪ the cofactor to l's cubes.
func (l *ftautList) appendCube(q cover.Set) {
	l.cubes = append(l.cubes, q[0])
	for j := 1; j < len(q); j++ {
		l.cubes = append(l.cubes, q[j]|l.cof[j])
	}
}

// heldRootList is rootList for a T whose cubes h holds part by part, in
// T's order, p being T.Cubes[self] (or self < 0): the same list, found 64
// cubes at a time. A cube q of T is in the cofactor when it meets p (other
// than p itself), and q ∪ cof has a zero only in a part of p that the
// cofactor lacks (cand), where q lacks it; it is full when it holds every
// part of cand.
func (h *heldList) heldRootList(f *ftaut, l *ftautList, T cover.CubeList, p cover.Set, self int, firstReduction bool) {
	t := h.held
	meet := t.All(h.meet[:t.Groups()])
	t.Near(p, meet, meet, nil)
	if self >= 0 {
		meet[self/64] &^= 1 << (self % 64)
	}
	cand := h.cand.Diff(p, T.Cof)
	t.Lacking(cand, meet, l.zeros)
	// A cube not redundant full in the cofactor.
	whole := append(h.full[:0], meet...)
	t.KeepHolding(cand, whole)
	for g, w := range whole {
		for ; w != 0 && !l.nonRedFull; w &= w - 1 {
			l.nonRedFull = !T.Cubes[64*g+bits.TrailingZeros64(w)].Test(cover.Redundant)
		}
	}
	h.full = whole
	reduced := false
	if firstReduction && !l.nonRedFull {
		ceil := f.ceil.Clear()
		if active, unate := f.activeUnate(l, ceil); unate > 0 && unate < active {
			t.KeepHolding(ceil.Diff(ceil, l.cof), meet)
			reduced = true
		}
	}
	for g, w := range meet {
		for ; w != 0; w &= w - 1 {
			l.appendCube(T.Cubes[64*g+bits.TrailingZeros64(w)])
		}
	}
	if reduced {
		l.orZeros(l.zeros, f.cube.FullSet)
	}
}

// orZeros sets zeros to the parts where some cube of l has a zero.
func (l *ftautList) orZeros(zeros, full cover.Set) {
	n := len(full)
	clear(zeros[1:])
	for at := 0; at < len(l.cubes); at += n {
		e := l.cubes[at : at+n]
		for j := 1; j < n; j++ {
			zeros[j] |= full[j] &^ e[j]
		}
	}
}

// countZeros counts, for each part, the cubes of l with a zero there.
func (l *ftautList) countZeros(full cover.Set) {
	n := len(full)
	clear(l.count)
	for at := 0; at < len(l.cubes); at += n {
		e := l.cubes[at : at+n]
		for j := 1; j < n; j++ {
			for b := full[j] &^ e[j]; b != 0; b &= b - 1 {
				l.count[(j-1)<<6+bits.TrailingZeros64(b)]++
			}
		}
	}
	l.counted = true
}

// hasZero reports whether some cube of l has a zero in part p.
func (l *ftautList) hasZero(p int) bool {
	if l.counted {
		return l.count[p] > 0
	}
	return l.zeros.Has(p)
}

// list returns the cubes of l as a cube list (each is already united
// with the cofactor), for tracing; n is the words per cube.
func (l *ftautList) list(n int) cover.CubeList {
	cubes := make([]cover.Set, 0, len(l.cubes)/n)
	for at := 0; at < len(l.cubes); at += n {
		cubes = append(cubes, cover.Set(l.cubes[at:at+n:at+n]))
	}
	return cover.CubeList{Cof: l.cof, Cubes: cubes}
}

// header returns the header word of a cube as a Set, for its flags and
// SIZE.
func header(e []uint64) cover.Set { return cover.Set(e[:1]) }

// cofactor makes l the cofactor of parent by half, a cube full in every
// variable but v (scofactor): the cubes without a part in half are left
// out, and the parts of v not in half join the cofactor.
func (f *ftaut) cofactor(l, parent *ftautList, v int, half cover.Set) {
	c := f.cube
	full, mask := c.FullSet, c.VarMask[v]
	n := len(full)
	fw, lw := c.FirstWord[v], c.LastWord[v]
	copy(l.cof, parent.cof)
	copy(l.count, parent.count) // a split list is counted
	l.counted = true
	freed, in := f.freed, f.in
	for j := fw; j <= lw; j++ {
		in[j] = half[j] & mask[j]
		freed[j] = mask[j] &^ half[j] &^ parent.cof[j]
		l.cof[j] |= freed[j]
		for b := freed[j]; b != 0; b &= b - 1 {
			l.count[(j-1)<<6+bits.TrailingZeros64(b)] = 0
		}
	}
	l.cubes = l.cubes[:0]
	l.hashes = l.hashes[:0]
	l.keyed, l.key, l.nonRedFull = parent.keyed, parent.key, false
	src := parent.cubes
	for k, at := 0, 0; at < len(src); k, at = k+1, at+n {
		e := src[at : at+n]
		meets, changes := false, false
		for j := fw; j <= lw; j++ {
			meets = meets || e[j]&in[j] != 0
			changes = changes || freed[j]&^e[j] != 0
		}
		if !meets {
			for j := 1; j < n; j++ {
				for b := full[j] &^ (e[j] | l.cof[j]); b != 0; b &= b - 1 {
					l.count[(j-1)<<6+bits.TrailingZeros64(b)]--
				}
			}
			if l.keyed {
				l.key[0] -= parent.hashes[k][0]
				l.key[1] -= parent.hashes[k][1]
			}
			continue
		}
		l.cubes = append(l.cubes, e...)
		if !changes {
			if l.keyed {
				l.hashes = append(l.hashes, parent.hashes[k])
			}
			continue
		}
		ne := l.cubes[len(l.cubes)-n:]
		for j := fw; j <= lw; j++ {
			ne[j] |= freed[j]
		}
		if !header(ne).Test(cover.Redundant) && isFull(ne, full) {
			l.nonRedFull = true
		}
		if l.keyed {
			h := cubeHash(ne)
			l.key[0] += h[0] - parent.hashes[k][0]
			l.key[1] += h[1] - parent.hashes[k][1]
			l.hashes = append(l.hashes, h)
		}
	}
}

// isFull reports whether the cube e (header first) has every part.
func isFull(e, full []uint64) bool {
	for j := 1; j < len(full); j++ {
		if e[j] != full[j] {
			return false
		}
	}
	return true
}

// activeUnate returns the number of variables with zeros and of those
// with zeros in one part only; with ceil non-nil, it sets ceil to the
// parts of the unate ones.
func (f *ftaut) activeUnate(l *ftautList, ceil cover.Set) (active, unate int) {
	c := f.cube
	for v := 0; v < c.NumVars; v++ {
		parts := 0
		for p := c.FirstPart[v]; p <= c.LastPart[v]; p++ {
			if l.hasZero(p) {
				parts++
			}
		}
		if parts > 0 {
			active++
		}
		if parts == 1 {
			unate++
			if ceil != nil {
				ceil.Or(ceil, c.VarMask[v])
			}
		}
	}
	return active, unate
}

// unateReduce keeps in l only the cubes full in every unate variable.
func (f *ftaut) unateReduce(l *ftautList) {
	full := f.cube.FullSet
	n := len(full)
	ceil := f.ceil.Clear()
	f.activeUnate(l, ceil)
	kept := 0
	for k, at := 0, 0; at < len(l.cubes); k, at = k+1, at+n {
		e := l.cubes[at : at+n]
		keep := true
		for j := 1; j < n; j++ {
			if ceil[j]&^e[j] != 0 {
				keep = false
				break
			}
		}
		if keep {
			copy(l.cubes[kept*n:], e)
			if l.keyed {
				l.hashes[kept] = l.hashes[k]
			}
			kept++
			continue
		}
		if l.counted {
			for j := 1; j < n; j++ {
				for b := full[j] &^ e[j]; b != 0; b &= b - 1 {
					l.count[(j-1)<<6+bits.TrailingZeros64(b)]--
				}
			}
		}
		if l.keyed {
			l.key[0] -= l.hashes[k][0]
			l.key[1] -= l.hashes[k][1]
		}
	}
	l.cubes = l.cubes[:kept*n]
	if l.keyed {
		l.hashes = l.hashes[:kept]
	}
	if !l.counted {
		l.orZeros(l.zeros, full)
	}
}

// cubeHash is the hash of the cube e (header first): its parts and, if it
// is redundant, its column.
func cubeHash(e []uint64) [2]uint64 {
	var h hash128
	id := uint64(1) << 63 // not redundant: the column does not matter
	if header(e).Test(cover.Redundant) {
		id = uint64(header(e).Size())
	}
	h.add(id)
	for _, w := range e[1:] {
		h.add(w)
	}
	return h.sum()
}

// nodeKey returns the key of the subproblem l, hashing its cubes if no
// parent did.
func (l *ftautList) nodeKey(n int, mvMask cover.Set) nodeKey {
	if !l.keyed {
		l.keyed = true
		l.key = [2]uint64{}
		l.hashes = l.hashes[:0]
		for at := 0; at < len(l.cubes); at += n {
			h := cubeHash(l.cubes[at : at+n])
			l.key[0] += h[0]
			l.key[1] += h[1]
			l.hashes = append(l.hashes, h)
		}
	}
	var h hash128
	h.add(l.key[0])
	h.add(l.key[1])
	for j := 1; j < len(l.cof); j++ {
		h.add(l.cof[j] & mvMask[j])
	}
	return h.sum()
}
