package cover

import (
	"math/bits"
	"slices"
)

// CubeList is a list of cubes taken with respect to a cofactor (ESPRESSO's
// "cube list", a pset array T with T[0] the cofactor cube, T[1] the end
// pointer and T[2..] the cubes up to a NULL sentinel).
//
// Cof holds the parts that have been cofactored away: the cube a list entry
// p stands for is p ∪ Cof. Cubes alias the sets of the covers the list was
// built from; list operations never copy them, and the order of Cubes is
// the order of 2.3's list. A function that takes a CubeList "disposes" of
// it as the C code does: it may reorder or shorten Cubes and change Cof in
// place, so the caller must not use the list afterwards.
type CubeList struct {
	Cof   Set
	Cubes []Set
}

// sameSet reports whether a and b are the same set in memory (pointer
// equality of pcubes in the C code).
func sameSet(a, b Set) bool { return len(a) > 0 && len(b) > 0 && &a[0] == &b[0] }

// NewCubeList returns a list of the cubes of the given covers, in order,
// with an empty cofactor (cube1list, cube2list, cube3list).
func (c *Cube) NewCubeList(covers ...*Cover) CubeList {
	return c.CubeListInto(nil, covers...)
}

// CubeListInto is [Cube.NewCubeList] with the list's cubes in buf's
// storage, where it has room.
func (c *Cube) CubeListInto(buf []Set, covers ...*Cover) CubeList {
	n := 0
	for _, f := range covers {
		n += f.Count
	}
	cubes := slices.Grow(buf[:0], n)
	for _, f := range covers {
		for i := 0; i < f.Count; i++ {
			cubes = append(cubes, f.At(i))
		}
	}
	return CubeList{Cof: c.NewSet(), Cubes: cubes}
}

// Unlist returns a new cover holding p ∪ T.Cof for each cube p of T, in
// order, with cleared headers (cubeunlist).
func (c *Cube) Unlist(T CubeList) *Cover {
	a := c.NewCover(len(T.Cubes))
	for _, p := range T.Cubes {
		a.AppendEmpty().Or(p, T.Cof)
	}
	return a
}

// Cofactor returns the cofactor of T with respect to cube p: the cubes of T
// other than p itself that intersect p, with the parts outside p added to
// the cofactor (cofactor).
func (c *Cube) Cofactor(T CubeList, p Set) CubeList {
	// The cofactor is often much shorter than T: start small.
	return c.cofactorInto(c.NewSet(), make([]Set, 0, min(len(T.Cubes), 32)), T, p)
}

// InCofactor reports whether [Cube.Cofactor] by p keeps the cube q of a
// list: q is not p itself, and meets p.
func (c *Cube) InCofactor(q, p Set) bool {
	if c.words == 1 {
		return c.meet1(q[1]&p[1]) && !sameSet(q, p)
	}
	return !c.disjointInWord(q, p) && !sameSet(q, p) && c.Dist0(q, p)
}

// cofactorInto is [Cube.Cofactor] storing the cofactor in cof and
// appending the cubes to cubes.
func (c *Cube) cofactorInto(cof Set, cubes []Set, T CubeList, p Set) CubeList {
	full := c.FullSet
	for i := 1; i < len(cof); i++ {
		cof[i] = T.Cof[i] | full[i]&^p[i]
	}
	if c.words == 1 {
		// One data word per cube.
		p1 := p[1]
		for _, q := range T.Cubes {
			if c.meet1(q[1]&p1) && !sameSet(q, p) {
				cubes = append(cubes, q)
			}
		}
		return CubeList{Cof: cof, Cubes: cubes}
	}
	for _, q := range T.Cubes {
		if !c.disjointInWord(q, p) && !sameSet(q, p) && c.Dist0(q, p) {
			cubes = append(cubes, q)
		}
	}
	return CubeList{Cof: cof, Cubes: cubes}
}

