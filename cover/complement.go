package cover

import (
	"cmp"
	"io"
	"math/bits"
	"runtime"
	"slices"

	"github.com/espresso-go/espresso/internal/workpool"
)

// Complementation of a multiple-valued function (ESPRESSO's compl.c), by
// the unate recursive paradigm: after special cases, split on the most
// active variable, complement both halves, and merge them.

// The lifting strategies of compl_merge. 2.3 also has a "complex" onset
// lifting (compl_lift_onset_complex) that no caller selects; it is not
// ported.
const (
	complLift      = iota // USE_COMPL_LIFT
	complLiftOnset        // USE_COMPL_LIFT_ONSET
)

// complementer holds the state shared by one complement, simplify or
// simp_comp recursion: the column counts, used by each level right after
// computing them as 2.3 uses its global cdata.
type complementer struct {
	c     *Cube
	d     ColumnCounts
	arena listArena
	// complMerge's scratch: the sorted indices of each half, and the keys
	// they are sorted by.
	order [2][]int32
	keys  []uint64
	// forks is how many more levels of the recursion complement its right
	// half in another goroutine (complementHalves); depth is the level of
	// the split being made (0 for the top one), as a split above
	// complementForkDepth does not fork.
	forks int
	depth int
	// trace, when not nil, receives 2.3's -v compl trace; a traced
	// complement does not fork.
	trace *complTrace
	// out is complement's stack of results: each call appends the
	// complement of its list, and a split's two halves lie side by side
	// at the top, where their merge replaces them.
	out *Cover
	// unate complements the unate leaves, into storage kept from one leaf
	// to the next; unateIn holds the family it is given.
	unate   unateComplementer
	unateIn *Cover
}

func newComplementer(c *Cube) *complementer {
	return &complementer{c: c, arena: listArena{width: 1 + c.words}}
}

// Complement returns the complement of the cubes of T, each united with
// T.Cof (complement). T is disposed of. A large complement splits its
// first levels over goroutines, up to GOMAXPROCS ([Cube.complementWorkers]).
// When trace is not nil, Complement prints 2.3's -v compl trace of the
// recursion to it, in the calling goroutine.
func (c *Cube) Complement(T CubeList, trace io.Writer) (*Cover, error) {
	if trace != nil {
		return c.complementPrinting(T, trace)
	}
	return c.complementWorkers(T, runtime.GOMAXPROCS(0))
}

// complementWorkers is [Cube.Complement] with the right half of each of the
// first splits below the top one (complementForkDepth) of a large list
// (complementForkFrom cubes or more) complemented in another goroutine, so
// that up to workers run at once.
// The result is the same whatever workers is; 1 keeps to the calling
// goroutine.
func (c *Cube) complementWorkers(T CubeList, workers int) (*Cover, error) {
	x := newComplementer(c)
	x.forks = bits.Len(uint(max(workers, 1) - 1))
	x.out = c.NewCover(min(2*len(T.Cubes), complementRoom))
	if err := x.complement(T); err != nil {
		return nil, err
	}
	return x.out.fitted(), nil
}

// complement appends the complement of T to x.out. The cubes of a split's
// halves are merged where they lie, so that the recursion copies no cover
// from one level to the next.
func (x *complementer) complement(T CubeList) error {
	if x.trace != nil {
		return x.complementTraced(T)
	}
	return x.complementLevel(T)
}

// complementLevel is one level of complement's recursion.
func (x *complementer) complementLevel(T CubeList) error {
	c := x.c
	if done, err := x.specialCases(T); done || err != nil {
		return err
	}
	a := &x.arena
	m := a.mark()
	defer a.release(m)
	cl, cr := a.set(), a.set()
	best := c.BinateSplitSelect(T, &x.d, cl, cr)
	if x.trace != nil {
		x.trace.split(best, cl, cr)
	}
	// The halves' sizes, from the counts before the recursion reuses them.
	nl, nr := c.splitSizes(T, &x.d, cl, cr, best)
	start := x.out.Count
	var mid int
	fork := x.forks > 0 && x.depth >= complementForkDepth && len(T.Cubes) >= complementForkFrom
	x.depth++
	if fork {
		var err error
		if mid, err = x.complementHalves(a.scofactorAtMost(c, T, cl, best, nl, nil), a.scofactorAtMost(c, T, cr, best, nr, nil)); err != nil {
			return err
		}
	} else {
		// The left half's list is dead once its complement is made (2.3
		// frees it there): the right half's list takes its place.
		halves, own := a.mark(), halvesStorage(nl, nr)
		if err := x.complement(a.scofactorAtMost(c, T, cl, best, nl, own)); err != nil {
			return err
		}
		a.release(halves)
		mid = x.out.Count
		if err := x.complement(a.scofactorAtMost(c, T, cr, best, nr, own)); err != nil {
			return err
		}
	}
	x.depth--
	end := x.out.Count
	lifting := complLift
	// 2.3 multiplies the counts in a 32-bit int and compares the product
	// with a long.
	if int64(int32(end-mid)*int32(mid-start)) > int64(end-start)*int64(len(T.Cubes)) {
		lifting = complLiftOnset
	}
	// The left half's window reaches to the end of the right one, so the
	// merge appends the right half's cubes left in place of its own (a
	// cube never moves up); the stack's storage does not move.
	tl, tr := x.out.window(start, mid, end), x.out.window(mid, end, end)
	tbar := x.complMerge(T, tl, tr, cl, cr, best, lifting)
	x.out.Truncate(start + tbar.Count)
	return nil
}

