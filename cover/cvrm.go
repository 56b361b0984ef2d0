package cover

import (
	"errors"
	"fmt"
	"io"
)

// Miscellaneous cover manipulation (cvrm.c): unravelling multiple-valued
// cubes into minterms, the sort orders of the minimizer, the partition of a
// cube list into components, and the single-output cofactors.

// errUnravelExpansion is returned by [Cube.Unravel] when one cube would
// become more than a million cubes; the text is 2.3's message.
var errUnravelExpansion = errors.New("unreasonable expansion in unravel")

// maxUnravel is the largest number of cubes one cube may unravel into.
const maxUnravel = 1000000

// Unravel returns the cubes of b with variables start..end unravelled:
// each cube is replaced by the cubes that take a single part of each of
// those variables (as many as the product of the numbers of parts it takes
// in them), in 2.3's order, with cleared headers (unravel_range; unravel
// is end = NumVars-1). It fails with an error when a cube would expand
// into more than a million cubes.
func (c *Cube) Unravel(b *Cover, start, end int) (*Cover, error) {
	// The parts of the variables not being unravelled.
	startBase := c.NewSet()
	for v := 0; v < start; v++ {
		startBase.Or(startBase, c.VarMask[v])
	}
	for v := end + 1; v < c.NumVars; v++ {
		startBase.Or(startBase, c.VarMask[v])
	}

	total := 0
	for i := 0; i < b.Count; i++ {
		p := b.At(i)
		expansion := 1
		for v := start; v <= end; v++ {
			if size := p.Dist(c.VarMask[v]); size >= 2 {
				if expansion *= size; expansion > maxUnravel {
					return nil, errUnravelExpansion
				}
			}
		}
		total += expansion
	}

	r := c.NewCover(total)
	base := c.NewSet()
	for i := 0; i < b.Count; i++ {
		c.unravelCube(b.At(i), start, end, startBase, base, r)
	}
	return r, nil
}

// unravelCube appends to r the cubes p unravels into (cb_unravel). base is
// scratch space.
func (c *Cube) unravelCube(p Set, start, end int, startBase, base Set, r *Cover) {
	// The parts of the variables taking a single part come from p as they
	// are; count how many cubes the others blow up into.
	expansion := 1
	base.Copy(startBase)
	for v := start; v <= end; v++ {
		if size := p.Dist(c.VarMask[v]); size < 2 {
			base.Or(base, c.VarMask[v])
		} else {
			expansion *= size
		}
	}
	base.And(p, base)

	offset := r.Count
	for k := 0; k < expansion; k++ {
		r.Append(base)
	}

	place := expansion
	for v := start; v <= end; v++ {
		size := p.Dist(c.VarMask[v])
		if size <= 1 {
			continue
		}
		skip := place
		place /= size
		n := 0
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			if !p.Has(i) {
				continue
			}
			for j := n; j < expansion; j += skip {
				for k := 0; k < place; k++ {
					r.At(offset + j + k).Insert(i)
				}
			}
			n += place
		}
	}
}

// LexSort returns the sets of t in [lexOrder] (lex_sort). As every sort of
// [Cover.sortedSets], it stores each set's element count in its SIZE field.
func (t *Cover) LexSort() *Cover {
	return t.fromIndex(t.sortedIndex(lexOrder, true))
}

// sizeSort returns the sets of t in [Descend] order, largest first
// (size_sort).
func (t *Cover) sizeSort() *Cover {
	return t.fromIndex(t.sortedIndex(Descend, true))
}

// size16 is what 2.3's SIZE field keeps of n: it is 16 bits wide, so a
// sort key stored there is taken modulo 65536.
func size16(n int) int { return n & 0xffff }