// CofactorVar is [Cube.Cofactor] for a cube p that is full in every variable
// but v (scofactor).
func (c *Cube) CofactorVar(T CubeList, p Set, v int) CubeList {
	return c.scofactorInto(c.NewSet(), make([]Set, 0, len(T.Cubes)), T, p, v)
}

// scofactorInto is [Cube.CofactorVar] storing the cofactor in cof and
// appending the cubes to cubes.
func (c *Cube) scofactorInto(cof Set, cubes []Set, T CubeList, p Set, v int) CubeList {
	full := c.FullSet
	for i := 1; i < len(cof); i++ {
		cof[i] = T.Cof[i] | full[i]&^p[i]
	}
	first, last := c.FirstWord[v], c.LastWord[v]
	mask := c.VarMask[v]
	if first == last {
		// Within one word, keep the variable's mask in a register.
		m := mask[first] & p[first]
		for _, q := range T.Cubes {
			if q[first]&m != 0 && !sameSet(q, p) {
				cubes = append(cubes, q)
			}
		}
	} else {
		for _, q := range T.Cubes {
			if sameSet(q, p) {
				continue
			}
			for w := first; w <= last; w++ {
				if q[w]&mask[w]&p[w] != 0 {
					cubes = append(cubes, q)
					break
				}
			}
		}
	}
	return CubeList{Cof: cof, Cubes: cubes}
}

// listArena hands out cube lists and sets for a depth-first recursion
// (tautology, complement): what is taken after a mark is given back at
// once by release, so the recursion allocates only when it goes deeper or
// wider than before. Growing the storage of sets leaves earlier sets in
// the old storage, where they stay valid. The lists are taken from chunks,
// each twice the first list it was made for: a list that does not fit
// goes to the next chunk, which is kept after a release for the next time
// the recursion goes as deep, so the storage follows what the recursion
// holds at once (about a chunk for each halving of the lists) rather than
// doubling over all of it.
type listArena struct {
	chunks [][]Set
	chunk  int // the chunk lists are taken from
	ltop   int // the first free entry of that chunk
	words  []uint64
	wtop   int
	width  int // words per set, header included
}

// arenaMark is a position in a listArena to release back to.
type arenaMark struct{ chunk, l, w int }

func (a *listArena) mark() arenaMark { return arenaMark{a.chunk, a.ltop, a.wtop} }

func (a *listArena) release(m arenaMark) { a.chunk, a.ltop, a.wtop = m.chunk, m.l, m.w }

// set returns a cleared set.
func (a *listArena) set() Set {
	w := a.width
	if a.wtop+w > len(a.words) {
		a.words = make([]uint64, max(2*len(a.words), 16*w))
		a.wtop = 0
	}
	s := Set(a.words[a.wtop : a.wtop+w : a.wtop+w])
	a.wtop += w
	clear(s)
	return s
}

// list returns an empty list with room for n cubes. The caller must
// commit how many it used before taking another.
func (a *listArena) list(n int) []Set {
	if len(a.chunks) == 0 {
		a.chunks = append(a.chunks, make([]Set, max(2*n, 64)))
	}
	if a.ltop+n > len(a.chunks[a.chunk]) {
		// The chunks after this one hold nothing taken: the next is
		// used, or replaced when too small.
		a.chunk++
		a.ltop = 0
		if a.chunk == len(a.chunks) {
			a.chunks = append(a.chunks, nil)
		}
		if len(a.chunks[a.chunk]) < n {
			a.chunks[a.chunk] = make([]Set, max(2*n, 64))
		}
	}
	l := a.chunks[a.chunk]
	return l[a.ltop : a.ltop : a.ltop+n]
}

// commit records that the last list handed out holds n cubes.
func (a *listArena) commit(n int) { a.ltop += n }

