package cover

// Holes: the tautology check of tautology.go, answering "no" with the
// minterms that show it. Where cube_is_covered only says that some
// minterm of a cube lies outside the other cubes, Hole finds a cube of
// them: REDUCE wants the smallest cube holding all such minterms, and
// one cube of them brings parts of every variable at once.
//
// The recursion is the tautology check's, with the region it looks in
// kept as the complement of the list's cofactor cube: a split adds the
// other half to the cofactor, and the unate reduction, which keeps only
// the cubes full in each unate variable, adds to it every part of such a
// variable but the one some cubes lack (the cubes it drops lack that
// part, so they hold no minterm of the smaller region). Where the check
// answers "no", the cube is at hand: a column of zeros leaves out the
// region with that variable cut down to its columns of zeros; a unate
// list without a row of ones, the region with each active variable cut
// down to the part some cubes lack (only a cube full there holds it, and
// every cube is full in the others); and the two lists of a component
// reduction, over variables of their own, each leave out a cube, whose
// parts in its own variables together give one that both leave out.

// Hole reports whether some minterm of p lies in no cube of T other than p
// itself (the opposite of [TautologyChecker.CubeIsCovered]), and if so
// stores in hole a cube of such minterms, inside p, that meets none of
// those cubes.
func (k *TautologyChecker) Hole(T CubeList, p, hole Set) bool {
	t := &k.t
	a := &t.arena
	m := a.mark()
	T1 := t.c.cofactorInto(a.set(), a.list(len(T.Cubes)), T, p)
	a.commit(len(T1.Cubes))
	found := t.hole(T1, hole)
	a.release(m)
	return found
}

// hole reports whether the cubes of T, each united with T.Cof, leave a
// minterm outside T.Cof in every variable uncovered, and if so stores in
// hole a cube of such minterms that they do not meet.
func (t *tautology) hole(T CubeList, hole Set) bool {
	switch t.holeCases(&T, hole) {
	case yes:
		return false
	case no:
		return true
	}
	c, a := t.c, &t.arena
	m := a.mark()
	cl, cr := a.set(), a.set()
	best := c.BinateSplitSelect(T, &t.d, cl, cr)
	found := t.hole(a.scofactor(c, T, cl, best), hole) || t.hole(a.scofactor(c, T, cr, best), hole)
	a.release(m)
	return found
}

// holeCases is tautology's specialCases for hole: where the answer is no,
// it stores the cube of minterms that shows it in hole. It may shorten
// T.Cubes and replace T.Cof.
func (t *tautology) holeCases(T *CubeList, hole Set) tristate {
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
			// A column of zeros: the region with the first such
			// variable cut down to its columns of zeros.
			c.regionWithout(hole, T.Cof, ceil, true)
			return no
		}

		d := &t.d
		c.massiveCount(d, *T)
		switch {
		case d.VarsUnate == d.VarsActive:
			// Unate, without a row of ones: the region with each
			// active variable cut down to the one part some cubes
			// lack, which only the cubes full there hold.
			c.regionWithout(hole, T.Cof, c.zeroFree(temp, d), false)
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
			// f = A ∨ B over disjoint variables: the cube both leave
			// out takes A's parts in A's variables and B's in B's.
			if !t.hole(a, hole) {
				return yes
			}
			holeA := t.arena.set()
			copy(holeA, hole)
			if !t.hole(b, hole) {
				return yes
			}
			ceil.Copy(c.FullSet)
			for _, p := range b.Cubes {
				ceil.And(ceil, temp.Or(p, b.Cof))
			}
			for v := 0; v < c.NumVars; v++ {
				if c.fullIn(ceil, v) {
					c.copyVar(hole, holeA, v)
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

// regionWithout stores in hole the region outside cof, with each variable
// where avoid lacks parts cut down to those parts (only the first such
// variable if first).
func (c *Cube) regionWithout(hole, cof, avoid Set, first bool) {
	full := c.FullSet
	for i := 1; i < len(hole); i++ {
		hole[i] = full[i] &^ cof[i]
	}
	for v := 0; v < c.NumVars; v++ {
		if c.fullIn(avoid, v) {
			continue
		}
		mask := c.VarMask[v]
		for w := c.FirstWord[v]; w <= c.LastWord[v]; w++ {
			hole[w] &^= avoid[w] & mask[w]
		}
		if first {
			return
		}
	}
}

// copyVar replaces the parts of variable v in dst by those in src.
func (c *Cube) copyVar(dst, src Set, v int) {
	mask := c.VarMask[v]
	for w := c.FirstWord[v]; w <= c.LastWord[v]; w++ {
		dst[w] = dst[w]&^mask[w] | src[w]&mask[w]
	}
}
