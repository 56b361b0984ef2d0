package cover

// The tautology check of ESPRESSO 2.3 (the tautology part of irred.c): the
// unate recursive paradigm, splitting on the variable massive_count selects
// until a special case answers.

// TautologyChecker answers tautology questions for one cube structure,
// keeping its scratch storage from one question to the next. It is not
// safe for concurrent use, but it writes nothing in the cubes it is asked
// about: checkers in several goroutines may share them.
type TautologyChecker struct {
	t tautology
}

// NewTautologyChecker returns a checker for cubes of c.
func (c *Cube) NewTautologyChecker() *TautologyChecker {
	return &TautologyChecker{t: tautology{c: c, arena: listArena{width: 1 + c.words}}}
}

// Tautology reports whether the cubes of T, each united with T.Cof, cover
// every minterm (tautology). T is disposed of.
func (k *TautologyChecker) Tautology(T CubeList) bool {
	t := &k.t
	m := t.arena.mark()
	r := t.run(T)
	t.arena.release(m)
	return r
}

// CubeIsCovered reports whether cube p is covered by the cubes of T other
// than p itself (cube_is_covered). The list T and its cubes are not
// changed. (2.3's component reduction flags the cubes it gathers
// [Covered]; here it does not, so that checkers in several goroutines may
// ask about lists that share cubes. Nothing reads those flags before
// expand clears them.)
func (k *TautologyChecker) CubeIsCovered(T CubeList, p Set) bool {
	t := &k.t
	a := &t.arena
	m := a.mark()
	var T1 CubeList
	if len(T.Cubes) >= ownListFrom {
		// The arena would reserve room for all of T (a chunk twice
		// that); the cofactor is mostly far shorter. It grows in
		// storage kept for the next question.
		T1 = t.c.cofactorInto(a.set(), t.cofactor[:0], T, p)
		t.cofactor = T1.Cubes[:0]
	} else {
		T1 = t.c.cofactorInto(a.set(), a.list(len(T.Cubes)), T, p)
		a.commit(len(T1.Cubes))
	}
	r := t.run(T1)
	a.release(m)
	return r
}

// CubeIsCoveredBy reports whether cube p is covered by the cubes of the
// covers of parts other than p itself: CubeIsCovered for the list of those
// covers, without building the list (cube_is_covered of
// cube2list/cube3list). The cubes of a part with an index are found from
// it, those of the others by going over them.
func (k *TautologyChecker) CubeIsCoveredBy(p Set, parts ...IndexedCover) bool {
	return k.coveredBy(p, parts)
}

// IndexedCover is a cover whose cubes a covering question takes, with, if
// Index is not nil, an index of the cover from which the cubes meeting the
// cube asked about are found instead of going over them all.
type IndexedCover struct {
	*Cover
	Index MeetingIndex
}

// A MeetingIndex finds the cubes of a cover that meet a cube (distance 0)
// without going over them all. Package internal/coverindex's Transposed,
// the cover held part by part, is one.
type MeetingIndex interface {
	// AppendMeetingOf appends to dst the cubes of F, the cover indexed,
	// that meet p, other than p itself, and returns it.
	AppendMeetingOf(dst []Set, F *Cover, p Set) []Set
}

// coveredBy reports whether p is covered by the cubes other than p of the
// covers of parts, which it goes over or, for those with an index, finds
// from the index.
func (k *TautologyChecker) coveredBy(p Set, parts []IndexedCover) bool {
	t := &k.t
	c, a := t.c, &t.arena
	m := a.mark()
	cof := a.set()
	full := c.FullSet
	for i := 1; i < len(cof); i++ {
		cof[i] = full[i] &^ p[i]
	}
	// The list of the cubes meeting p grows in storage kept from one
	// question to the next: reserving room for every cube of the parts,
	// as for a cofactor, would take hundreds of megabytes over a large
	// DC-set for a list that an index keeps short.
	cubes := t.meeting[:0]
	for _, f := range parts {
		switch {
		case f.Index != nil:
			cubes = f.Index.AppendMeetingOf(cubes, f.Cover, p)
		case c.words == 1:
			// One data word per cube: test it in place.
			p1 := p[1]
			data := f.data[:f.Count*2]
			for off := 0; off+1 < len(data); off += 2 {
				if c.meet1(data[off+1]&p1) && &data[off] != &p[0] {
					cubes = append(cubes, Set(data[off:off+2:off+2]))
				}
			}
		default:
			w := f.wsize
			data := f.data[:f.Count*w]
			for off := 0; off < len(data); off += w {
				q := Set(data[off : off+w : off+w])
				if !c.disjointInWord(q, p) && c.Dist0(q, p) && !sameSet(q, p) {
					cubes = append(cubes, q)
				}
			}
		}
	}
	r := t.run(CubeList{Cof: cof, Cubes: cubes})
	// The list's cubes are let go, so that the storage kept holds no
	// cover alive.
	clear(cubes)
	t.meeting = cubes[:0]
	a.release(m)
	return r
}