// scofactor is [Cube.CofactorVar] with its storage taken from the arena.
func (a *listArena) scofactor(c *Cube, T CubeList, p Set, v int) CubeList {
	return a.scofactorAtMost(c, T, p, v, len(T.Cubes), nil)
}

// halvesStorage returns the storage of the lists of a split's two halves,
// of nl and nr cubes, where both are long (ownListFrom) and are made the
// one after the other: room for the larger, which the right half's list
// takes over once the left one's recursion is done. Otherwise it returns
// nil, and each long list gets storage of its own. (With storage of its
// own, the right half's list is allocated while the left one's waits for
// the collector: at the first levels of a 2^19-row truth table, some ten
// megabytes each, of as many sizes as there are levels.)
func halvesStorage(nl, nr int) []Set {
	if min(nl, nr) < ownListFrom {
		return nil
	}
	return make([]Set, 0, max(nl, nr))
}

// scofactorAtMost is scofactor for a cofactor known to keep at most n
// cubes ([Cube.splitSizes]): the arena reserves room for n, not for all of
// T. (A recursion reserving all of T at each level holds several times
// the largest list: on a 2^19-row truth table, tens of megabytes.) A long
// list is made in own where it has room for n (halvesStorage).
func (a *listArena) scofactorAtMost(c *Cube, T CubeList, p Set, v, n int, own []Set) CubeList {
	if n >= ownListFrom {
		// A chunk is twice the list it is made for, and a recursion's
		// first levels are its largest lists: there a chunk holds half
		// again what is needed. Storage of the list's own size goes back
		// to the collector when the level ends.
		if cap(own) < n {
			own = make([]Set, 0, n)
		}
		return c.scofactorInto(a.set(), own[:0], T, p, v)
	}
	r := c.scofactorInto(a.set(), a.list(n), T, p, v)
	a.commit(len(r.Cubes))
	return r
}

// splitSizes returns how many cubes each half's cofactor keeps for a split
// of T on variable v into the halves cl and cr (BinateSplitSelect), d
// holding the column counts of T: a cube is kept when it has one of the
// half's parts of v. For a half of one part that is the part's count
// (PartZeros counts the cubes without it); a half of several parts counts
// the cubes.
func (c *Cube) splitSizes(T CubeList, d *ColumnCounts, cl, cr Set, v int) (nl, nr int) {
	return c.halfSize(T, d, cl, v), c.halfSize(T, d, cr, v)
}

// halfSize is splitSizes for the half h.
func (c *Cube) halfSize(T CubeList, d *ColumnCounts, h Set, v int) int {
	n, parts, last := len(T.Cubes), 0, 0
	for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
		if h.Has(i) {
			parts++
			last = i
		}
	}
	switch parts {
	case 0:
		return 0
	case 1:
		return n - d.PartZeros[last]
	}
	kept := 0
	mask := c.VarMask[v]
	for _, q := range T.Cubes {
		for w := c.FirstWord[v]; w <= c.LastWord[v]; w++ {
			if q[w]&mask[w]&h[w] != 0 {
				kept++
				break
			}
		}
	}
	return kept
}

// CubeListArena provides the cube lists and scratch cubes of a depth-first
// recursion over cofactors (as tautology, reduce's sccc or irredundant's
// ftautology recur) without allocating at each step: what is taken after
// Mark is given back by Release with that mark, and stays valid until
// then. It is not safe for concurrent use.
type CubeListArena struct {
	c *Cube
	a listArena
	// gathered is Partition's scratch.
	gathered []bool
}

// NewCubeListArena returns an empty arena for cubes of c.
func (c *Cube) NewCubeListArena() *CubeListArena {
	return &CubeListArena{c: c, a: listArena{width: 1 + c.words}}
}

// Mark returns the current position of the arena, an opaque value for
// Release.
func (x *CubeListArena) Mark() arenaMark { return x.a.mark() }

// Release gives back everything taken since m was returned by Mark.
func (x *CubeListArena) Release(m arenaMark) { x.a.release(m) }

