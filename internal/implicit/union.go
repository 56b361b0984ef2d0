package implicit

import "github.com/espresso-go/espresso/cover"

// A Union holds the union of cubes added to it as one BDD over the inputs
// per output, so that whether a cube lies inside the union costs a walk of
// those diagrams instead of a tautology check of the cubes.
// irredundant's covering table asks this of hundreds of thousands of
// primes, each against the primes before it.
type Union struct {
	m    *manager
	c    *cover.Cube
	outs []int32 // the BDD of each output's inputs in the union
	// seen marks the nodes found inside the cube being checked, with the
	// number of the check.
	seen  []uint32
	check uint32
}

// NewUnion returns an empty union of cubes of c, whose diagrams may hold
// up to maxNodes nodes (past them, Add returns [ErrTooLarge]). The
// diagrams test the inputs in their order.
func NewUnion(c *cover.Cube, maxNodes int) (*Union, error) {
	if !Supported(c) {
		return nil, errUnsupported
	}
	m := newManager(maxNodes)
	nout := 1
	if c.Output >= 0 {
		nout = c.PartSize[c.Output]
	}
	m.order(c, nil, nil, nout) // the inputs in order; no z_o is used
	m.nin, m.nout = c.NumBinaryVars, nout
	return &Union{m: m, c: c, outs: make([]int32, nout)}, nil
}

// hasOutput reports whether cube s is in output o.
func (u *Union) hasOutput(s cover.Set, o int) bool {
	return u.c.Output < 0 || s.Has(u.c.FirstPart[u.c.Output]+o)
}

// Add puts cube s into the union. Past the node limit it returns
// [ErrTooLarge], and the union must not be used again.
func (u *Union) Add(s cover.Set) error {
	m := u.m
	cb := m.cubeBDD(s, m.nin)
	for o := range u.outs {
		if u.hasOutput(s, o) {
			u.outs[o] = m.orB(u.outs[o], cb)
		}
	}
	if m.full() {
		return ErrTooLarge
	}
	return nil
}

// Covers reports whether every minterm of cube s lies in the union. As
// with cube_is_covered, a void cube (one with no part in some variable)
// is not covered.
func (u *Union) Covers(s cover.Set) bool {
	m := u.m
	for v := range m.nin {
		if cover.Input(s, v) == 0 {
			return false
		}
	}
	if u.c.Output >= 0 && s.Disjoint(u.c.VarMask[u.c.Output]) {
		return false
	}
	if len(u.seen) < len(m.bdd) {
		u.seen = append(u.seen, make([]uint32, len(m.bdd)-len(u.seen))...)
	}
	for o := range u.outs {
		if !u.hasOutput(s, o) {
			continue
		}
		u.check++
		if u.check == 0 { // wrapped: forget every mark
			clear(u.seen)
			u.check = 1
		}
		if !u.inside(u.outs[o], s) {
			return false
		}
	}
	return true
}

// inside reports whether the inputs of cube s lie inside BDD f.
func (u *Union) inside(f int32, s cover.Set) bool {
	switch f {
	case 0:
		return false
	case 1:
		return true
	}
	if u.seen[f] == u.check {
		return true
	}
	n := u.m.bdd[f]
	var in bool
	switch cover.Input(s, int(u.m.varAt[n.v])) {
	case cover.Zero:
		in = u.inside(n.lo, s)
	case cover.One:
		in = u.inside(n.hi, s)
	default:
		in = u.inside(n.lo, s) && u.inside(n.hi, s)
	}
	if in {
		u.seen[f] = u.check
	}
	return in
}
