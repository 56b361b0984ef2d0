package tablebase

// This file models the cubes of a cover for the range coder: the cubes are sorted field
// by field (side to move, then each piece); a cube whose leading fields equal the
// previous cube's says so with one bit per field, and every other field is coded digit
// by digit (free, 0 or 1, most significant first), each digit in the context of its
// cover, field and position, the digits before it in the field, and whether the fields
// before it equal the previous cube's.

import (
	"cmp"
	"slices"
)

// fieldKey returns a key of cube c that sorts cubes field by field, from the most
// significant: within a field by its mask, then its bits.
func fieldKey(c Cube, shift, width []uint) uint64 {
	var k uint64
	for f, sh := range shift {
		w := width[f]
		m := uint64(c.Mask>>sh) & (1<<w - 1)
		b := uint64(c.Bits>>sh) & (1<<w - 1)
		k = k<<(2*w) | m<<w | b
	}
	return k
}

// sortByFields returns a copy of cv sorted by fieldKey.
func sortByFields(cv []Cube, shift, width []uint) []Cube {
	type keyed struct {
		key uint64
		c   Cube
	}
	ks := make([]keyed, len(cv))
	for i, c := range cv {
		ks[i] = keyed{fieldKey(c, shift, width), c}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return cmp.Compare(a.key, b.key) })
	s := make([]Cube, len(cv))
	for i, k := range ks {
		s[i] = k.c
	}
	return s
}

// cubeModel holds the adaptive probabilities of one cover's cubes.
type cubeModel struct {
	shift, width []uint
	equal        []prob // [field]: the field equals the previous cube's
	free, one    []prob // [field][same][digit context]
	ctxBase      []int  // the first digit context of each field
	ctxPerField  int
}

// digitContexts is the number of contexts of the digits of a field of width w: the
// digits before one in its field, as a base-3 number with a leading 1 (3^w of them).
func digitContexts(w uint) int {
	n := 1
	for range w {
		n *= 3
	}
	return n
}

func newCubeModel(shift, width []uint) *cubeModel {
	m := &cubeModel{shift: shift, width: width}
	total := 0
	for _, w := range width {
		m.ctxBase = append(m.ctxBase, total)
		total += 2 * 3 * digitContexts(w)
	}
	m.equal = newProbs(len(shift))
	m.free = newProbs(total)
	m.one = newProbs(total)
	return m
}

// cubeCoder is what the model drives: a range encoder or decoder, one digit decision at
// a time.
type bitCoder interface {
	bit(p *prob, b uint32) uint32
}

type encodeBits struct{ *rangeEncoder }

func (e encodeBits) bit(p *prob, b uint32) uint32 { e.encode(p, b); return b }

type decodeBits struct{ *rangeDecoder }

func (d decodeBits) bit(p *prob, _ uint32) uint32 { return d.decode(p) }

// code codes cube c (ignored when decoding) after prev, and returns the cube coded.
func (m *cubeModel) code(bc bitCoder, c, prev Cube) Cube {
	var out Cube
	same := true
	for f, sh := range m.shift {
		w := m.width[f]
		fm := uint32(1)<<w - 1
		if same {
			eq := uint32(0)
			if (c.Mask>>sh)&fm != (prev.Mask>>sh)&fm || (c.Bits>>sh)&fm != (prev.Bits>>sh)&fm {
				eq = 1
			}
			if bc.bit(&m.equal[f], eq) == 0 {
				out.Mask |= prev.Mask & (fm << sh)
				out.Bits |= prev.Bits & (fm << sh)
				continue
			}
			same = false
			// ...and this field differs: coded below with same set.
			m.digits(bc, c, prev, &out, f, 1)
			continue
		}
		m.digits(bc, c, prev, &out, f, 0)
	}
	return out
}

// digits codes the digits of field f of c into out; differs says whether the fields
// before f equal the previous cube's (and f does not).
func (m *cubeModel) digits(bc bitCoder, c, prev Cube, out *Cube, f int, differs int) {
	w := m.width[f]
	base := m.ctxBase[f] + differs*3*digitContexts(w)
	ctx := 1
	for k := int(w) - 1; k >= 0; k-- {
		pos := m.shift[f] + uint(k)
		pd := 2
		if prev.Mask>>pos&1 != 0 {
			pd = int(prev.Bits >> pos & 1)
		}
		i := base + ctx
		if usePrev {
			i = base + 3*ctx + pd
		}
		isFree := uint32(0)
		if c.Mask>>pos&1 == 0 {
			isFree = 1
		}
		if bc.bit(&m.free[i], isFree) == 1 {
			ctx = ctx*3 + 2
			continue
		}
		v := bc.bit(&m.one[i], c.Bits>>pos&1)
		out.Mask |= 1 << pos
		out.Bits |= v << pos
		ctx = ctx*3 + int(v)
	}
}

var usePrev = true

var prevMode = 2