// NewSet returns an empty cube from the arena.
func (x *CubeListArena) NewSet() Set { return x.a.set() }

// Cofactor is [Cube.Cofactor] with its storage taken from the arena.
func (x *CubeListArena) Cofactor(T CubeList, p Set) CubeList {
	r := x.c.cofactorInto(x.a.set(), x.a.list(len(T.Cubes)), T, p)
	x.a.commit(len(r.Cubes))
	return r
}

// Partition is [Cube.cubelistPartition] without flagging the cubes
// gathered: it writes nothing in the cubes of t, so that goroutines may
// partition lists that share cubes. The lists it returns are taken from
// the arena.
func (x *CubeListArena) Partition(t CubeList) (a, b CubeList, left int) {
	if len(x.gathered) < len(t.Cubes) {
		x.gathered = make([]bool, 2*len(t.Cubes))
	}
	return x.a.partition(x.c, t, x.gathered[:len(t.Cubes)])
}

// CofactorVar is [Cube.CofactorVar] with its storage taken from the arena.
func (x *CubeListArena) CofactorVar(T CubeList, p Set, v int) CubeList {
	return x.a.scofactor(x.c, T, p, v)
}

// ColumnCounts holds the column counts of a cube list that [Cube.MassiveCountInto]
// computes (ESPRESSO's global cdata).
type ColumnCounts struct {
	PartZeros   []int  // per part, the number of cubes of the list without it
	VarZeros    []int  // per variable, the sum of PartZeros over its parts
	PartsActive []int  // per variable, the number of its parts with zeros
	IsUnate     []bool // per variable, PartsActive == 1
	VarsActive  int    // number of variables with PartsActive > 0
	VarsUnate   int    // number of variables with PartsActive == 1
	Best        int    // the variable to split on, or -1

	// seen marks, per word, the parts with a nonzero count: the summary
	// visits only the binary variables it marks and, of a multiple-valued
	// one, only the marked parts.
	seen []uint64

	// Scratch space of the vertical counters.
	planes []uint64
}

// MassiveCountInto stores in d the column counts of T and the variable
// that is best to split on (massive_count); d's slices are reused when
// they are large enough, so a zero ColumnCounts will do.
func (c *Cube) MassiveCountInto(d *ColumnCounts, T CubeList) { c.massiveCount(d, T) }

// massiveCount fills d, reusing its slices when they are large enough.
func (c *Cube) massiveCount(d *ColumnCounts, T CubeList) {
	if len(d.PartZeros) < c.Size {
		d.PartZeros = make([]int, c.Size)
	}
	if len(d.VarZeros) < c.NumVars {
		d.VarZeros = make([]int, c.NumVars)
		d.PartsActive = make([]int, c.NumVars)
		d.IsUnate = make([]bool, c.NumVars)
	}
	count := d.PartZeros[:c.Size]
	clear(count)
	full, cof := c.FullSet, T.Cof
	n := len(full)
	if len(d.seen) < n {
		d.seen = make([]uint64, n)
	}
	seen := d.seen[:n]
	clear(seen)

	// Count the zeros in each column.
	if len(T.Cubes) >= verticalMin {
		c.countZerosVertical(d, T, count)
	} else if n == 2 {
		notcof := full[1] &^ cof[1]
		var any uint64
		for _, p := range T.Cubes {
			val := notcof &^ p[1]
			any |= val
			for ; val != 0; val &= val - 1 {
				count[bits.TrailingZeros64(val)]++
			}
		}
		seen[1] = any
	} else {
		for _, p := range T.Cubes {
			p = p[:n]
			for i := 1; i < n; i++ {
				base := (i - 1) << 6
				val := full[i] &^ (p[i] | cof[i])
				seen[i] |= val
				for ; val != 0; val &= val - 1 {
					count[base+bits.TrailingZeros64(val)]++
				}
			}
		}
	}
	c.summarize(d)
}

