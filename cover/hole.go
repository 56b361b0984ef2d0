package cover

// Holes: where the tautology check says that some minterm lies outside
// every cube of a list, HoleCube finds the smallest cube holding all such
// minterms, which is what REDUCE makes of a cube (the smallest cube
// containing the complement of the other cubes within it, sccc in 2.3's
// reduce.c).
//
// It is the tautology check's recursion, with the answer gathered in one
// cube, known, as it goes: a region of the split whose every part is in
// known already can bring nothing and is not looked at. The special cases
// carry over, each answering for the whole region or leaving a smaller
// question:
//
//   - a row of ones: no holes;
//   - columns of zeros in two variables or more: the whole region (each
//     part of a variable lies in a hole with a zero column of the other);
//     in one variable v: the region with v cut down to those columns, and
//     the rest of the region still to look at;
//   - a unate list: the region with, in each variable, the parts of the
//     cubes active in that variable alone left out (2.3's sccc rule, exact
//     there: a point taking in every other active variable the one part
//     some cubes lack is covered only by a cube active in its variable);
//   - some unate variables, each with the one part j0 some cubes lack:
//     moving a hole's part in such a variable to j0 leaves it a hole, so
//     the holes with every unate variable at j0 give all the parts of the
//     other variables, and the other parts of a unate variable u are in the
//     answer exactly when some hole has one of them, a tautology question
//     over the cubes full in every unate variable but u;
//   - two components over variables of their own: the holes are the
//     products of theirs, so the cube of one's holes (found first, with a
//     known of its own) cuts down the region in which the other's are
//     gathered.

// HoleCube stores in res, header cleared, the smallest cube holding every
// minterm of p that no cube of T other than p holds (empty if there is
// none), and reports whether there is one. Together with the other cubes,
// that cube covers what p covers, and it is the smallest cube that does:
// p's maximal reduction.
func (k *TautologyChecker) HoleCube(T CubeList, p, res Set) bool {
	t := &k.t
	c, a := t.c, &t.arena
	m := a.mark()
	T1 := c.cofactorInto(a.set(), a.list(len(T.Cubes)), T, p)
	a.commit(len(T1.Cubes))
	clear(res)
	t.holeCube(T1, res)
	a.release(m)
	return !res.IsEmpty()
}

// regionWithin reports whether the region outside cof lies inside known.
func (c *Cube) regionWithin(cof, known Set) bool {
	full := c.FullSet
	for i := 1; i < len(full); i++ {
		if full[i]&^cof[i]&^known[i] != 0 {
			return false
		}
	}
	return true
}

// addRegion adds to known the region outside cof.
func (c *Cube) addRegion(known, cof Set) {
	full := c.FullSet
	for i := 1; i < len(full); i++ {
		known[i] |= full[i] &^ cof[i]
	}
}

// either is the answer of two questions over the halves of a region: yes if
// one has a hole, else maybe if one could not tell, else no.
func either(a, b tristate) tristate {
	switch {
	case a == yes || b == yes:
		return yes
	case a == maybe || b == maybe:
		return maybe
	}
	return no
}

// holeCube adds to known every part of each minterm of T's region (the
// parts outside T.Cof) that no cube of T, united with T.Cof, holds, where
// such a minterm has a part known lacks. It reports yes if the region has
// such minterms, no if it has none, and maybe if it did not look at some of
// it because known held all of that part already. T's list may be
// reordered and shortened.
func (t *tautology) holeCube(T CubeList, known Set) tristate {
	c, a := t.c, &t.arena
	m := a.mark()
	r, split := t.holeCubeCases(&T, known)
	if split {
		// What the special cases left, split as the tautology check
		// does, on the counts they left in t.d.
		cl, cr := a.set(), a.set()
		best := c.BinateSplitSelect(T, &t.d, cl, cr)
		r = either(r, t.holeCube(a.scofactor(c, T, cl, best), known))
		r = either(r, t.holeCube(a.scofactor(c, T, cr, best), known))
	}
	a.release(m)
	return r
}

