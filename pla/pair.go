package pla

import (
	"errors"

	"github.com/espresso-go/espresso/cover"
)

// SetPair replaces the input variables paired by p.Pair with one
// four-valued variable per pair, placed after the unpaired inputs; part
// 0..3 of a pair (a, b) holds for a b = 11, 10, 01, 00 (set_pair1,
// pairvar, delvar). The covers and the cube structure are rebuilt, and with
// adjustLabels the labels too (set_pair does; the pairing searches of the
// minimizer do not).
func (p *PLA) SetPair(adjustLabels bool) error {
	c := p.Cube
	pair := p.Pair
	if adjustLabels {
		p.MakeupLabels()
	}
	nbin := c.NumBinaryVars
	paired := make([]bool, nbin)
	for i := range pair.Var1 {
		v1, v2 := pair.Var1[i], pair.Var2[i]
		if v1 <= 0 || v1 > nbin || v2 <= 0 || v2 > nbin {
			return errors.New("can only pair binary-valued variables")
		}
		paired[v1-1] = true
		paired[v2-1] = true
	}
	p.F = p.delvar(p.pairvar(p.F), paired)
	p.R = p.delvar(p.pairvar(p.R), paired)
	p.D = p.delvar(p.pairvar(p.D), paired)

	oldSize := c.Size
	oldMVStart := c.Size // where the multiple-valued parts start, if any
	if nbin < c.NumVars {
		oldMVStart = c.FirstPart[nbin]
	}
	newNbin := 0
	for _, b := range paired {
		if !b {
			newNbin++
		}
	}
	cnt := len(pair.Var1)
	sizes := make([]int, 0, cnt+c.NumMVVars)
	for range cnt {
		sizes = append(sizes, 4)
	}
	for v := nbin; v < c.NumVars; v++ {
		sizes = append(sizes, c.PartSize[v])
	}
	nc, err := cover.NewCube(newNbin, sizes)
	if err != nil {
		return err
	}
	if adjustLabels {
		old := p.Labels
		labels := make([]string, nc.Size)
		for k := 0; k < cnt; k++ {
			nv := newNbin*2 + k*4
			v1 := old[(pair.Var1[k]-1)*2+1]
			v2 := old[(pair.Var2[k]-1)*2+1]
			v1bar := old[(pair.Var1[k]-1)*2]
			v2bar := old[(pair.Var2[k]-1)*2]
			labels[nv] = v1bar + "+" + v2bar
			labels[nv+1] = v1bar + "+" + v2
			labels[nv+2] = v1 + "+" + v2bar
			labels[nv+3] = v1 + "+" + v2
		}
		i := 0
		for v := 0; v < nbin; v++ {
			if !paired[v] {
				labels[2*i] = old[2*v]
				labels[2*i+1] = old[2*v+1]
				i++
			}
		}
		newMVStart := newNbin*2 + cnt*4
		for i := oldMVStart; i < oldSize; i++ {
			labels[newMVStart+i-oldMVStart] = old[i]
		}
		p.Labels = labels
	}
	// The paired variables are not sparse (cf. mv_reduce, raise_in).
	for k := 0; k < cnt; k++ {
		nc.Sparse[newNbin+k] = false
	}
	p.Cube = nc
	return nil
}

// pairvar inserts the four parts of each pair before the outputs and sets
// them from the pair's two inputs (pairvar).
func (p *PLA) pairvar(a *cover.Cover) *cover.Cover {
	c := p.Cube
	pair := p.Pair
	insert := c.FirstPart[c.NumVars-1]
	a = a.AddColumns(insert, 4*len(pair.Var1))
	for n := 0; n < a.Count; n++ {
		s := a.At(n)
		for k := range pair.Var1 {
			p1 := c.FirstPart[pair.Var1[k]-1]
			p2 := c.FirstPart[pair.Var2[k]-1]
			b1 := s.Has(p2 + 1)
			b0 := s.Has(p2)
			val := insert + k*4
			if s.Has(p1) {
				if b0 {
					s.Insert(val + 3)
				}
				if b1 {
					s.Insert(val + 2)
				}
			}
			if s.Has(p1 + 1) {
				if b0 {
					s.Insert(val + 1)
				}
				if b1 {
					s.Insert(val)
				}
			}
		}
	}
	return a
}

// delvar deletes the paired input variables' columns, run by run
// (delvar).
func (p *PLA) delvar(a *cover.Cover, paired []bool) *cover.Cover {
	c := p.Cube
	run := false
	first, length, offset := 0, 0, 0
	for v := 0; v < c.NumBinaryVars; v++ {
		switch {
		case paired[v] && run:
			length += c.PartSize[v]
		case paired[v]:
			run = true
			first = c.FirstPart[v]
			length = c.PartSize[v]
		case run:
			a = a.DeleteColumns(first-offset, first-offset+length-1)
			run = false
			offset += length
		}
	}
	if run {
		a = a.DeleteColumns(first-offset, first-offset+length-1)
	}
	return a
}