// SummarizeCounts fills the per-variable fields of d and d.Best from the
// column counts in d.PartZeros (the second half of massive_count), which
// must hold c.Size counts; the other slices are made when too short.
func (c *Cube) SummarizeCounts(d *ColumnCounts) {
	n := len(c.FullSet)
	if len(d.seen) < n {
		d.seen = make([]uint64, n)
	}
	seen := d.seen[:n]
	clear(seen)
	for p, z := range d.PartZeros[:c.Size] {
		if z != 0 {
			seen[1+p>>6] |= 1 << (p & 63)
		}
	}
	c.summarize(d)
}

// summarize is SummarizeCounts once d.seen marks the parts with a nonzero
// count. A binary variable with neither part marked has zeros,
// active parts and balance 0: it is the variable to split on only when
// it is variable 0 and no variable is active, which the loop below would
// decide in the same way had it visited them all.
func (c *Cube) summarize(d *ColumnCounts) {
	nv, nb := c.NumVars, c.NumBinaryVars
	if len(d.VarZeros) < nv {
		d.VarZeros = make([]int, nv)
		d.PartsActive = make([]int, nv)
		d.IsUnate = make([]bool, nv)
	}
	count := d.PartZeros
	varZeros, partsActive, isUnate := d.VarZeros[:nv], d.PartsActive[:nv], d.IsUnate[:nv]
	clear(varZeros[:nb])
	clear(partsActive[:nb])
	clear(isUnate[:nb])

	// Per variable: zeros, active parts; and the best variable to split
	// on: most active parts, then most zeros, then most balanced.
	best, mostActive, mostZero, mostBalanced := -1, 0, 0, 32000
	if nb > 0 {
		best, mostBalanced = 0, 0
	}
	varsActive, varsUnate := 0, 0
	consider := func(v, active, zeros, maxActive int) {
		varZeros[v] = zeros
		switch {
		case active > mostActive:
			best, mostActive, mostZero, mostBalanced = v, active, zeros, maxActive
		case active == mostActive:
			if zeros > mostZero {
				best, mostZero, mostBalanced = v, zeros, maxActive
			} else if zeros == mostZero && maxActive < mostBalanced {
				best, mostBalanced = v, maxActive
			}
		}
		partsActive[v] = active
		isUnate[v] = active == 1
		varsActive += b2i(active > 0)
		varsUnate += b2i(active == 1)
	}
	if nb > 0 {
		for i, last := 1, 1+(2*nb-1)>>6; i <= last; i++ {
			for m := d.seen[i]; m != 0; {
				p := (i-1)<<6 + bits.TrailingZeros64(m)&^1
				m &^= 3 << (p & 63)
				if p >= 2*nb {
					break
				}
				z0, z1 := count[p], count[p+1]
				consider(p>>1, b2i(z0 > 0)+b2i(z1 > 0), z0+z1, max(z0, z1))
			}
		}
	}
	// A multiple-valued variable's balance is its number of active
	// parts.
	for v := nb; v < nv; v++ {
		active, zeros := 0, 0
		mask := c.VarMask[v]
		for i := c.FirstWord[v]; i <= c.LastWord[v]; i++ {
			m := d.seen[i] & mask[i]
			active += bits.OnesCount64(m)
			for base := (i - 1) << 6; m != 0; m &= m - 1 {
				zeros += count[base+bits.TrailingZeros64(m)]
			}
		}
		consider(v, active, zeros, active)
	}
	d.VarsActive, d.VarsUnate = varsActive, varsUnate
	d.Best = best
}