// holeCubeCases is holeCube's special cases. Where they leave part of the
// region to split, they narrow T to it, leave its column counts in t.d
// and report split; the answer is then the split's, or yes if they found
// holes already.
func (t *tautology) holeCubeCases(T *CubeList, known Set) (r tristate, split bool) {
	c, a := t.c, &t.arena
	found := no
	for {
		if c.regionWithin(T.Cof, known) {
			return either(found, maybe), false
		}
		for _, p := range T.Cubes {
			if c.FullRow(p, T.Cof) {
				return found, false
			}
		}
		ceil := a.set()
		copy(ceil, T.Cof)
		for _, p := range T.Cubes {
			ceil.Or(ceil, p)
		}
		if !ceil.Equal(c.FullSet) {
			found = yes
			v := -1
			for u := 0; u < c.NumVars; u++ {
				if !c.fullIn(ceil, u) {
					if v >= 0 {
						// Zeros in two variables: every part of the
						// region is in some hole.
						c.addRegion(known, T.Cof)
						return yes, false
					}
					v = u
				}
			}
			// The region with v cut down to its columns of zeros is
			// made of holes; the rest of it, with v cut down to the
			// other columns, is still to look at.
			full, mask := c.FullSet, c.VarMask[v]
			cof := a.set()
			copy(cof, T.Cof)
			for i := 1; i < len(full); i++ {
				zeros := full[i] &^ ceil[i] & mask[i]
				known[i] |= full[i] &^ T.Cof[i] &^ (mask[i] &^ zeros)
				cof[i] |= zeros
			}
			T.Cof = cof
			continue
		}

		d := &t.d
		c.massiveCount(d, *T)
		switch {
		case d.VarsUnate == d.VarsActive:
			// Unate without a row of ones: the region less, in
			// each variable, the parts of the cubes active there
			// alone.
			h, temp := a.set(), a.set()
			full := c.FullSet
			for i := 1; i < len(full); i++ {
				h[i] = full[i] &^ T.Cof[i]
			}
			for _, p := range T.Cubes {
				temp.Or(p, T.Cof)
				if v := c.Active(temp); v >= 0 {
					mask := c.VarMask[v]
					for w := c.FirstWord[v]; w <= c.LastWord[v]; w++ {
						h[w] &^= temp[w] & mask[w]
					}
				}
			}
			known.Or(known, h)
			return yes, false
		case d.VarsActive == 1:
			// Active in one variable without a column of zeros:
			// covered.
			return found, false
		case d.VarsUnate != 0:
			return either(found, t.unateHoleCube(*T, d, known)), false
		case d.VarZeros[d.Best] < len(T.Cubes)/2:
			if len(t.gathered) < len(T.Cubes) {
				t.gathered = make([]bool, 2*len(T.Cubes))
			}
			A, B, n := a.partition(c, *T, t.gathered[:len(T.Cubes)])
			if n != 0 {
				return either(found, t.componentHoleCube(A, B, known)), false
			}
			// One component: massive_count's counts still hold.
		}
		return found, true
	}
}

// unateHoleCube is holeCube for a list with unate variables (and binate
// ones), whose counts d holds.
func (t *tautology) unateHoleCube(T CubeList, d *ColumnCounts, known Set) tristate {
	c, a := t.c, &t.arena
	full := c.FullSet
	// lacked: the parts some cube lacks (j0 of each unate variable);
	// unate: the parts of the unate variables.
	lacked, unate := a.set(), a.set()
	for i := 1; i < len(full); i++ {
		lacked[i] = full[i] & d.seen[i]
	}
	for v := 0; v < c.NumVars; v++ {
		if d.IsUnate[v] {
			unate.Or(unate, c.VarMask[v])
		}
	}
	// The holes with every unate variable at its j0: those of the cubes
	// full in every unate variable.
	cof0 := a.set()
	for i := 1; i < len(full); i++ {
		cof0[i] = T.Cof[i] | unate[i]&^lacked[i]
	}
	temp := a.set()
	cubes := a.list(len(T.Cubes))
	for _, p := range T.Cubes {
		if unate.Implies(temp.Or(p, T.Cof)) {
			cubes = append(cubes, p)
		}
	}
	a.commit(len(cubes))
	r := t.holeCube(CubeList{Cof: cof0, Cubes: cubes}, known)
	if r == no {
		return no
	}
	// The other parts of each unate variable u: in the answer if some
	// hole has one, with every other unate variable at its j0; only the
	// cubes full in those variables hold such a point, so the question
	// is theirs, with those variables left free.
	for u := 0; u < c.NumVars; u++ {
		if !c.isUnateIn(unate, u) {
			continue
		}
		mask := c.VarMask[u]
		others := false
		for w := c.FirstWord[u]; w <= c.LastWord[u]; w++ {
			if full[w]&^T.Cof[w]&^lacked[w]&mask[w]&^known[w] != 0 {
				others = true
			}
		}
		if !others {
			continue
		}
		m := a.mark()
		cofU := a.set()
		for i := 1; i < len(full); i++ {
			cofU[i] = T.Cof[i] | lacked[i]&mask[i]
		}
		list := a.list(len(T.Cubes))
		for _, p := range T.Cubes {
			temp.Or(p, T.Cof)
			ok := true
			for i := 1; i < len(full); i++ {
				if unate[i]&^mask[i]&^temp[i] != 0 {
					ok = false
					break
				}
			}
			if ok {
				list = append(list, p)
			}
		}
		a.commit(len(list))
		if t.hole(CubeList{Cof: cofU, Cubes: list}) {
			for w := c.FirstWord[u]; w <= c.LastWord[u]; w++ {
				known[w] |= full[w] &^ T.Cof[w] &^ lacked[w] & mask[w]
			}
			r = yes
		}
		a.release(m)
	}
	return r
}

// isUnateIn reports whether unate, a union of variables' masks, holds v.
func (c *Cube) isUnateIn(unate Set, v int) bool {
	return unate.Has(c.FirstPart[v])
}

// componentHoleCube is holeCube for the lists A and B of a component
// reduction, over variables of their own: the holes are the points that
// are holes of both, so B's cube of holes, found first, cuts down the
// region in which A's are gathered.
func (t *tautology) componentHoleCube(A, B CubeList, known Set) tristate {
	c, a := t.c, &t.arena
	hb := a.set()
	if t.holeCube(B, hb) == no {
		return no
	}
	// A's cubes are full in B's variables, and B's cube of holes is the
	// region in the others.
	cof := a.set()
	full := c.FullSet
	for i := 1; i < len(full); i++ {
		cof[i] = A.Cof[i] | full[i]&^hb[i]
	}
	return t.holeCube(CubeList{Cof: cof, Cubes: A.Cubes}, known)
}
