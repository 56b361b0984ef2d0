package verify

import (
	"fmt"
	"strings"

	"github.com/espresso-go/espresso/cover"
)

// Function is a partial function given by its three covers: the ON-set F,
// the don't-care set D and the OFF-set R. Any of them may be computed (as a
// complement) rather than read; none may be nil.
type Function struct {
	F, D, R *cover.Cover
}

// Mismatch is one failed condition of [SamePartialFunction], with a minterm
// that shows it.
type Mismatch struct {
	// Condition is "D_A = D_B", "F_A - D_A = F_B - D_B" or
	// "R_A - D_A = R_B - D_B".
	Condition string
	// Witness is a minterm (one part of every variable) that lies on one
	// side of the condition and not on the other.
	Witness cover.Set
	// InA reports that the witness belongs to A's side of the condition
	// (and not to B's); otherwise it belongs to B's side only.
	InA bool
}

// SamePartialFunction checks that a and b are the same partial function:
// that their don't-care sets are equal, and that their ON-sets and their
// OFF-sets are equal outside the don't-care sets:
//
//	D_A = D_B,  F_A − D_A = F_B − D_B,  R_A − D_A = R_B − D_B.
//
// It returns one Mismatch per condition that fails, in that order; an empty
// result means the two are the same partial function. The check works cube
// by cube with the tautology-based containment test of ESPRESSO
// (cube_is_covered), so it needs no minterm enumeration; a complement is
// computed only to produce a witness.
func SamePartialFunction(c *cover.Cube, a, b Function) ([]Mismatch, error) {
	return samePartialFunction(c, a, b, splitLeaf)
}

// samePartialFunction is SamePartialFunction with the leaf size of
// notCoveredSplit as a parameter, so tests can make it split small covers.
func samePartialFunction(c *cover.Cube, a, b Function, leaf int) ([]Mismatch, error) {
	var out []Mismatch
	add := func(cond string, m cover.Set, inA bool) {
		out = append(out, Mismatch{Condition: cond, Witness: m, InA: inA})
	}
	empty := c.NewCover(0)

	// D_A = D_B.
	dAinB, err := notCoveredSplit(c, a.D, b.D, empty, leaf)
	if err != nil {
		return nil, err
	}
	dBinA, err := notCoveredSplit(c, b.D, a.D, empty, leaf)
	if err != nil {
		return nil, err
	}
	switch {
	case dAinB != nil:
		add("D_A = D_B", dAinB, true)
	case dBinA != nil:
		add("D_A = D_B", dBinA, false)
	}

	for _, cond := range []struct {
		name string
		xa   *cover.Cover
		xb   *cover.Cover
	}{
		{"F_A - D_A = F_B - D_B", a.F, b.F},
		{"R_A - D_A = R_B - D_B", a.R, b.R},
	} {
		m, err := differenceWitness(c, cond.xa, a.D, cond.xb, b.D, dBinA == nil, leaf)
		if err != nil {
			return nil, err
		}
		if m != nil {
			add(cond.name, m, true)
			continue
		}
		m, err = differenceWitness(c, cond.xb, b.D, cond.xa, a.D, dAinB == nil, leaf)
		if err != nil {
			return nil, err
		}
		if m != nil {
			add(cond.name, m, false)
		}
	}
	return out, nil
}

// differenceWitness returns a minterm of X − DX that is not in Y − DY, or
// nil if X − DX ⊆ Y − DY. dyInDx tells that DY ⊆ DX is known, in which case
// no minterm of X − DX can lie in DY.
func differenceWitness(c *cover.Cube, x, dx, y, dy *cover.Cover, dyInDx bool, leaf int) (cover.Set, error) {
	// A minterm of X − DX outside Y: a cube of X not covered by Y ∪ DX.
	m, err := notCoveredSplit(c, x, y, dx, leaf)
	if err != nil || m != nil {
		return m, err
	}
	if dyInDx {
		return nil, nil
	}
	// A minterm of X − DX inside DY: X ∩ DY not covered by DX.
	inter := c.Intersect(x, dy)
	return notCoveredSplit(c, inter, dx, c.NewCover(0), leaf)
}

// splitLeaf is the size (cubes of x times cubes of y ∪ z) under which
// notCoveredSplit stops splitting and asks cube_is_covered directly.
const splitLeaf = 4096

// notCoveredSplit returns a minterm of some cube of x that is covered
// neither by y nor by z, or nil if every cube of x is covered by y ∪ z. To
// avoid
// asking cube_is_covered of every cube of x against all of y ∪ z — which
// is quadratic, and hopeless for truth tables of millions of rows — it
// splits the space on binary variables, as a k-d tree does: a region keeps
// only the cubes that meet it, so each question is asked against the few
// cubes near the cube in question.
func notCoveredSplit(c *cover.Cube, x, y, z *cover.Cover, leaf int) (cover.Set, error) {
	xs := x.Sets()
	ys := append(y.Sets(), z.Sets()...)
	s := &splitter{c: c, leaf: leaf}
	region := c.FullSet.Clone()
	bad := s.search(xs, ys, region)
	if bad == nil {
		return nil, nil
	}
	return uncoveredMinterm(c, c.NewCubeList(cover.FromSets(c.Size, s.badList)), bad)
}

// coveredBy reports whether every cube of x is covered by y ∪ z.
func coveredBy(c *cover.Cube, x, y, z *cover.Cover) bool {
	s := &splitter{c: c, leaf: splitLeaf}
	return s.search(x.Sets(), append(y.Sets(), z.Sets()...), c.FullSet.Clone()) == nil
}

// uncoveredMinterm returns a minterm of cube p outside the cover T (which
// must not cover p): the first minterm of p ∩ q for the first cube q of
// the complement of T cofactored by p.
func uncoveredMinterm(c *cover.Cube, T cover.CubeList, p cover.Set) (cover.Set, error) {
	comp, err := c.Complement(c.Cofactor(T, p), nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < comp.Count; i++ {
		if c.Dist0(p, comp.At(i)) {
			q := c.NewSet().And(p, comp.At(i))
			return firstMinterm(c, q), nil
		}
	}
	return nil, fmt.Errorf("verify: internal error: cube %s reported uncovered but no minterm found", p)
}

// firstMinterm keeps the lowest part of every variable of cube q.
func firstMinterm(c *cover.Cube, q cover.Set) cover.Set {
	m := c.NewSet()
	for v := 0; v < c.NumVars; v++ {
		for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
			if q.Has(e) {
				m.Insert(e)
				break
			}
		}
	}
	return m
}

// FormatMinterm writes minterm m the way a PLA row writes it: 0 or 1 for
// each binary variable, then each multiple-valued variable as a string of
// its parts (the outputs last), separated by spaces.
func FormatMinterm(c *cover.Cube, m cover.Set) string {
	var b strings.Builder
	for v := 0; v < c.NumBinaryVars; v++ {
		switch cover.Input(m, v) {
		case cover.Zero:
			b.WriteByte('0')
		case cover.One:
			b.WriteByte('1')
		case cover.Dash:
			b.WriteByte('-')
		default:
			b.WriteByte('?')
		}
	}
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		b.WriteByte(' ')
		for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
			if m.Has(e) {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
	}
	return b.String()
}
