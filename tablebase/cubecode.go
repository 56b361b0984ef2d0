package tablebase

// This file turns the two covers of a table into the payload of a table file and back.

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
)

// Cube codings (the payload's first byte).
const (
	// codingFlateColumns: the cubes of each cover sorted, split into one stream per
	// field (side to move, then each piece) and per half (the masks, then the bits),
	// the streams concatenated and deflated.
	codingFlateColumns = 1
)

// maxCubes bounds the cube counts a file may declare.
const maxCubes = 1 << 26

// fields returns the shift and width of each field of the index of a material with n
// pieces: the side to move, then the pieces from the most significant.
func fields(n int) (shift, width []uint) {
	shift = append(shift, uint(6*n))
	width = append(width, 1)
	for j := 0; j < n; j++ {
		shift = append(shift, uint(6*(n-1-j)))
		width = append(width, 6)
	}
	return shift, width
}

// sortedCover returns a sorted copy of cv: by bits, then by mask, as unsigned numbers.
func sortedCover(cv []Cube) []Cube {
	s := slices.Clone(cv)
	slices.SortFunc(s, func(a, b Cube) int {
		if a.Bits != b.Bits {
			return cmpUint32(a.Bits, b.Bits)
		}
		return cmpUint32(a.Mask, b.Mask)
	})
	return s
}

func cmpUint32(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// encodeCovers returns the payload of t's covers.
func encodeCovers(t *Table) ([]byte, error) {
	out := []byte{codingFlateColumns}
	for _, cv := range t.Covers {
		out = binary.AppendUvarint(out, uint64(len(cv)))
	}
	if len(t.Covers[0])+len(t.Covers[1]) == 0 {
		return out, nil
	}
	shift, _ := fields(t.Material.NumPieces())
	var raw []byte
	for _, cv := range t.Covers {
		s := sortedCover(cv)
		for _, sh := range shift {
			for _, c := range s {
				raw = append(raw, byte(c.Mask>>sh&63))
			}
			for _, c := range s {
				raw = append(raw, byte(c.Bits>>sh&63))
			}
		}
	}
	var z bytes.Buffer
	fw, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := fw.Write(raw); err != nil {
		return nil, err
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	out = binary.AppendUvarint(out, uint64(z.Len()))
	return append(out, z.Bytes()...), nil
}

// decodeCovers reads the payload written by encodeCovers into t.Covers.
func decodeCovers(in *reader, t *Table) error {
	coding := in.byte()
	var counts [2]int
	for i := range counts {
		counts[i] = int(in.uvarint(maxCubes, "cube count"))
	}
	if in.err != nil {
		return in.err
	}
	if coding != codingFlateColumns {
		return fmt.Errorf("unknown cube coding %d", coding)
	}
	if counts[0]+counts[1] == 0 {
		return nil
	}
	z := in.bytes(int(in.uvarint(uint64(len(in.b)), "payload length")))
	if in.err != nil {
		return in.err
	}
	shift, width := fields(t.Material.NumPieces())
	want := 2 * len(shift) * (counts[0] + counts[1])
	var raw bytes.Buffer
	if _, err := raw.ReadFrom(io.LimitReader(flate.NewReader(bytes.NewReader(z)), int64(want)+1)); err != nil {
		return fmt.Errorf("cubes: %w", err)
	}
	if raw.Len() != want {
		return fmt.Errorf("cubes: %d bytes of fields, want %d", raw.Len(), want)
	}
	r := raw.Bytes()
	for i, n := range counts {
		if n == 0 {
			continue
		}
		cv := make([]Cube, n)
		for f, sh := range shift {
			lim := byte(1)<<width[f] - 1
			for k := range cv {
				if r[k] > lim {
					return fmt.Errorf("cover %d: field %d of cube %d out of range", i, f, k)
				}
				cv[k].Mask |= uint32(r[k]) << sh
			}
			r = r[n:]
			for k := range cv {
				if r[k]&^byte(cv[k].Mask>>sh) != 0 {
					return fmt.Errorf("cover %d: field %d of cube %d has bits outside its mask", i, f, k)
				}
				cv[k].Bits |= uint32(r[k]) << sh
			}
			r = r[n:]
		}
		t.Covers[i] = cv
	}
	return nil
}