// MiniSort returns the sets of f sorted by cmp ([Ascend] or [Descend]) on a
// weight stored in their SIZE fields: the sum, over the elements of the set,
// of the number of sets of f holding that element (mini_sort). As in 2.3,
// whose SIZE field is 16 bits wide, the weight is kept modulo 65536.
func (f *Cover) MiniSort(cmp func(a, b Set) int) *Cover {
	count := f.elementCounts()
	for i := 0; i < f.Count; i++ {
		p := f.At(i)
		w := 0
		p.Elements(func(e int) bool { w += count[e]; return true })
		p.PutSize(size16(w))
	}
	return f.fromIndex(f.sortedIndex(cmp, false))
}

// SortReduce orders the cubes of t before reduction (sort_reduce): by
// decreasing 128·(number of variables − distance to the largest cube) +
// min(size, 127), kept modulo 65536 as in 2.3's SIZE field, the largest
// cube being the first of maximal size. An empty t is returned as is.
func (c *Cube) SortReduce(t *Cover) *Cover {
	if t.Count == 0 {
		return t
	}
	var largest Set
	best := -1
	for i := 0; i < t.Count; i++ {
		if p := t.At(i); p.Count() > best {
			largest, best = p, p.Count()
		}
	}
	n := c.NumVars
	for i := 0; i < t.Count; i++ {
		p := t.At(i)
		p.PutSize(size16((n-c.Dist(largest, p))<<7 + min(p.Count(), 127)))
	}
	return t.fromIndex(t.sortedIndex(Descend, false))
}

// RandomOrder permutes the sets of f in place and returns f (random_order).
// The reference build has no random(), so 2.3 swaps set i with set
// (23·i + 997) mod i for i from the last down to 1, and so does this.
func (f *Cover) RandomOrder() *Cover {
	tmp := NewSet(f.SetSize)
	for i := f.Count - 1; i > 0; i-- {
		k := (i*23 + 997) % i
		tmp.Copy(f.At(k))
		f.At(k).Copy(f.At(i))
		f.At(i).Copy(tmp)
	}
	return f
}

// cubelistPartition looks for a component of t: starting from its first
// cube, it gathers the cubes that share an active variable with the
// intersection of those gathered so far (ccommon, with respect to t.Cof),
// until none is added (cubelist_partition). It returns the number of cubes
// left out; when that is not zero, a holds the gathered cubes and b the
// others, in the order of t, each list with a copy of t.Cof. The gathered
// cubes are flagged [Covered] and the others not. When debug is not nil the
// sizes of the split are written to it as 2.3 prints them.
func (c *Cube) cubelistPartition(t CubeList, debug io.Writer) (a, b CubeList, left int, err error) {
	gathered := make([]bool, len(t.Cubes))
	a, b, left = c.partition(t, gathered)
	for i, p := range t.Cubes {
		if gathered[i] {
			p.SetFlag(Covered)
		} else {
			p.ResetFlag(Covered)
		}
	}
	if debug != nil && len(t.Cubes) > 0 {
		if _, err := fmt.Fprintf(debug, "COMPONENT_REDUCTION: split into %d %d\n", len(t.Cubes)-left, left); err != nil {
			return CubeList{}, CubeList{}, 0, fmt.Errorf("cubelist partition: %w", err)
		}
	}
	return a, b, left, nil
}

// partition is cubelistPartition marking the gathered cubes in gathered,
// which must be as long as t.Cubes, instead of flagging them: it writes
// nothing in the cubes, so goroutines may partition lists that share
// cubes.
func (c *Cube) partition(t CubeList, gathered []bool) (a, b CubeList, left int) {
	// A fresh arena: the lists outlive any recursion.
	x := listArena{width: 1 + c.words}
	return x.partition(c, t, gathered)
}