// countZerosVertical stores in count, for each column, the number of cubes
// of T without it (and without it in T.Cof). It counts 64 columns at once:
// the counters are kept as bit planes (plane j holds bit j of the count of
// each column of a word), to which each cube's word of zeros is added
// with carries.
func (c *Cube) countZerosVertical(d *ColumnCounts, T CubeList, count []int) {
	full, cof := c.FullSet, T.Cof
	n := len(full)
	k := bits.Len(uint(len(T.Cubes))) // planes needed
	if len(d.planes) < k*n {
		d.planes = make([]uint64, k*n)
	}
	planes := d.planes[:k*n]
	clear(planes)
	if len(d.seen) < n {
		d.seen = make([]uint64, n)
	}
	cubes := T.Cubes
	for i := 1; i < n; i++ {
		free := full[i] &^ cof[i]
		// Eight cubes at a time through a tree of carry-save adders
		// (Harley and Seal): ones, twos and fours hold the low three
		// bits of the counts so far, and each eight carried out is
		// added to the planes from plane 3 up.
		var ones, twos, fours, seen uint64
		j := 0
		for ; j+8 <= len(cubes); j += 8 {
			q := cubes[j : j+8 : j+8]
			x0, x1 := free&^q[0][i], free&^q[1][i]
			x2, x3 := free&^q[2][i], free&^q[3][i]
			x4, x5 := free&^q[4][i], free&^q[5][i]
			x6, x7 := free&^q[6][i], free&^q[7][i]
			seen |= x0 | x1 | x2 | x3 | x4 | x5 | x6 | x7
			twosA, o := csa(ones, x0, x1)
			twosB, o := csa(o, x2, x3)
			foursA, t := csa(twos, twosA, twosB)
			twosA, o = csa(o, x4, x5)
			twosB, o = csa(o, x6, x7)
			foursB, t := csa(t, twosA, twosB)
			eights, f := csa(fours, foursA, foursB)
			ones, twos, fours = o, t, f
			addPlane(planes, n, i, 3, eights)
		}
		for ; j < len(cubes); j++ {
			x := free &^ cubes[j][i]
			seen |= x
			addPlane(planes, n, i, 0, x)
		}
		addPlane(planes, n, i, 0, ones)
		addPlane(planes, n, i, 1, twos)
		addPlane(planes, n, i, 2, fours)
		d.seen[i] = seen

		base := (i - 1) << 6
		for f := seen; f != 0; f &= f - 1 {
			b := bits.TrailingZeros64(f)
			z := 0
			for j := k - 1; j >= 0; j-- {
				z = z<<1 | int(planes[j*n+i]>>b&1)
			}
			count[base+b] = z
		}
	}
}

// csa is a carry-save adder: for each bit, the carry and sum of a+b+c.
func csa(a, b, c uint64) (carry, sum uint64) {
	u := a ^ b
	return a&b | u&c, u ^ c
}

// addPlane adds the bits of x, of weight 2^from, to the counts held in the
// planes of word i (plane j at planes[j*n+i]).
func addPlane(planes []uint64, n, i, from int, x uint64) {
	for j := from*n + i; x != 0; j += n {
		t := planes[j] & x
		planes[j] ^= x
		x = t
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BinateSplitSelect sets cl and cr, headers kept, to the two cubes that
// split variable d.Best: each is full in the other variables, and the parts
// of d.Best not in T.Cof are divided between them, the first half (rounded
// down) going to cl. It returns d.Best (binate_split_select).
func (c *Cube) BinateSplitSelect(T CubeList, d *ColumnCounts, cl, cr Set) int {
	best := d.Best
	cof := T.Cof
	cl.Diff(c.FullSet, c.VarMask[best])
	cr.Diff(c.FullSet, c.VarMask[best])
	first, last := c.FirstPart[best], c.LastPart[best]
	half := 0
	for i := first; i <= last; i++ {
		if !cof.Has(i) {
			half++
		}
	}
	half /= 2
	i := first
	for ; half > 0; i++ {
		if !cof.Has(i) {
			half--
			cl.Insert(i)
		}
	}
	for ; i <= last; i++ {
		if !cof.Has(i) {
			cr.Insert(i)
		}
	}
	return best
}
