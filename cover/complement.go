package cover

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
	c *Cube
	d CData
}

// Complement returns the complement of the cubes of T, each united with
// T.Cof (complement). T is disposed of.
func (c *Cube) Complement(T CubeList) (*Cover, error) {
	x := complementer{c: c}
	return x.complement(T)
}

func (x *complementer) complement(T CubeList) (*Cover, error) {
	c := x.c
	tbar, done, err := x.specialCases(T)
	if done || err != nil {
		return tbar, err
	}
	cl, cr := c.NewSet(), c.NewSet()
	best := c.BinateSplitSelect(T, &x.d, cl, cr)
	tl, err := x.complement(c.SCofactor(T, cl, best))
	if err != nil {
		return nil, err
	}
	tr, err := x.complement(c.SCofactor(T, cr, best))
	if err != nil {
		return nil, err
	}
	lifting := complLift
	// 2.3 multiplies the counts in a 32-bit int and compares the product
	// with a long.
	if int64(int32(tr.Count)*int32(tl.Count)) > int64(tr.Count+tl.Count)*int64(len(T.Cubes)) {
		lifting = complLiftOnset
	}
	return c.complMerge(T, tl, tr, cl, cr, best, lifting), nil
}

// specialCases answers the complement of T when it can without splitting
// (compl_special_cases); done is false when it cannot.
func (x *complementer) specialCases(T CubeList) (tbar *Cover, done bool, err error) {
	c := x.c
	cof := T.Cof

	// No cubes: the complement is the universe.
	if len(T.Cubes) == 0 {
		tbar = c.NewCover(1)
		tbar.Append(c.FullSet)
		return tbar, true, nil
	}

	// A single cube: De Morgan.
	if len(T.Cubes) == 1 {
		cof.Or(cof, T.Cubes[0])
		return c.complCube(cof), true, nil
	}

	// A row of all 1's: the complement is empty.
	for _, p := range T.Cubes {
		if c.FullRow(p, cof) {
			return c.NewCover(0), true, nil
		}
	}

	// A column of all 0's is factored out.
	ceil := cof.Clone()
	for _, p := range T.Cubes {
		ceil.Or(ceil, p)
	}
	if !ceil.Equal(c.FullSet) {
		ceilCompl := c.complCube(ceil)
		cof.Or(cof, ceil.Diff(c.FullSet, ceil))
		r, err := x.complement(T)
		if err != nil {
			return nil, true, err
		}
		return r.AppendCover(ceilCompl), true, nil
	}

	d := &x.d
	c.massiveCount(d, T)
	switch {
	case d.VarsActive == 1:
		// A single active variable, not factored out above: tautology.
		return c.NewCover(0), true, nil
	case d.VarsUnate == d.VarsActive:
		// A unate cover.
		a, err := UnateCompl(c.MapCoverToUnate(T, d))
		if err != nil {
			return nil, true, err
		}
		return c.MapUnateToCover(a, d), true, nil
	}
	return nil, false, nil
}

// complMerge merges the covers l and r of the two halves of T split by cl
// and cr in variable v: each cube is intersected with its half, cubes equal
// outside v are merged (distance-1 merge), cubes are raised in v where
// lifting finds it valid, and the result lists l then the cubes of r not
// merged (compl_merge). l and r are disposed of.
func (c *Cube) complMerge(T CubeList, l, r *Cover, cl, cr Set, v int, lifting int) *Cover {
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

	// Sort for the distance-1 merge.
	mask := c.VarMask[v]
	order := D1Order(mask)
	l1, r1 := l.Sets(), r.Sets()
	Sort(l1, order)
	Sort(r1, order)

	complD1Merge(l1, r1, order)

	switch lifting {
	case complLiftOnset:
		t := c.Unlist(T)
		c.complLiftOnset(l1, t, cr, v)
		c.complLiftOnset(r1, t, cl, v)
	case complLift:
		c.complLift(l1, r1, cr, v)
		c.complLift(r1, l1, cl, v)
	}

	tbar := c.NewCover(l.Count + r.Count)
	tbar.AppendCover(l)
	tbar.ActiveCount = 0
	for i := 0; i < r.Count; i++ {
		if p := r.At(i); p.Test(Active) {
			tbar.Append(p)
		}
	}
	return tbar
}

// complLift raises in variable v each active cube a of a1 to the parts of
// bcube in v, when a so raised is contained in a single cube of b1
// (compl_lift).
func (c *Cube) complLift(a1, b1 []Set, bcube Set, v int) {
	mask := c.VarMask[v]
	liftor := c.NewSet().And(bcube, mask)
	lift := c.NewSet()
	for _, a := range a1 {
		if !a.Test(Active) {
			continue
		}
		lift.Merge(bcube, a, mask)
		for _, b := range b1 {
			if lift.Implies(b) {
				a.Or(a, liftor)
				break
			}
		}
	}
}