// partition is [Cube.partition] with its storage taken from the arena.
func (x *listArena) partition(c *Cube, t CubeList, gathered []bool) (a, b CubeList, left int) {
	if len(t.Cubes) == 0 {
		return a, b, 0
	}
	count := c.gather(t, gathered, x.set().Copy(t.Cubes[0]))
	if count == len(t.Cubes) {
		return a, b, 0
	}
	a = CubeList{Cof: x.set().Copy(t.Cof), Cubes: x.list(count)}
	x.commit(count)
	b = CubeList{Cof: x.set().Copy(t.Cof), Cubes: x.list(len(t.Cubes) - count)}
	x.commit(len(t.Cubes) - count)
	for i, p := range t.Cubes {
		if gathered[i] {
			a.Cubes = append(a.Cubes, p)
		} else {
			b.Cubes = append(b.Cubes, p)
		}
	}
	return a, b, len(t.Cubes) - count
}

// gather marks in gathered the component of t's first cube (the cubes
// linked to it through variables active in both, ccommon), growing seed,
// a copy of that cube, to their intersection, and returns its size.
func (c *Cube) gather(t CubeList, gathered []bool, seed Set) int {
	clear(gathered)
	gathered[0] = true
	count := 1
	for change := true; change; {
		change = false
		for i, p := range t.Cubes {
			if !gathered[i] && c.common(p, seed, t.Cof) {
				seed.And(seed, p)
				gathered[i] = true
				change = true
				count++
			}
		}
	}
	return count
}

// CofactorOutput returns the cofactor of t against output part i: the cubes of t
// holding part i, with every part of the output variable added and flag
// [Prime] cleared (cof_output). Where 2.3 leaves the other flags of the new
// cubes as it finds them in fresh memory, they are cleared here. The cube
// must have an output variable; a nil t gives nil.
func (c *Cube) CofactorOutput(t *Cover, i int) *Cover {
	if t == nil {
		return nil
	}
	mask := c.VarMask[c.Output]
	r := c.NewCover(t.Count)
	for k := 0; k < t.Count; k++ {
		if p := t.At(k); p.Has(i) {
			r.AppendEmpty().Or(p, mask)
		}
	}
	return r
}

// uncofOutput intersects every cube of t with output part i in place: the
// parts of the output variable are replaced by part i alone (uncof_output).
// It returns t, which may be nil.
func (c *Cube) uncofOutput(t *Cover, i int) *Cover {
	if t == nil {
		return nil
	}
	mask := c.VarMask[c.Output]
	for k := 0; k < t.Count; k++ {
		p := t.At(k)
		p.Diff(p, mask)
		p.Insert(i)
	}
	return t
}

// OutputFunction is the PLA of a single output that
// [Cube.ForEachOutputFunction] hands to its callbacks: the on-set F, the
// don't-care set D and the off-set R. Callbacks may replace the covers or
// set them to nil.
type OutputFunction struct {
	F, D, R *Cover
}

// ForEachOutputFunction calls fn for each output part, in order, with the
// cofactors of f, d and r against that output (the output part removed, see
// [Cube.CofactorOutput]) and the output's index; then intersects the covers fn
// left with the output part again ([Cube.uncofOutput]) and calls fn1
// (foreach_output_function). A callback returning false, or an error,
// stops the loop; the error is returned.
func (c *Cube) ForEachOutputFunction(f, d, r *Cover, fn, fn1 func(pla *OutputFunction, i int) (bool, error)) error {
	if c.Output < 0 {
		return errors.New("for each output function: the cube has no output variable")
	}
	first := c.FirstPart[c.Output]
	for i := 0; i < c.PartSize[c.Output]; i++ {
		part := first + i
		pla := &OutputFunction{F: c.CofactorOutput(f, part), R: c.CofactorOutput(r, part), D: c.CofactorOutput(d, part)}
		if ok, err := fn(pla, i); err != nil || !ok {
			return err
		}
		pla.F = c.uncofOutput(pla.F, part)
		pla.R = c.uncofOutput(pla.R, part)
		pla.D = c.uncofOutput(pla.D, part)
		if ok, err := fn1(pla, i); err != nil || !ok {
			return err
		}
	}
	return nil
}