// complementHalves appends the complement of Tl, then that of Tr, to
// x.out, complementing Tr meanwhile in another goroutine with a
// complementer of its own (the complement reads the cubes of its list and
// writes only its own storage); it returns where Tr's complement starts.
// A panic in that goroutine comes back as an error (workpool.Recover).
func (x *complementer) complementHalves(Tl, Tr CubeList) (mid int, err error) {
	y := newComplementer(x.c)
	y.forks, y.depth = x.forks-1, x.depth
	y.out = x.c.NewCover(min(2*len(Tr.Cubes), complementRoom))
	var errR error
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer workpool.Recover(&errR)
		errR = y.complement(Tr)
	}()
	x.forks--
	errL := x.complement(Tl)
	x.forks++
	<-done
	if err := cmp.Or(errL, errR); err != nil {
		return 0, err
	}
	mid = x.out.Count
	x.out.AppendCover(y.out)
	return mid, nil
}

// specialCases appends the complement of T to x.out when it can find it
// without splitting (compl_special_cases); done is false when it cannot.
func (x *complementer) specialCases(T CubeList) (done bool, err error) {
	c := x.c
	cof := T.Cof

	// No cubes: the complement is the universe.
	if len(T.Cubes) == 0 {
		x.out.Append(c.FullSet)
		return true, nil
	}

	// A single cube: De Morgan.
	if len(T.Cubes) == 1 {
		cof.Or(cof, T.Cubes[0])
		c.appendComplCube(x.out, cof)
		return true, nil
	}

	// A row of all 1's: the complement is empty.
	for _, p := range T.Cubes {
		if c.FullRow(p, cof) {
			return true, nil
		}
	}

	// A column of all 0's is factored out: the complement of the rest,
	// then that of the column's cube.
	a := &x.arena
	m := a.mark()
	defer a.release(m)
	ceil := a.set().Copy(cof)
	for _, p := range T.Cubes {
		ceil.Or(ceil, p)
	}
	if !ceil.Equal(c.FullSet) {
		cof.Or(cof, a.set().Diff(c.FullSet, ceil))
		if err := x.complement(T); err != nil {
			return true, err
		}
		c.appendComplCube(x.out, ceil)
		return true, nil
	}

	d := &x.d
	c.massiveCount(d, T)
	switch {
	case d.VarsActive == 1:
		// A single active variable, not factored out above: tautology.
		return true, nil
	case d.VarsUnate == d.VarsActive:
		// A unate cover.
		if x.unateIn == nil {
			x.unateIn = NewCover(len(T.Cubes), d.VarsUnate)
		}
		u, err := x.unate.compl(c.mapCoverToUnateInto(x.unateIn.reuse(d.VarsUnate), T, d))
		if err != nil {
			return true, err
		}
		c.appendUnateToCover(x.out, u, d)
		return true, nil
	}
	return false, nil
}

