package format

// This file reads and writes table files: the header, the covers' payload and the
// checksum (docs/FORMAT.md describes the layout byte by byte).

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
)

// FileExt is the extension of a table file: DIR/KQvKR.tbc holds the table of KQvKR.
const FileExt = ".tbc"

// FileName returns the name of material m's table file, as Syzygy names its files.
func FileName(m chess.Material) string { return m.SyzygyName() + FileExt }

const (
	magic = "TBCV" // the first four bytes of every table file
	// versionWhole is the version of a file holding a whole table (one decision list),
	// versionSliced that of a file holding its slices (see Slice).
	versionWhole, versionSliced = 1, 2
	// encodingPaper is the only index encoding: the side to move, then six bits per piece
	// in the material's order, squares a8 = 0 ... h1 = 63 (package chess).
	encodingPaper = 0
	// maxFileBytes bounds what Decode reads, far above any table of up to five pieces.
	maxFileBytes = 1 << 30
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// Encode writes t to w in the table file format.
func Encode(w io.Writer, t *Table) error {
	if err := t.validate(); err != nil {
		return fmt.Errorf("encode %v: %w", t.Material, err)
	}
	var b bytes.Buffer
	b.WriteString(magic)
	version := versionWhole
	if len(t.Slices) > 0 {
		version = versionSliced
	}
	b.WriteByte(byte(version))
	name := t.Material.String()
	b.WriteByte(byte(len(name)))
	b.WriteString(name)
	b.WriteByte(encodingPaper)
	b.WriteByte(byte(t.Symmetry))
	var payload []byte
	var err error
	if version == versionWhole {
		b.WriteByte(orderByte(t.Order))
		payload, err = encodeCoverPair(t.Covers, t.Material.Layout())
	} else {
		payload, err = encodeSlices(t)
	}
	if err != nil {
		return fmt.Errorf("encode %v: %w", t.Material, err)
	}
	b.Write(payload)
	b.Write(binary.LittleEndian.AppendUint32(nil, crc32.Checksum(b.Bytes(), crcTable)))
	_, err = w.Write(b.Bytes())
	return err
}

// Decode reads a table written by Encode. A file that is truncated, corrupted (its
// checksum does not match) or not a table file is an error, never a wrong table.
func Decode(r io.Reader) (*Table, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileBytes {
		return nil, errors.New("not a table file: larger than 1 GiB")
	}
	return decodeBytes(data)
}

// decodeBytes is Decode on a whole file in memory.
func decodeBytes(data []byte) (*Table, error) {
	if len(data) < len(magic)+1+4 || string(data[:len(magic)]) != magic {
		if len(data) < len(magic) || string(data[:len(magic)]) == magic {
			return nil, errors.New("truncated table file")
		}
		return nil, errors.New("not a table file (bad magic)")
	}
	body := data[:len(data)-4]
	if got, want := crc32.Checksum(body, crcTable), binary.LittleEndian.Uint32(data[len(body):]); got != want {
		return nil, fmt.Errorf("corrupted or truncated table file (checksum %08x, want %08x)", got, want)
	}
	in := &reader{b: body[len(magic):]}
	version := in.byte()
	if version != versionWhole && version != versionSliced {
		return nil, fmt.Errorf("table file version %d, this reader knows %d and %d", version, versionWhole, versionSliced)
	}
	name := in.bytes(int(in.byte()))
	enc := in.byte()
	sym := Symmetry(in.byte())
	var order byte
	if version == versionWhole {
		order = in.byte()
	}
	if in.err != nil {
		return nil, in.err
	}
	m, err := chess.ParseMaterial(string(name))
	if err != nil {
		return nil, fmt.Errorf("table file header: %w", err)
	}
	if m.String() != string(name) {
		return nil, fmt.Errorf("table file header: material %q is not in the paper's spelling", name)
	}
	if enc != encodingPaper {
		return nil, fmt.Errorf("table file header: unknown index encoding %d", enc)
	}
	t := &Table{Material: m, Symmetry: sym}
	if version == versionWhole {
		t.Order = orderOf(order)
		t.Covers, err = decodeCoverPair(in, m.Layout())
	} else {
		err = decodeSlices(in, t)
	}
	if err != nil {
		return nil, fmt.Errorf("%v: %w", m, err)
	}
	if len(in.b) != 0 {
		return nil, fmt.Errorf("%v: %d bytes after the covers", m, len(in.b))
	}
	if err := t.validate(); err != nil {
		return nil, fmt.Errorf("%v: %w", m, err)
	}
	return t, nil
}

// validate checks what the format relies on: a decision-list order that is a permutation
// of the three values, known symmetries, and cubes within the material's index bits; for
// a sliced table, the same of each slice (validateSlices).
func (t *Table) validate() error {
	if len(t.Material.Pieces) < 2 || len(t.Material.Pieces) > chess.MaxPieces {
		return fmt.Errorf("material with %d pieces", len(t.Material.Pieces))
	}
	if t.Symmetry&^(BoardSymmetry|ColourSymmetry|PieceSymmetry|CapturesResolved) != 0 {
		return fmt.Errorf("unknown symmetry bits %#x", uint8(t.Symmetry))
	}
	covers := [][2][]Cube{t.Covers}
	if len(t.Slices) > 0 {
		if err := t.validateSlices(); err != nil {
			return err
		}
		covers = covers[:0]
		for _, s := range t.Slices {
			covers = append(covers, s.Covers)
		}
	} else if err := validOrder(t.Order); err != nil {
		return err
	}
	full := uint32(1)<<t.Material.Inputs() - 1
	for _, cvs := range covers {
		for i, cv := range cvs {
			for _, c := range cv {
				if c.Mask&^full != 0 || c.Bits&^c.Mask != 0 {
					return fmt.Errorf("cover %d: cube %#x/%#x outside the %d index bits", i, c.Bits, c.Mask, t.Material.Inputs())
				}
			}
		}
	}
	return nil
}

// validOrder checks that o is a permutation of win, draw and loss.
func validOrder(o [3]chess.Status) error {
	seen := 0
	for _, s := range o {
		if s < chess.Win || s > chess.Loss {
			return fmt.Errorf("decision-list order %v: not win, draw and loss", o)
		}
		seen |= 1 << s
	}
	if seen != 1<<chess.Win|1<<chess.Draw|1<<chess.Loss {
		return fmt.Errorf("decision-list order %v: not win, draw and loss", o)
	}
	return nil
}

// orderByte returns the byte of decision-list order o in a file: Order[0] << 4 | Order[1].
func orderByte(o [3]chess.Status) byte { return byte(o[0])<<4 | byte(o[1]) }

// orderOf is the inverse of orderByte: Order[2] is the value left.
func orderOf(b byte) [3]chess.Status {
	o := [3]chess.Status{chess.Status(b >> 4), chess.Status(b & 15)}
	o[2] = chess.Win + chess.Draw + chess.Loss - o[0] - o[1]
	return o
}

// WriteFile writes t to path atomically: the table is written under a temporary name
// in the same directory and renamed to path once complete, so path holds either the
// whole table or what it held before.
func WriteFile(path string, t *Table) error {
	return atomicfile.WriteFile(path, func(w io.Writer) error { return Encode(w, t) })
}

// ReadFile reads the table file at path; errors name the file. A file whose name ends in
// FileExt must hold the table its name says (FileName).
func ReadFile(path string) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := decodeBytes(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if base := filepath.Base(path); strings.HasSuffix(base, FileExt) && base != FileName(t.Material) {
		return nil, fmt.Errorf("%s: holds the table of %s (file %s)", path, t.Material.SyzygyName(), FileName(t.Material))
	}
	return t, nil
}

// reader takes fields off the front of a byte slice; the first failure sticks in err and
// later reads return zeros.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("truncated table file: %s", what)
	}
	r.b = nil
}

func (r *reader) byte() byte {
	if len(r.b) < 1 {
		r.fail("header")
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) bytes(n int) []byte {
	if len(r.b) < n {
		r.fail("data")
		return nil
	}
	s := r.b[:n]
	r.b = r.b[n:]
	return s
}

// uvarint reads an unsigned varint no larger than max.
func (r *reader) uvarint(max uint64, what string) uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(what)
		return 0
	}
	r.b = r.b[n:]
	if v > max && r.err == nil {
		r.err = fmt.Errorf("%s %d out of range (at most %d)", what, v, max)
		r.b = nil
		return 0
	}
	return v
}
