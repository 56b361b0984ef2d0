package format

// This file models the cubes of a cover for the range coder. The cubes are sorted digit
// by digit (0 before 1 before free) in the cover's field order. Each cube is coded after
// the previous one: while its fields equal the previous cube's, one decision per field
// says so; from the first field that differs on, each field is coded digit by digit,
// most significant first, as two decisions (free or not, then 0 or 1). A digit's context
// is its field and place, the digits before it in its field, the previous cube's digit
// at its place, and whether the cube so far equals the previous one (in which case its
// digit cannot be smaller than the previous cube's).

import (
	"cmp"
	"slices"
)

// fieldKey returns a key of cube c that sorts cubes digit by digit, from the most
// significant field and digit: 0 before 1 before free.
func fieldKey(c Cube, shift, width []uint) uint64 {
	var k uint64
	for f, sh := range shift {
		for d := int(width[f]) - 1; d >= 0; d-- {
			pos := sh + uint(d)
			digit := uint64(2)
			if c.Mask>>pos&1 != 0 {
				digit = uint64(c.Bits >> pos & 1)
			}
			k = k<<2 | digit
		}
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
	shift, width []uint // the fields in coding order
	differs      []prob // [field]: the field differs from the previous cube's
	// free and one, per digit context: the digit is free; it is 1. The contexts of field
	// f start at ctxBase[f]: [prefix equal][digits before it][previous digit][still equal].
	free, one []prob
	ctxBase   []int
}

// digitContexts bounds the digits before one in a field of width w, read as a base-3
// number with a leading 1 (free = 2): 3^w.
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
		total += 2 * 2 * 3 * digitContexts(w)
	}
	m.differs = newProbs(len(shift))
	m.free = newProbs(total)
	m.one = newProbs(total)
	return m
}

// bitCoder is what the model drives: a range encoder or decoder, one digit decision at
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
			d := uint32(0)
			if (c.Mask>>sh)&fm != (prev.Mask>>sh)&fm || (c.Bits>>sh)&fm != (prev.Bits>>sh)&fm {
				d = 1
			}
			if bc.bit(&m.differs[f], d) == 0 {
				out.Mask |= prev.Mask & (fm << sh)
				out.Bits |= prev.Bits & (fm << sh)
				continue
			}
			same = false
			m.digits(bc, c, prev, &out, f, 1)
			continue
		}
		m.digits(bc, c, prev, &out, f, 0)
	}
	return out
}

// digits codes the digits of field f of c into out; first is 1 when f is the first field
// that differs from the previous cube's.
func (m *cubeModel) digits(bc bitCoder, c, prev Cube, out *Cube, f int, first int) {
	w := m.width[f]
	base := m.ctxBase[f] + first*2*3*digitContexts(w)
	eq := first // the digits so far equal the previous cube's
	ctx := 1
	for k := int(w) - 1; k >= 0; k-- {
		pos := m.shift[f] + uint(k)
		pd := 2
		if prev.Mask>>pos&1 != 0 {
			pd = int(prev.Bits >> pos & 1)
		}
		i := base + 2*(3*ctx+pd) + eq
		isFree := uint32(0)
		if c.Mask>>pos&1 == 0 {
			isFree = 1
		}
		if bc.bit(&m.free[i], isFree) == 1 {
			ctx = ctx*3 + 2
			if pd != 2 {
				eq = 0
			}
			continue
		}
		v := bc.bit(&m.one[i], c.Bits>>pos&1)
		out.Mask |= 1 << pos
		out.Bits |= v << pos
		ctx = ctx*3 + int(v)
		if pd != int(v) {
			eq = 0
		}
	}
}
