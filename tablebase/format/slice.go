package format

// This file holds sliced tables: a table minimized as independent slices, one per square
// of the white king, and coded slice by slice (format version 2, docs/FORMAT.md).

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/espresso-go/espresso/chess"
)

// Slice is the part of a sliced table with the white king on one square: a decision list
// like a whole table's, over the positions whose white king stands on King. Its cubes are
// over the material's whole index, with the white king's field fixed to King.
type Slice struct {
	King   int // the white king's square, a8 = 0 ... h1 = 63
	Order  [3]chess.Status
	Covers [2][]Cube
}

// SliceOf returns t's slice with the white king on square king, or nil.
func (t *Table) SliceOf(king int) *Slice {
	i, ok := slices.BinarySearchFunc(t.Slices, king, func(s Slice, k int) int { return s.King - k })
	if !ok {
		return nil
	}
	return &t.Slices[i]
}

// Cubes returns the number of cubes of t's covers (of all its slices).
func (t *Table) Cubes() int {
	n := len(t.Covers[0]) + len(t.Covers[1])
	for _, s := range t.Slices {
		n += len(s.Covers[0]) + len(s.Covers[1])
	}
	return n
}

// Whole returns the table of slice s alone, as a whole table of t's material: its
// positions with another white king are not in it.
func (t *Table) Whole(s *Slice) *Table {
	return &Table{Material: t.Material, Symmetry: t.Symmetry, Order: s.Order, Covers: s.Covers}
}

// LocalCube returns cube c of a slice of a material of layout l over the slice's own
// index (chess.Layout.ToSlice): the side to move, then the other pieces than the white
// king.
func LocalCube(c Cube, l chess.Layout) Cube {
	return Cube{Mask: l.ToSlice(c.Mask), Bits: l.ToSlice(c.Bits)}
}

// SliceCube is the inverse of LocalCube for the slice with the white king on king.
func SliceCube(c Cube, l chess.Layout, king int) Cube {
	return Cube{Mask: l.FromSlice(c.Mask, 63), Bits: l.FromSlice(c.Bits, king)}
}

// JoinSlices returns the table of the slices of parts, tables of one material and
// symmetry, each sliced, with no white king's square twice.
func JoinSlices(parts []*Table) (*Table, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("join slices: no slices")
	}
	t := &Table{Material: parts[0].Material, Symmetry: parts[0].Symmetry}
	for _, p := range parts {
		switch {
		case p.Material.String() != t.Material.String() || p.Symmetry != t.Symmetry:
			return nil, fmt.Errorf("join slices: a table of %v (symmetries %d) among %v's (%d)", p.Material, p.Symmetry, t.Material, t.Symmetry)
		case len(p.Slices) == 0:
			return nil, fmt.Errorf("join slices of %v: a table not sliced", t.Material)
		}
		t.Slices = append(t.Slices, p.Slices...)
	}
	slices.SortFunc(t.Slices, func(a, b Slice) int { return a.King - b.King })
	for i := 1; i < len(t.Slices); i++ {
		if t.Slices[i].King == t.Slices[i-1].King {
			return nil, fmt.Errorf("join slices of %v: two slices with the white king on %s", t.Material, chess.SquareName(t.Slices[i].King))
		}
	}
	return t, t.validate()
}

// validateSlices checks the slices of t: white kings' squares ascending, orders that are
// permutations of the three values, cubes with the white king's field fixed to the
// slice's square.
func (t *Table) validateSlices() error {
	if len(t.Covers[0])+len(t.Covers[1]) != 0 {
		return fmt.Errorf("a sliced table with covers of its own")
	}
	l := t.Material.Layout()
	for i, s := range t.Slices {
		if s.King < 0 || s.King > 63 || i > 0 && s.King <= t.Slices[i-1].King {
			return fmt.Errorf("slice %d: white king's square %d not after the previous slice's", i, s.King)
		}
		if err := validOrder(s.Order); err != nil {
			return fmt.Errorf("slice %s: %w", chess.SquareName(s.King), err)
		}
		for k, cv := range s.Covers {
			for _, c := range cv {
				if l.Square(c.Mask, 0) != 63 || l.Square(c.Bits, 0) != s.King {
					return fmt.Errorf("slice %s: cover %d: cube %#x/%#x with another white king", chess.SquareName(s.King), k, c.Bits, c.Mask)
				}
			}
		}
	}
	return nil
}

// encodeSlices returns the payload of a sliced table: the number of slices, then for each
// its white king's square, its order, and the length and bytes of its covers' payload,
// coded over the slice's own index (LocalCube).
func encodeSlices(t *Table) ([]byte, error) {
	l := t.Material.Layout()
	out := binary.AppendUvarint(nil, uint64(len(t.Slices)))
	for _, s := range t.Slices {
		var local [2][]Cube
		for k, cv := range s.Covers {
			for _, c := range cv {
				local[k] = append(local[k], LocalCube(c, l))
			}
		}
		payload, err := encodeCoverPair(local, l-1) // a slice's index is laid out as a table's of one piece fewer
		if err != nil {
			return nil, err
		}
		out = append(out, byte(s.King), orderByte(s.Order))
		out = binary.AppendUvarint(out, uint64(len(payload)))
		out = append(out, payload...)
	}
	return out, nil
}

// decodeSlices reads the payload written by encodeSlices, up to the end of in.
func decodeSlices(in *reader, t *Table) error {
	l := t.Material.Layout()
	count := int(in.uvarint(64, "slice count"))
	for range count {
		king, order := int(in.byte()), in.byte()
		size := int(in.uvarint(uint64(len(in.b)), "slice length"))
		body := &reader{b: in.bytes(size)}
		if in.err != nil {
			return in.err
		}
		s := Slice{King: king, Order: orderOf(order)}
		local, err := decodeCoverPair(body, l-1)
		if err != nil {
			return fmt.Errorf("slice %d: %w", king, err)
		}
		for k, cv := range local {
			for _, c := range cv {
				s.Covers[k] = append(s.Covers[k], SliceCube(c, l, king))
			}
		}
		t.Slices = append(t.Slices, s)
	}
	return in.err
}
