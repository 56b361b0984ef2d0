package pla

import (
	"errors"
	"fmt"

	"github.com/espresso-go/espresso/cover"
)

// MapSymbolic replaces the binary inputs grouped by each .symbolic
// declaration with one multiple-valued variable of 2^n values (n the
// inputs of the group), placed before the outputs; value k stands for the
// inputs reading k in binary, the first listed input most significant
// (map_symbolic, form_bitvector, symbolic_hack_labels). The values are
// labelled with the declaration's names, or X0, X1, ... .
//
// A function of binary variables only has no output variable to place the
// new ones before: 2.3 takes its first part from before the start of its
// arrays, and then stops with "sf_join: sf_size mismatch" or crashes,
// depending on the command. MapSymbolic returns an error there.
func (p *PLA) MapSymbolic() error {
	c := p.Cube
	for _, s := range p.Symbolic {
		fail := func(format string, args ...any) error {
			return &Error{File: p.Filename, Line: s.Line, Msg: fmt.Sprintf(format, args...)}
		}
		if c.Output < 0 {
			return fail(".symbolic for a function without outputs (.mv with only binary variables)")
		}
		for _, it := range s.List {
			if it.Variable < 0 || it.Variable >= c.NumBinaryVars {
				return fail(".symbolic requires binary variables")
			}
		}
		if len(s.List) > 24 {
			return fail(".symbolic of %d variables is too large", len(s.List))
		}
	}
	sizeAdded := 0
	for _, s := range p.Symbolic {
		sizeAdded += 1 << len(s.List)
	}
	compress := cover.NewSet(p.F.SetSize + sizeAdded).Fill(p.F.SetSize + sizeAdded)
	for _, s := range p.Symbolic {
		for _, it := range s.List {
			compress.Remove(it.Variable * 2)
			compress.Remove(it.Variable*2 + 1)
		}
	}
	numDeleted := (p.F.SetSize + sizeAdded - compress.Count()) / 2
	numVars := c.NumVars - numDeleted + len(p.Symbolic)
	numBinary := c.NumBinaryVars - numDeleted
	newSize := c.Size - numDeleted*2 + sizeAdded
	partSize := make([]int, numVars)
	partSize[numVars-1] = c.PartSize[c.NumVars-1]
	for v := c.NumBinaryVars; v < c.NumVars-1; v++ {
		partSize[v-numDeleted] = c.PartSize[v]
	}

	base := c.FirstPart[c.Output]
	p.F = p.F.AddColumns(base, sizeAdded)
	p.D = p.D.AddColumns(base, sizeAdded)
	p.R = p.R.AddColumns(base, sizeAdded)
	newVar := c.NumVars - 1 - numDeleted
	for _, s := range p.Symbolic {
		for _, f := range []*cover.Cover{p.F, p.D, p.R} {
			for i := 0; i < f.Count; i++ {
				if err := formBitvector(f.At(i), base, 0, s.List); err != nil {
					return err
				}
			}
		}
		base += 1 << len(s.List)
		partSize[newVar] = 1 << len(s.List)
		newVar++
	}
	p.F = p.F.Compress(compress)
	p.D = p.D.Compress(compress)
	p.R = p.R.Compress(compress)
	p.SymbolicHackLabels(p.Symbolic, compress, newSize, c.Size, sizeAdded, c.FirstPart[c.Output])

	nc, err := cover.NewCube(numBinary, partSize[numBinary:])
	if err != nil {
		return err
	}
	p.Cube = nc
	return nil
}

// formBitvector adds to s the values of the symbolic variable at base its
// inputs allow (form_bitvector).
func formBitvector(s cover.Set, base, value int, list []SymbolicItem) error {
	if len(list) == 0 {
		s.Insert(base + value)
		return nil
	}
	switch cover.Input(s, list[0].Variable) {
	case cover.Zero:
		return formBitvector(s, base, value*2, list[1:])
	case cover.One:
		return formBitvector(s, base, value*2+1, list[1:])
	case cover.Dash:
		if err := formBitvector(s, base, value*2, list[1:]); err != nil {
			return err
		}
		return formBitvector(s, base, value*2+1, list[1:])
	}
	return errors.New("bad cube in form_bitvector")
}

// SymbolicHackLabels rebuilds the labels after a symbolic mapping of the
// inputs (.symbolic) or outputs (.symbolic-output) (symbolic_hack_labels):
// the kept labels before the output part (outFirst), the labels of list's
// new values (or X0, X1, ...), then the kept output labels. compress holds
// the parts kept, in the layout with sizeAdded new parts inserted at
// outFirst; oldSize is the cube size before the mapping.
func (p *PLA) SymbolicHackLabels(list []Symbolic, compress cover.Set, newSize, oldSize, sizeAdded, outFirst int) {
	old := p.Labels
	if old == nil {
		return
	}
	labels := make([]string, newSize)
	base := 0
	for i := 0; i < outFirst; i++ {
		if compress.Has(i) {
			labels[base] = old[i]
			base++
		}
	}
	for _, s := range list {
		for i := 0; i < 1<<len(s.List); i++ {
			if i < len(s.Labels) {
				labels[base+i] = s.Labels[i]
			} else {
				labels[base+i] = fmt.Sprintf("X%d", i)
			}
		}
		base += 1 << len(s.List)
	}
	for i := outFirst; i < oldSize; i++ {
		if compress.Has(i + sizeAdded) {
			labels[base] = old[i]
			base++
		}
	}
	p.Labels = labels
}