// tautology holds what one tautology check shares across its recursion:
// the column counts (used by each level just after computing them, as 2.3
// uses its global cdata) and scratch sets, and the trace it prints 2.3's
// -v taut lines to, if any.
type tautology struct {
	c     *Cube
	d     ColumnCounts
	ceil  Set
	temp  Set
	arena listArena
	trace *tautTrace // nil: no lines printed
	// gathered is the component reduction's scratch: it is done with
	// before the recursion on the components.
	gathered []bool
	// meeting is coveredBy's list of the cubes meeting the cube asked
	// about.
	meeting []Set
	// cofactor is CubeIsCovered's list of the cofactor of a long list.
	cofactor []Set
}

type tristate int

const (
	no tristate = iota
	yes
	maybe
)

// run reports whether the cubes of T, each united with T.Cof, cover every
// minterm.
func (t *tautology) run(T CubeList) bool { return !t.hole(T) }

// hole is the recursion of the tautology check (tautology): it reports
// whether the cubes of T, each united with T.Cof, leave a minterm
// uncovered (T is no tautology). With a trace it prints each level's list
// on entry, its split and its answer on exit, as 2.3 does.
func (t *tautology) hole(T CubeList) bool {
	if t.trace != nil {
		t.trace.enter(t.c, T)
	}
	var found bool
	switch t.specialCases(&T) {
	case no:
		found = true
	case maybe:
		c, a := t.c, &t.arena
		m := a.mark()
		cl, cr := a.set(), a.set()
		best := c.BinateSplitSelect(T, &t.d, cl, cr)
		if t.trace != nil {
			c.WriteSplit(t.trace.w, best, cl, cr)
		}
		nl, nr := c.splitSizes(T, &t.d, cl, cr, best)
		own := halvesStorage(nl, nr)
		found = t.hole(a.scofactorAtMost(c, T, cl, best, nl, own)) || t.hole(a.scofactorAtMost(c, T, cr, best, nr, own))
		a.release(m)
	}
	if t.trace != nil {
		t.trace.exit(!found)
	}
	return found
}

// specialCases answers the tautology question for T when it can without
// splitting (taut_special_cases). It may shorten T.Cubes.
func (t *tautology) specialCases(T *CubeList) tristate {
	c := t.c
	if t.ceil == nil {
		t.ceil, t.temp = c.NewSet(), c.NewSet()
	}
	ceil, temp := t.ceil, t.temp

	// A row of all 1's implies tautology.
	for _, p := range T.Cubes {
		if c.FullRow(p, T.Cof) {
			return yes
		}
	}

	for {
		// A column of all 0's implies no tautology.
		ceil.Copy(T.Cof)
		for _, p := range T.Cubes {
			ceil.Or(ceil, p)
		}
		if !ceil.Equal(c.FullSet) {
			return no
		}

		d := &t.d
		c.massiveCount(d, *T)
		switch {
		case d.VarsUnate == d.VarsActive:
			// A unate function without a row of all 1's is no
			// tautology.
			return no
		case d.VarsActive == 1:
			// Active in a single variable, without a column of all
			// 0's: tautology.
			return yes
		case d.VarsUnate != 0:
			c.unateReduce(T, d, ceil, temp)
			if t.trace != nil {
				t.trace.unateReduction(d.VarsUnate, len(T.Cubes))
			}
			continue
		case d.VarZeros[d.Best] < len(T.Cubes)/2:
			// Component reduction.
			if len(t.gathered) < len(T.Cubes) {
				t.gathered = make([]bool, 2*len(T.Cubes))
			}
			m := t.arena.mark()
			a, b, n := t.arena.partition(c, *T, t.gathered[:len(T.Cubes)])
			if t.trace != nil {
				t.trace.componentReduction(len(T.Cubes)-n, n)
			}
			r := maybe
			switch {
			case n == 0:
			case t.run(a) || t.run(b):
				r = yes
			default:
				r = no
			}
			t.arena.release(m)
			return r
		}
		return maybe
	}
}

// unateReduce keeps in T only the cubes full in every unate variable of
// d, using ceil and temp as scratch (the unate reduction of tautology's
// special cases).
func (c *Cube) unateReduce(T *CubeList, d *ColumnCounts, ceil, temp Set) {
	ceil.Clear()
	for v := 0; v < c.NumVars; v++ {
		if d.IsUnate[v] {
			ceil.Or(ceil, c.VarMask[v])
		}
	}
	kept := T.Cubes[:0]
	for _, p := range T.Cubes {
		if ceil.Implies(temp.Or(p, T.Cof)) {
			kept = append(kept, p)
		}
	}
	clear(T.Cubes[len(kept):])
	T.Cubes = kept
}
