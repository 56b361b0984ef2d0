package pla

import "github.com/espresso-go/espresso/cover"

// SetPhase rebuilds F and R for the output phase in p.Phase: an output
// whose phase bit is 0 is implemented by its OFF-set, so its parts move
// from F to R and from R to F (set_phase).
func (p *PLA) SetPhase() {
	c := p.Cube
	outmask := c.VarMask[c.NumVars-1]
	phase := p.Phase
	phase1 := c.NewSet().Diff(outmask, phase)
	inputs := c.NewSet().Diff(c.FullSet, outmask)
	phase1.Or(inputs, phase1)
	temp := c.NewSet()
	f1 := c.NewCover(p.F.Count + p.R.Count)
	r1 := c.NewCover(p.F.Count + p.R.Count)
	split := func(from *cover.Cover, same, other *cover.Cover) {
		for i := 0; i < from.Count; i++ {
			s := from.At(i)
			if !temp.And(s, phase).Disjoint(outmask) {
				same.Append(temp)
			}
			if !temp.And(s, phase1).Disjoint(outmask) {
				other.Append(temp)
			}
		}
	}
	split(p.F, f1, r1)
	split(p.R, r1, f1)
	p.F, p.R = f1, r1
}
