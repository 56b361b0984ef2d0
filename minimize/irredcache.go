package minimize

import (
	"slices"

	"github.com/espresso-go/espresso/cover"
)

// ESPRESSO often runs IRREDUNDANT on a cover it has seen before: on x2dn
// under -epos, nine of its calls get the same 140 cubes, and each builds
// the same covering table of millions of ftautology nodes. What
// mark_irredundant decides depends only on the cubes of F and D, in
// order, so a run keeps the last answer whose table took more than
// irredKeepNodes steps of ftautology, and gives it again when both are
// the same, cube for cube. The cubes are compared whole, not hashed.

// irredKeepNodes is the number of ftautology calls past which an answer
// is kept: below it, building the table again costs about as much as
// copying F and D.
const irredKeepNodes = 1 << 16

// irredAnswer is what MarkIrredundant decided for one F and D.
type irredAnswer struct {
	cube      *cover.Cube
	f, d      []uint64 // the cubes of F and D without their headers
	active    []bool   // per cube of F: flagged Active
	relEssen  []bool   // per cube of F: flagged RelEssen
	e, rt, rp int      // the sizes of the split, for the debugging line
	chosen    int      // the columns mincov chose
}

// coverData appends the cubes of c, without headers, to buf.
func coverData(buf []uint64, c *cover.Cover) []uint64 {
	for i := 0; i < c.Count; i++ {
		buf = append(buf, c.At(i)[1:]...)
	}
	return buf
}

// sameData reports whether the cubes of c, without headers, are data.
func sameData(data []uint64, c *cover.Cover) bool {
	n := 0
	for i := 0; i < c.Count; i++ {
		p := c.At(i)[1:]
		if n+len(p) > len(data) || !slices.Equal(p, data[n:n+len(p)]) {
			return false
		}
		n += len(p)
	}
	return n == len(data)
}

// matches reports whether a was decided for the cube structure cube and
// these F and D.
func (a *irredAnswer) matches(cube *cover.Cube, F, D *cover.Cover) bool {
	return a != nil && a.cube == cube && len(a.active) == F.Count &&
		sameData(a.f, F) && sameData(a.d, D)
}

// record returns the answer F's flags hold for these F and D, reusing the
// storage of a.
func (a *irredAnswer) record(cube *cover.Cube, F, D *cover.Cover) *irredAnswer {
	if a == nil {
		a = &irredAnswer{}
	}
	a.cube = cube
	a.f = coverData(a.f[:0], F)
	a.d = coverData(a.d[:0], D)
	a.active, a.relEssen = a.active[:0], a.relEssen[:0]
	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		a.active = append(a.active, p.Test(cover.Active))
		a.relEssen = append(a.relEssen, p.Test(cover.RelEssen))
	}
	return a
}

// apply sets F's flags to the answer.
func (a *irredAnswer) apply(F *cover.Cover) {
	for i := 0; i < F.Count; i++ {
		p := F.At(i)
		p.ResetFlag(cover.Active)
		p.ResetFlag(cover.RelEssen)
		if a.active[i] {
			p.SetFlag(cover.Active)
		}
		if a.relEssen[i] {
			p.SetFlag(cover.RelEssen)
		}
	}
}
