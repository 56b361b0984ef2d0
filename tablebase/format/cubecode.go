package format

// This file turns the two covers of a table into the payload of a table file and back:
// for each cover the order in which its fields are coded, then the cubes of both covers
// range-coded (see cubeModel).

import (
	"encoding/binary"
	"fmt"

	"github.com/espresso-go/espresso/chess"
)

// codingRangeFields is the cube coding of the payload's first byte: each cover's cubes
// sorted and range-coded field by field, in an order of the fields chosen per cover.
const codingRangeFields = 2

// maxCubes bounds the cube counts a file may declare.
const maxCubes = 1 << 26

// fields returns the shift and width of each field of an index of layout l: the side to
// move, then the pieces from the most significant.
func fields(l chess.Layout) (shift, width []uint) {
	shift = append(shift, l.StmShift())
	width = append(width, 1)
	for j := range l.Pieces() {
		shift = append(shift, l.Shift(j))
		width = append(width, chess.SquareBits)
	}
	return shift, width
}

// fieldOrder is an order in which the fields of a material's index are coded: the
// shifts and widths of fields, permuted.
type fieldOrder struct {
	index        int   // the index of perm in permutations(fields)
	perm         []int // perm[i] is the field coded i-th
	shift, width []uint
}

func newFieldOrder(l chess.Layout, index int) fieldOrder {
	shift, width := fields(l)
	perm := permutations(l.Pieces() + 1)[index]
	o := fieldOrder{index: index, perm: perm}
	for _, f := range perm {
		o.shift = append(o.shift, shift[f])
		o.width = append(o.width, width[f])
	}
	return o
}

// encodeCover range-codes cv's cubes in field order o.
func encodeCover(e *rangeEncoder, cv []Cube, o fieldOrder) {
	m := newCubeModel(o.shift, o.width)
	prev := Cube{}
	for _, c := range sortByFields(cv, o.shift, o.width) {
		prev = m.code(encodeBits{e}, c, prev)
	}
}

// orderSampleCubes bounds the cubes on which the field orders of a cover are compared: a
// larger cover is compared on an evenly spread sample of this many.
const orderSampleCubes = 4096

// bestFieldOrder returns the field order in which cv (or a sample of it, see
// orderSampleCubes) codes smallest, trying them all.
func bestFieldOrder(cv []Cube, l chess.Layout) fieldOrder {
	sample := cv
	if len(cv) > orderSampleCubes {
		// The sample depends on the cubes, not on the order they come in.
		all := sortByFields(cv, []uint{0}, []uint{uint(l.Bits())})
		sample = make([]Cube, orderSampleCubes)
		for i := range sample {
			sample[i] = all[i*len(all)/orderSampleCubes]
		}
	}
	var best fieldOrder
	bestSize := -1
	for i := range permutations(l.Pieces() + 1) {
		o := newFieldOrder(l, i)
		e := newRangeEncoder()
		encodeCover(e, sample, o)
		if size := len(e.finish()); bestSize < 0 || size < bestSize {
			best, bestSize = o, size
		}
	}
	return best
}

// permutations returns the permutations of 0..k-1, the identity first. A table file
// names a field order by its index in this list.
func permutations(k int) [][]int {
	if k == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(k - 1) {
		for i := len(p); i >= 0; i-- {
			q := make([]int, 0, k)
			q = append(append(append(q, p[:i]...), k-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// encodeCoverPair returns the payload of the two covers of a decision list over an index
// of layout l.
func encodeCoverPair(covers [2][]Cube, l chess.Layout) ([]byte, error) {
	out := []byte{codingRangeFields}
	for _, cv := range covers {
		out = binary.AppendUvarint(out, uint64(len(cv)))
	}
	var orders [2]fieldOrder
	for i, cv := range covers {
		if len(cv) == 0 {
			continue
		}
		orders[i] = bestFieldOrder(cv, l)
		out = binary.AppendUvarint(out, uint64(orders[i].index))
	}
	if len(covers[0])+len(covers[1]) == 0 {
		return out, nil
	}
	e := newRangeEncoder()
	for i, cv := range covers {
		if len(cv) > 0 {
			encodeCover(e, cv, orders[i])
		}
	}
	return append(out, e.finish()...), nil
}

// decodeCoverPair reads the payload written by encodeCoverPair for an index of layout l,
// up to the end of in.
func decodeCoverPair(in *reader, l chess.Layout) (covers [2][]Cube, err error) {
	coding := in.byte()
	var counts [2]int
	for i := range counts {
		counts[i] = int(in.uvarint(maxCubes, "cube count"))
	}
	if in.err != nil {
		return covers, in.err
	}
	if coding != codingRangeFields {
		return covers, fmt.Errorf("unknown cube coding %d", coding)
	}
	var orders [2]fieldOrder
	for i, count := range counts {
		if count == 0 {
			continue
		}
		index := int(in.uvarint(uint64(len(permutations(l.Pieces()+1))-1), "field order"))
		if in.err != nil {
			return covers, in.err
		}
		orders[i] = newFieldOrder(l, index)
	}
	if in.err != nil {
		return covers, in.err
	}
	if counts[0]+counts[1] == 0 {
		return covers, nil
	}
	d := newRangeDecoder(in.b)
	in.b = nil
	for i, count := range counts {
		if count == 0 {
			continue
		}
		m := newCubeModel(orders[i].shift, orders[i].width)
		// The slice grows with the cubes decoded, so that a count the stream cannot
		// back fails before it takes its memory.
		cv := make([]Cube, 0, min(count, 1<<12))
		prev := Cube{}
		for range count {
			prev = m.code(decodeBits{d}, Cube{}, prev)
			cv = append(cv, prev)
			if d.overrun {
				return covers, fmt.Errorf("cover %d: cubes end early", i)
			}
		}
		covers[i] = cv
	}
	return covers, nil
}
