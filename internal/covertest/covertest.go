// Package covertest provides covers for tests of the packages that work on
// them.
package covertest

import "github.com/espresso-go/espresso/cover"

// BinaryMinterms returns the cubes of F split into minterms of the binary
// variables, each keeping its cube's parts of the multiple-valued ones, in
// F's order: a cover as a truth table gives it, on which compaction has
// something to merge.
func BinaryMinterms(c *cover.Cube, F *cover.Cover) *cover.Cover {
	out := c.NewCover(0)
	var split func(p cover.Set, v int)
	split = func(p cover.Set, v int) {
		switch {
		case v == c.NumBinaryVars:
			out.Append(p)
		case p.Has(2*v) && p.Has(2*v+1):
			for _, drop := range []int{2*v + 1, 2 * v} {
				q := p.Clone()
				q.Remove(drop)
				split(q, v+1)
			}
		default:
			split(p, v+1)
		}
	}
	for p := range F.All() {
		split(p.Clone(), 0)
	}
	return out
}