// complMerge merges the covers l and r of the two halves of T split by cl
// and cr in variable v: each cube is intersected with its half, cubes equal
// outside v are merged (distance-1 merge), cubes are raised in v where
// lifting finds it valid, and the result lists l then the cubes of r not
// merged (compl_merge). l and r are disposed of; the result reuses l.
func (x *complementer) complMerge(T CubeList, l, r *Cover, cl, cr Set, v int, lifting int) *Cover {
	c := x.c
	if x.trace != nil {
		x.trace.mergeStart(l, r, cl, cr)
	}
	for i := 0; i < l.Count; i++ {
		p := l.At(i)
		p.And(p, cl)
		p.SetFlag(Active)
	}
	for i := 0; i < r.Count; i++ {
		p := r.At(i)
		p.And(p, cr)
		p.SetFlag(Active)
	}

	// Sort for the distance-1 merge. The sort orders indices (the sets
	// stay in place, as 2.3 sorts pointers to them).
	mask := c.VarMask[v]
	order := d1Order(mask)
	x.order[0], x.keys = sortedIndices(x.order[0], x.keys, l, mask)
	x.order[1], x.keys = sortedIndices(x.order[1], x.keys, r, mask)
	l1, r1 := x.order[0], x.order[1]
	for i, j := 0, 0; i < len(l1) && j < len(r1); {
		pl, pr := l.At(int(l1[i])), r.At(int(r1[j]))
		switch order(pl, pr) {
		case 1:
			j++
		case -1:
			i++
		case 0:
			// Equal outside v: merge the right cube into the left one.
			pr.ResetFlag(Active)
			pl.Or(pl, pr)
			j++
		}
	}

	// Lifting. Each cube is checked against the other side or the on-set
	// only, so the order the cubes are visited in does not matter; they
	// are visited in place.
	switch lifting {
	case complLiftOnset:
		t := c.Unlist(T)
		c.complLiftOnset(l, t, cr, v)
		c.complLiftOnset(r, t, cl, v)
	case complLift:
		c.complLift(l, r, cr, v)
		c.complLift(r, l, cl, v)
	}

	// The result: l, then the cubes of r not merged into l.
	tbar := l
	merged := 0
	for p := range r.All() {
		merged += b2i(p.Test(Active))
	}
	tbar.Grow(merged)
	for i := 0; i < r.Count; i++ {
		if p := r.At(i); p.Test(Active) {
			tbar.Append(p)
		}
	}
	tbar.ActiveCount = 0
	if x.trace != nil {
		x.trace.mergeEnd(tbar)
	}
	return tbar
}

// sortedIndices returns the indices of the sets of f sorted by d1Order of
// mask, through [Sort] as 2.3 sorts with qsort, in idx's storage. The keys
// compared (each set united with mask) are computed once, in keys's
// storage, which it returns too.
func sortedIndices(idx []int32, keys []uint64, f *Cover, mask Set) ([]int32, []uint64) {
	n := f.Count
	idx = slices.Grow(idx[:0], n)[:n]
	for i := range idx {
		idx[i] = int32(i)
	}
	w := len(mask) - 1
	keys = slices.Grow(keys[:0], n*w)[:n*w]
	for i := 0; i < n; i++ {
		p := f.At(i)
		k := keys[i*w : (i+1)*w]
		for j := range k {
			k[j] = p[j+1] | mask[j+1]
		}
	}
	if w == 1 {
		Sort(idx, func(i, j int32) int {
			x, y := keys[i], keys[j]
			if x > y {
				return -1
			}
			if x < y {
				return 1
			}
			return 0
		})
		return idx, keys
	}
	Sort(idx, func(i, j int32) int {
		a, b := keys[int(i)*w:int(i+1)*w], keys[int(j)*w:int(j+1)*w]
		for k := w - 1; k >= 0; k-- {
			if a[k] != b[k] {
				if a[k] > b[k] {
					return -1
				}
				return 1
			}
		}
		return 0
	})
	return idx, keys
}

// complLift raises in variable v each active cube a of a to the parts of
// bcube in v, when a so raised is contained in a single cube of b
// (compl_lift).
func (c *Cube) complLift(a, b *Cover, bcube Set, v int) {
	mask := c.VarMask[v]
	liftor := c.NewSet().And(bcube, mask)
	lift := c.NewSet()
	// Comparing each cube of a with every cube of b is quadratic; past a
	// million pairs an index of b answers the same question.
	var ix *containIndex
	if a.Count*b.Count > complLiftIndexed && c.NumBinaryVars > 0 {
		ix = c.newContainIndex(b)
	}
	for i := 0; i < a.Count; i++ {
		p := a.At(i)
		if !p.Test(Active) {
			continue
		}
		lift.Merge(bcube, p, mask)
		if ix != nil {
			if ix.containedInSome(lift) {
				p.Or(p, liftor)
			}
			continue
		}
		for j := 0; j < b.Count; j++ {
			if lift.Implies(b.At(j)) {
				p.Or(p, liftor)
				break
			}
		}
	}
}

