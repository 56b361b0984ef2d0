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

// narrowUnate adds to T.Cof, after the unate reduction the counts of d
// led to, every part of each unate variable but the one some cubes lack:
// the region hole looks in then leaves out what the cubes dropped hold.
func (t *tautology) narrowUnate(T *CubeList, d *CData) {
	c := t.c
	free := c.zeroFree(t.temp, d)
	cof := t.arena.set()
	copy(cof, T.Cof)
	for v := 0; v < c.NumVars; v++ {
		if d.IsUnate[v] {
			mask := c.VarMask[v]
			for w := c.FirstWord[v]; w <= c.LastWord[v]; w++ {
				cof[w] |= free[w] & mask[w]
			}
		}
	}
	T.Cof = cof
}

// componentHole answers specialCases for the lists a and b of a component
// reduction, over variables of their own: f = A ∨ B leaves out the cube
// taking A's parts in A's variables and B's in B's, if each leaves out one.
func (t *tautology) componentHole(a, b CubeList, hole Set) tristate {
	c := t.c
	if !t.hole(a, hole) {
		return yes
	}
	holeA := t.arena.set()
	copy(holeA, hole)
	if !t.hole(b, hole) {
		return yes
	}
	ceil, temp := t.ceil, t.temp
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