// complLiftOnset raises in variable v each active cube a of a1 to the
// parts of bcube in v, when a so raised meets no cube of the on-set t
// (compl_lift_onset).
func (c *Cube) complLiftOnset(a1 []Set, t *Cover, bcube Set, v int) {
	mask := c.VarMask[v]
	lift := c.NewSet()
	for _, a := range a1 {
		if !a.Test(Active) {
			continue
		}
		lift.And(bcube, mask)
		lift.Or(a, lift)
		ok := true
		for i := 0; i < t.Count; i++ {
			if c.Dist0(t.At(i), lift) {
				ok = false
				break
			}
		}
		if ok {
			// 2.3 copies its scratch cube, header included (cleared).
			a.Copy(lift)
			a.SetFlag(Active)
		}
	}
}

// complD1Merge walks l1 and r1, both sorted by order (D1Order of the
// splitting variable's mask), and merges into the cube of l1 each cube of r1
// equal to it outside that variable, marking the latter inactive
// (compl_d1merge).
func complD1Merge(l1, r1 []Set, order func(a, b Set) int) {
	i, j := 0, 0
	for i < len(l1) && j < len(r1) {
		switch order(l1[i], r1[j]) {
		case 1:
			j++
		case -1:
			i++
		case 0:
			pl, pr := l1[i], r1[j]
			pr.ResetFlag(Active)
			pl.Or(pl, pr)
			j++
		}
	}
}

// complCube returns the complement of cube p by De Morgan's law: for each
// variable where p is not full, the full cube with p's missing parts in
// that variable (compl_cube).
func (c *Cube) complCube(p Set) *Cover {
	full := c.FullSet
	diff := c.NewSet().Diff(full, p)
	r := c.NewCover(c.NumVars)
	for v := 0; v < c.NumVars; v++ {
		mask := c.VarMask[v]
		if !diff.Disjoint(mask) {
			r.AppendEmpty().Merge(diff, full, mask)
		}
	}
	return r
}

// Simplify returns a simplified cover of the function of T, each cube
// united with T.Cof, by the same recursion as [Cube.Complement] (simplify).
// T is disposed of.
func (c *Cube) Simplify(T CubeList) *Cover {
	x := complementer{c: c}
	return x.simplify(T)
}

func (x *complementer) simplify(T CubeList) *Cover {
	c := x.c
	if r := x.simplifySpecialCases(T); r != nil {
		return r
	}
	cl, cr := c.NewSet(), c.NewSet()
	best := c.BinateSplitSelect(T, &x.d, cl, cr)
	tl := x.simplify(c.SCofactor(T, cl, best))
	tr := x.simplify(c.SCofactor(T, cr, best))
	r := c.complMerge(T, tl, tr, cl, cr, best, complLift)
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
		return c.Unlist(T).Contain()
	}
	return nil
}

// SimpComp returns both a simplified cover of the function of T (each cube
// united with T.Cof) and its complement (simp_comp). T is disposed of.
func (c *Cube) SimpComp(T CubeList) (tnew, tbar *Cover, err error) {
	x := complementer{c: c}
	return x.simpComp(T)
}

func (x *complementer) simpComp(T CubeList) (tnew, tbar *Cover, err error) {
	c := x.c
	tnew, tbar, done, err := x.simpCompSpecialCases(T)
	if done || err != nil {
		return tnew, tbar, err
	}
	cl, cr := c.NewSet(), c.NewSet()
	best := c.BinateSplitSelect(T, &x.d, cl, cr)
	tl, tlbar, err := x.simpComp(c.SCofactor(T, cl, best))
	if err != nil {
		return nil, nil, err
	}
	tr, trbar, err := x.simpComp(c.SCofactor(T, cr, best))
	if err != nil {
		return nil, nil, err
	}
	tnew = c.complMerge(T, tl, tr, cl, cr, best, complLift)
	tbar = c.complMerge(T, tlbar, trbar, cl, cr, best, complLift)
	if tnew.Count > len(T.Cubes) {
		tnew = c.Unlist(T)
	}
	return tnew, tbar, nil
}

// simpCompSpecialCases is the special-case step of [Cube.SimpComp]
// (simp_comp_special_cases); done is false when it cannot answer.
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
		tnew = c.Unlist(T).Contain()
		a, err := UnateCompl(c.MapCoverToUnate(T, d))
		if err != nil {
			return nil, nil, true, err
		}
		return tnew, c.MapUnateToCover(a, d), true, nil
	}
	return nil, nil, false, nil
}