// complLiftOnset raises in variable v each active cube of a to the parts
// of bcube in v, when the cube so raised meets no cube of the on-set t
// (compl_lift_onset).
func (c *Cube) complLiftOnset(a, t *Cover, bcube Set, v int) {
	mask := c.VarMask[v]
	lift := c.NewSet()
	for i := 0; i < a.Count; i++ {
		p := a.At(i)
		if !p.Test(Active) {
			continue
		}
		lift.And(bcube, mask)
		lift.Or(p, lift)
		ok := true
		for k := 0; k < t.Count; k++ {
			if c.Dist0(t.At(k), lift) {
				ok = false
				break
			}
		}
		if ok {
			// 2.3 copies its scratch cube, header included (cleared).
			p.Copy(lift)
			p.SetFlag(Active)
		}
	}
}

// complCube returns the complement of cube p by De Morgan's law: for each
// variable where p is not full, the full cube with p's missing parts in
// that variable (compl_cube).
func (c *Cube) complCube(p Set) *Cover {
	r := c.NewCover(0)
	c.appendComplCube(r, p)
	return r
}

// appendComplCube appends the cubes of complCube(p) to r: for each
// variable v where p is not full, the full cube with p's missing parts
// in v.
func (c *Cube) appendComplCube(r *Cover, p Set) {
	full := c.FullSet
	for v := 0; v < c.NumVars; v++ {
		mask := c.VarMask[v]
		if mask.Implies(p) {
			continue
		}
		q := r.AppendEmpty()
		for i := 1; i < len(q); i++ {
			q[i] = (full[i]&^p[i])&mask[i] | full[i]&^mask[i]
		}
	}
}

// Simplify returns a simplified cover of the function of T, each cube
// united with T.Cof, by the same recursion as [Cube.Complement] (simplify).
// T is disposed of. When trace is not nil, Simplify prints 2.3's -v compl
// trace of the recursion to it.
func (c *Cube) Simplify(T CubeList, trace io.Writer) *Cover {
	x := newComplementer(c)
	x.traceTo(trace)
	return x.simplify(T)
}

func (x *complementer) simplify(T CubeList) *Cover {
	if t := x.trace; t != nil {
		t.enter("SIMPLIFY", T)
		r := x.simplifyLevel(T)
		t.depth--
		t.result("exit SIMPLIFY", r, t.depth)
		return r
	}
	return x.simplifyLevel(T)
}

// simplifyLevel is one level of simplify's recursion.
func (x *complementer) simplifyLevel(T CubeList) *Cover {
	c := x.c
	if r := x.simplifySpecialCases(T); r != nil {
		return r
	}
	a := &x.arena
	m := a.mark()
	defer a.release(m)
	cl, cr := a.set(), a.set()
	best := c.BinateSplitSelect(T, &x.d, cl, cr)
	if x.trace != nil {
		x.trace.split(best, cl, cr)
	}
	tl := x.simplify(a.scofactor(c, T, cl, best))
	tr := x.simplify(a.scofactor(c, T, cr, best))
	r := x.complMerge(T, tl, tr, cl, cr, best, complLift)
	if r.Count > len(T.Cubes) {
		// All that work for nothing.
		r = c.Unlist(T)
	}
	return r
}

// simplifySpecialCases returns the simplified cover when it can without
// splitting, or nil (simplify_special_cases).
func (x *complementer) simplifySpecialCases(T CubeList) *Cover {
	c := x.c
	cof := T.Cof

	if len(T.Cubes) == 0 {
		return c.NewCover(0)
	}
	if len(T.Cubes) == 1 {
		r := c.NewCover(1)
		r.Append(cof.Or(cof, T.Cubes[0]))
		return r
	}
	for _, p := range T.Cubes {
		if c.FullRow(p, cof) {
			r := c.NewCover(1)
			r.Append(c.FullSet)
			return r
		}
	}

	ceil := cof.Clone()
	for _, p := range T.Cubes {
		ceil.Or(ceil, p)
	}
	if !ceil.Equal(c.FullSet) {
		cof.Or(cof, c.NewSet().Diff(c.FullSet, ceil))
		r := x.simplify(T)
		for i := 0; i < r.Count; i++ {
			p := r.At(i)
			p.And(p, ceil)
		}
		return r
	}

	d := &x.d
	c.massiveCount(d, T)
	switch {
	case d.VarsActive == 1:
		r := c.NewCover(1)
		r.Append(c.FullSet)
		return r
	case d.VarsUnate == d.VarsActive:
		return c.Unlist(T).Maximal()
	}
	return nil
}

