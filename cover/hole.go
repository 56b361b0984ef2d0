package cover

// Holes: the tautology check of tautology.go, answering "no" with a
// minterm that shows it. Where cube_is_covered only says that some
// minterm of a cube lies outside the other cubes, Hole finds one: REDUCE
// wants the smallest cube holding all such minterms, and one minterm
// brings a part of every variable at once.
//
// The recursion is the tautology check's, with the region it looks in
// kept as the complement of the list's cofactor cube: a split adds the
// other half to the cofactor, and the unate reduction, which keeps only
// the cubes full in each unate variable, adds to it every part of such a
// variable but the one some cubes lack (the cubes it drops lack that
// part, so they hold no minterm of the smaller region). Where the check
// answers "no", the minterm is at hand: a column of zeros gives its part
// in that variable; a unate list without a row of ones misses the minterm
// taking in each variable the part some cubes lack; and the two lists of
// a component reduction, over variables of their own, each miss a
// minterm, which together give one that both miss.

// Hole reports whether some minterm of p lies in no cube of T other than p
// itself (the opposite of [TautologyChecker.CubeIsCovered]), and if so
// stores one in point: a set of one part per variable, inside p.
func (k *TautologyChecker) Hole(T CubeList, p, point Set) bool {
	t := &k.t
	a := &t.arena
	m := a.mark()
	T1 := t.c.cofactorInto(a.set(), a.list(len(T.Cubes)), T, p)
	a.commit(len(T1.Cubes))
	found := t.hole(T1, point)
	a.release(m)
	return found
}

// hole reports whether the cubes of T, each united with T.Cof, leave a
// minterm outside T.Cof in every variable uncovered, and if so stores
// one in point.
func (t *tautology) hole(T CubeList, point Set) bool {
	switch t.holeCases(&T, point) {
	case yes:
		return false
	case no:
		return true
	}
	c, a := t.c, &t.arena
	m := a.mark()
	cl, cr := a.set(), a.set()
	best := c.BinateSplitSelect(T, &t.d, cl, cr)
	found := t.hole(a.scofactor(c, T, cl, best), point) || t.hole(a.scofactor(c, T, cr, best), point)
	a.release(m)
	return found
}

// holeCases is tautology's specialCases for hole: where the answer is no,
// it stores a minterm that shows it in point. It may shorten T.Cubes and
// replace T.Cof.
func (t *tautology) holeCases(T *CubeList, point Set) tristate {
	c := t.c
	if t.ceil == nil {
		t.ceil, t.temp = c.NewSet(), c.NewSet()
	}
	ceil, temp := t.ceil, t.temp

	for _, p := range T.Cubes {
		if c.FullRow(p, T.Cof) {
			return yes
		}
	}
	for {
		ceil.Copy(T.Cof)
		for _, p := range T.Cubes {
			ceil.Or(ceil, p)
		}
		if !ceil.Equal(c.FullSet) {
			// A column of zeros: its part, and any part outside the
			// cofactor elsewhere.
			c.pointOutside(point, T.Cof, ceil)
			return no
		}

		d := &t.d
		c.massiveCount(d, *T)
		switch {
		case d.VarsUnate == d.VarsActive:
			// Unate, without a row of ones: in each active variable
			// the one part some cubes lack, which only the cubes full
			// there hold.
			c.pointOutside(point, T.Cof, c.zeroFree(temp, d))
			return no
		case d.VarsActive == 1:
			return yes
		case d.VarsUnate != 0:
			c.unateReduce(T, d, ceil, temp)
			free := c.zeroFree(temp, d)
			cof := t.arena.set()
			copy(cof, T.Cof)
			for v := 0; v < c.NumVars; v++ {
				if d.IsUnate[v] {
					// Every part but the one with zeros.
					mask := c.VarMask[v]
					for w := c.FirstWord[v]; w <= c.LastWord[v]; w++ {
						cof[w] |= free[w] & mask[w]
					}
				}
			}
			T.Cof = cof
			continue
		case d.VarZeros[d.Best] < len(T.Cubes)/2:
			if len(t.gathered) < len(T.Cubes) {
				t.gathered = make([]bool, 2*len(T.Cubes))
			}
			a, b, n := c.partition(*T, t.gathered[:len(T.Cubes)])
			if n == 0 {
				return maybe
			}
			// f = A ∨ B over disjoint variables: a minterm missing
			// from both takes A's in A's variables and B's in B's.
			if !t.hole(a, point) {
				return yes
			}
			pointA := t.arena.set()
			copy(pointA, point)
			if !t.hole(b, point) {
				return yes
			}
			ceil.Copy(c.FullSet)
			for _, p := range b.Cubes {
				ceil.And(ceil, temp.Or(p, b.Cof))
			}
			for v := 0; v < c.NumVars; v++ {
				if c.fullIn(ceil, v) {
					c.copyVar(point, pointA, v)
				}
			}
			return no
		}
		return maybe
	}
}

// zeroFree stores in s, and returns, the parts that no cube of the list
// whose counts d holds lacks (those of its cofactor among them).
func (c *Cube) zeroFree(s Set, d *CData) Set {
	full := c.FullSet
	for i := 1; i < len(s); i++ {
		s[i] = full[i] &^ d.seen[i]
	}
	return s
}

// pointOutside stores in point a minterm of one part per variable: in
// each variable where avoid does not hold every part, the first part
// avoid lacks; elsewhere, the first part outside cof.
func (c *Cube) pointOutside(point, cof, avoid Set) {
	point.Clear()
	for v := 0; v < c.NumVars; v++ {
		first, fallback := -1, -1
		for j := c.FirstPart[v]; j <= c.LastPart[v]; j++ {
			if first < 0 && !avoid.Has(j) {
				first = j
			}
			if fallback < 0 && !cof.Has(j) {
				fallback = j
			}
		}
		if first < 0 {
			first = fallback
		}
		point.Insert(first)
	}
}

// copyVar replaces the parts of variable v in dst by those in src.
func (c *Cube) copyVar(dst, src Set, v int) {
	mask := c.VarMask[v]
	for w := c.FirstWord[v]; w <= c.LastWord[v]; w++ {
		dst[w] = dst[w]&^mask[w] | src[w]&mask[w]
	}
}
