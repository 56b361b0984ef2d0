package minimize

import "github.com/espresso-go/espresso/cover"

// This file answers EXPAND's questions about BB and CC (expand.go) as 2.3
// does: cube by cube, over the covers' Active flags, and does its work in
// place, one question at a time. Tests hold the indexed answers
// (expand_index.go) and the work on the workers (expand_ahead.go) to these
// (TestExpandPlain).

// plainWork is EXPAND's work as 2.3 does it.
type plainWork struct {
	e   *expander
	tmp cover.Set
}

func (w *plainWork) start(F, BB *cover.Cover, notPrime bool) {}

func (w *plainWork) firstStep(BB *cover.Cover, ci int) error { return w.e.firstStep(BB) }

func (w *plainWork) leave(i int) {}

func (w *plainWork) feasibleRound(raise cover.Set, feas []cover.Set, ask []bool, newLower []cover.Set) error {
	for i, a := range ask {
		if a {
			r := w.tmp.Or(raise, feas[i])
			newLower[i].Clear()
			ask[i] = w.e.BB.feasible(r, newLower[i])
		}
	}
	return nil
}

func (w *plainWork) end() error { return nil }

// plainBlocking is BB as 2.3 holds it.
type plainBlocking struct {
	cube *cover.Cube
	bb   *cover.Cover
	list []cover.Set
}

func newPlainBlocking(cube *cover.Cube) *plainBlocking {
	return &plainBlocking{cube: cube}
}

func (b *plainBlocking) activate(BB *cover.Cover) {
	b.bb = BB
	BB.ActiveCount = BB.Count
	for p := range BB.All() {
		p.SetFlag(cover.Active)
	}
}

func (b *plainBlocking) activeCount() int { return b.bb.ActiveCount }

func (b *plainBlocking) satisfy() { b.bb.ActiveCount = 0 }

// drop deactivates p, an active cube.
func (b *plainBlocking) drop(p cover.Set) {
	b.bb.ActiveCount--
	p.ResetFlag(cover.Active)
}

func (b *plainBlocking) lowerNear(raise, xlower cover.Set) bool {
	return b.near(raise, xlower, true)
}

// near reports whether no active cube meets r, and adds to lower the
// parts the active cubes at distance 1 from r force low, deactivating
// them if drop is set; it stops at the first cube meeting r.
func (b *plainBlocking) near(r, lower cover.Set, drop bool) bool {
	for p := range b.bb.All() {
		if !p.Test(cover.Active) {
			continue
		}
		switch b.cube.Dist01(p, r) {
		case 0:
			return false
		case 1:
			b.cube.ForceLower(lower, p, r)
			if drop {
				b.drop(p)
			}
		}
	}
	return true
}

func (b *plainBlocking) keepMeeting(over cover.Set) {
	for p := range b.bb.All() {
		if p.Test(cover.Active) && !b.cube.Dist0(p, over) {
			b.drop(p)
		}
	}
}

func (b *plainBlocking) held(freeset, held cover.Set) {
	held.Clear()
	for p := range b.bb.All() {
		if p.Test(cover.Active) {
			held.Or(held, p)
		}
	}
	held.And(held, freeset)
}

func (b *plainBlocking) feasible(r, newLower cover.Set) bool {
	return b.near(r, newLower, false)
}

func (b *plainBlocking) active() []cover.Set {
	b.list = b.list[:0]
	for p := range b.bb.All() {
		if p.Test(cover.Active) {
			b.list = append(b.list, p)
		}
	}
	return b.list
}

// plainCovering is CC as 2.3 holds it, over the Active flags. A cube is
// live unless it is flagged Prime or leave was told of it: 2.3 tests
// COVERED, which EXPAND sets on just those cubes, and expand1_gasp, which
// covers none, tests PRIME alone.
type plainCovering struct {
	F    *cover.Cover
	left []bool
	feas []cover.Set
}

func newPlainCovering(F *cover.Cover) *plainCovering {
	return &plainCovering{F: F, left: make([]bool, F.Count)}
}

func (c *plainCovering) at(i int) cover.Set { return c.F.At(i) }

func (c *plainCovering) setup(skip int) {
	c.F.ActiveCount = c.F.Count
	for i := range c.F.Count {
		p := c.F.At(i)
		if i == skip || c.left[i] || p.Test(cover.Prime) {
			c.F.ActiveCount--
			p.ResetFlag(cover.Active)
		} else {
			p.SetFlag(cover.Active)
		}
	}
}

func (c *plainCovering) leave(i int) {
	c.left[i] = true
	if p := c.F.At(i); p.Test(cover.Active) {
		c.F.ActiveCount--
		p.ResetFlag(cover.Active)
	}
}

func (c *plainCovering) activeCount() int { return c.F.ActiveCount }

func (c *plainCovering) isActive(i int) bool { return c.F.At(i).Test(cover.Active) }

func (c *plainCovering) keepWithin(over cover.Set) {
	for p := range c.F.All() {
		if p.Test(cover.Active) && !p.Implies(over) {
			c.F.ActiveCount--
			p.ResetFlag(cover.Active)
		}
	}
}

func (c *plainCovering) countParts(freeset cover.Set, count []int) {
	for p := range c.F.All() {
		if !p.Test(cover.Active) {
			continue
		}
		for j := range freeset.Elements {
			if p.Has(j) {
				count[j]++
			}
		}
	}
}

func (c *plainCovering) appendActive(idx []int32) []int32 {
	for i := range c.F.Count {
		if c.F.At(i).Test(cover.Active) {
			idx = append(idx, int32(i))
		}
	}
	return idx
}

func (c *plainCovering) holdFeasible(feas []cover.Set) { c.feas = feas }

func (c *plainCovering) countDisjoint(lower cover.Set) int {
	n := 0
	for _, p := range c.feas {
		if lower.Disjoint(p) {
			n++
		}
	}
	return n
}