// SimplifyAndComplement returns both a simplified cover of the function
// of T (each cube united with T.Cof) and its complement (simp_comp). T is
// disposed of. When trace is not nil, it prints 2.3's -v compl trace of
// the recursion to it.
func (c *Cube) SimplifyAndComplement(T CubeList, trace io.Writer) (tnew, tbar *Cover, err error) {
	x := newComplementer(c)
	x.traceTo(trace)
	return x.simpComp(T)
}

func (x *complementer) simpComp(T CubeList) (tnew, tbar *Cover, err error) {
	t := x.trace
	if t == nil {
		return x.simpCompLevel(T)
	}
	t.enter("SIMPCOMP", T)
	if tnew, tbar, err = x.simpCompLevel(T); err != nil {
		return nil, nil, err
	}
	// 2.3 prints both at the level of the entry's list plus one.
	t.result("exit SIMPCOMP (new)", tnew, t.depth)
	t.result("exit SIMPCOMP (compl)", tbar, t.depth)
	t.depth--
	return tnew, tbar, nil
}

// simpCompLevel is one level of simp_comp's recursion.
func (x *complementer) simpCompLevel(T CubeList) (tnew, tbar *Cover, err error) {
	c := x.c
	tnew, tbar, done, err := x.simpCompSpecialCases(T)
	if done || err != nil {
		return tnew, tbar, err
	}
	a := &x.arena
	m := a.mark()
	defer a.release(m)
	cl, cr := a.set(), a.set()
	best := c.BinateSplitSelect(T, &x.d, cl, cr)
	if x.trace != nil {
		x.trace.split(best, cl, cr)
	}
	tl, tlbar, err := x.simpComp(a.scofactor(c, T, cl, best))
	if err != nil {
		return nil, nil, err
	}
	tr, trbar, err := x.simpComp(a.scofactor(c, T, cr, best))
	if err != nil {
		return nil, nil, err
	}
	tnew = x.complMerge(T, tl, tr, cl, cr, best, complLift)
	tbar = x.complMerge(T, tlbar, trbar, cl, cr, best, complLift)
	if tnew.Count > len(T.Cubes) {
		tnew = c.Unlist(T)
	}
	return tnew, tbar, nil
}

// simpCompSpecialCases is the special-case step of
// [Cube.SimplifyAndComplement] (simp_comp_special_cases); done is false when it cannot answer.
func (x *complementer) simpCompSpecialCases(T CubeList) (tnew, tbar *Cover, done bool, err error) {
	c := x.c
	cof := T.Cof

	if len(T.Cubes) == 0 {
		tbar = c.NewCover(1)
		tbar.Append(c.FullSet)
		return c.NewCover(1), tbar, true, nil
	}
	if len(T.Cubes) == 1 {
		cof.Or(cof, T.Cubes[0])
		tnew = c.NewCover(1)
		tnew.Append(cof)
		return tnew, c.complCube(cof), true, nil
	}
	for _, p := range T.Cubes {
		if c.FullRow(p, cof) {
			tnew = c.NewCover(1)
			tnew.Append(c.FullSet)
			return tnew, c.NewCover(1), true, nil
		}
	}

	ceil := cof.Clone()
	for _, p := range T.Cubes {
		ceil.Or(ceil, p)
	}
	if !ceil.Equal(c.FullSet) {
		cof.Or(cof, c.NewSet().Diff(c.FullSet, ceil))
		tnew, tbar, err = x.simpComp(T)
		if err != nil {
			return nil, nil, true, err
		}
		for i := 0; i < tnew.Count; i++ {
			p := tnew.At(i)
			p.And(p, ceil)
		}
		return tnew, tbar.AppendCover(c.complCube(ceil)), true, nil
	}

	d := &x.d
	c.massiveCount(d, T)
	switch {
	case d.VarsActive == 1:
		tnew = c.NewCover(1)
		tnew.Append(c.FullSet)
		return tnew, c.NewCover(1), true, nil
	case d.VarsUnate == d.VarsActive:
		tnew = c.Unlist(T).Maximal()
		a, err := UnateComplement(c.mapCoverToUnate(T, d))
		if err != nil {
			return nil, nil, true, err
		}
		return tnew, c.mapUnateToCover(a, d), true, nil
	}
	return nil, nil, false, nil
}
