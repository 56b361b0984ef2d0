package chess

// This file holds values files: a solved table's win/draw/loss values at two bits an
// entry, for other solves to read their dependencies from and for tablebase's slice jobs.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"

	"github.com/espresso-go/espresso/internal/atomicfile"
)

// ValuesExt is the extension of a values file's name.
const ValuesExt = ".wdl2"

// The codes of a values file's entries.
const (
	codeNone = 0 // invalid or illegal
	codeWin  = 1
	codeDraw = 2
	codeLoss = 3
)

// The layout of a values file, all integers little-endian:
//
//	header (32 bytes): magic "EspWDL2\n", version (uint16), number of pieces (uint8),
//	  the pieces' letters in index order (5 bytes, zero-padded), log2 of the chunk size in
//	  bytes (uint8), 7 zero bytes, CRC-32C of the trailer (uint32), CRC-32C of the
//	  header's first 28 bytes (uint32);
//	data: 2^(1+6n)/4 bytes, entry i in byte i/4 at bits 2*(i%4) and 2*(i%4)+1;
//	trailer: the CRC-32C of each chunk of the data (uint32 each; the last chunk may be
//	  short).
//
// A chunk's CRC lets a reader of an index range check the bytes it reads without reading
// the rest.
const (
	valuesMagic     = "EspWDL2\n"
	valuesVersion   = 1
	valuesHeaderLen = 32
	valuesChunkLog  = 16
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Values holds the win/draw/loss values of an index range of a table (the whole table, or
// what ValuesReader.ReadRange read), two bits an entry.
type Values struct {
	mat    Material
	lo, hi int    // the range held
	base   int    // the index of packed[0]'s first entry: lo rounded down to a multiple of 4
	packed []byte // entry i at bits 2*((i-base)%4) of packed[(i-base)/4]
}

// newValues returns the Values of the whole table of m, every entry invalid or illegal.
func newValues(m Material) *Values {
	return &Values{mat: m, hi: m.Size(), packed: make([]byte, m.Size()/4)}
}

// Material returns the material of the table the values belong to.
func (v *Values) Material() Material { return v.mat }

// Range returns the index range [lo, hi) whose values v holds.
func (v *Values) Range() (lo, hi int) { return v.lo, v.hi }

func (v *Values) code(idx int) byte {
	i := idx - v.base
	return v.packed[i>>2] >> (2 * (i & 3)) & 3
}

// set stores code c at idx, whose bits must be zero.
func (v *Values) set(idx int, c byte) {
	i := idx - v.base
	v.packed[i>>2] |= c << (2 * (i & 3))
}

// At returns the status of the position with index idx (which must be in v's range): Win,
// Draw or Loss for the side to move, or Invalid or Illegal (which values files do not tell
// apart: Invalid is given where two pieces share a square).
func (v *Values) At(idx int) Status {
	if idx < v.lo || idx >= v.hi {
		panic(fmt.Sprintf("chess: values of %v: index %d outside [%d, %d)", v.mat, idx, v.lo, v.hi))
	}
	switch v.code(idx) {
	case codeWin:
		return Win
	case codeDraw:
		return Draw
	case codeLoss:
		return Loss
	}
	var occ uint64
	l := v.mat.Layout()
	n := l.Pieces()
	for j := range n {
		occ |= 1 << l.Square(uint32(idx), j)
	}
	if popcount(occ) != n {
		return Invalid
	}
	return Illegal
}

// Count returns the numbers of won, drawn and lost positions in v's range.
func (v *Values) Count() (win, draw, loss int) {
	var n [4]int
	for i := v.lo; i < v.hi; i++ {
		n[v.code(i)]++
	}
	return n[codeWin], n[codeDraw], n[codeLoss]
}

// WriteTo writes v, which must hold a whole table, as a values file.
func (v *Values) WriteTo(w io.Writer) (int64, error) {
	if v.lo != 0 || v.hi != v.mat.Size() {
		return 0, fmt.Errorf("write values of %v: only a whole table can be written, not [%d, %d)", v.mat, v.lo, v.hi)
	}
	chunk := 1 << valuesChunkLog
	trailer := make([]byte, 0, 4*((len(v.packed)+chunk-1)/chunk))
	for i := 0; i < len(v.packed); i += chunk {
		trailer = binary.LittleEndian.AppendUint32(trailer, crc32.Checksum(v.packed[i:min(i+chunk, len(v.packed))], castagnoli))
	}
	h := make([]byte, valuesHeaderLen)
	copy(h, valuesMagic)
	binary.LittleEndian.PutUint16(h[8:], valuesVersion)
	h[10] = byte(len(v.mat.Pieces))
	copy(h[11:16], v.mat.key())
	h[16] = valuesChunkLog
	binary.LittleEndian.PutUint32(h[24:], crc32.Checksum(trailer, castagnoli))
	binary.LittleEndian.PutUint32(h[28:], crc32.Checksum(h[:28], castagnoli))
	var n int64
	for _, b := range [][]byte{h, v.packed, trailer} {
		k, err := w.Write(b)
		n += int64(k)
		if err != nil {
			return n, fmt.Errorf("write values of %v: %w", v.mat, err)
		}
	}
	return n, nil
}

// ValuesName returns the name of the values file that holds material m's values: that of
// the material whose table the Solver computes for m (see Solver.SolveValues), in
// Syzygy's spelling, e.g. "KQRvKR.wdl2" for KQRkr and for its twins KRkqr and KQRkr's
// other orders.
func ValuesName(m Material) string {
	return ValuesMaterial(m).SyzygyName() + ValuesExt
}

// ValuesMaterial returns the material whose table the Solver computes for m and whose
// values file holds m's values: m itself, or a twin of m (its pieces in another order,
// or its colours swapped) whose indices the file uses, e.g. KBkqq for KQQkb.
func ValuesMaterial(m Material) Material {
	s, _, _ := stored(m)
	return s
}

// WriteValuesFile writes v, which must hold a whole table, into directory dir under its
// name (ValuesName) atomically: the file appears complete or not at all. It returns the
// file's path.
func WriteValuesFile(dir string, v *Values) (string, error) {
	if s, _, _ := stored(v.mat); s.key() != v.mat.key() {
		return "", fmt.Errorf("write values of %v: its values file holds %v's", v.mat, s)
	}
	path := filepath.Join(dir, ValuesName(v.mat))
	err := atomicfile.WriteFile(path, func(w io.Writer) error {
		_, err := v.WriteTo(w)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return path, nil
}

// ValuesReader reads a values file through an io.ReaderAt, whole or by index range.
type ValuesReader struct {
	r       io.ReaderAt
	name    string // for messages
	mat     Material
	trailer []byte
	closer  io.Closer
}

// ErrBadValues is wrapped by the errors of a values file that is truncated, corrupt, or
// not a values file.
var ErrBadValues = errors.New("not a valid values file")

// NewValuesReader checks the header and the trailer of the values file that r holds (size
// bytes; name names it in messages) and returns its reader.
func NewValuesReader(r io.ReaderAt, size int64, name string) (*ValuesReader, error) {
	bad := func(format string, args ...any) (*ValuesReader, error) {
		return nil, fmt.Errorf("%s: %w: %s", name, ErrBadValues, fmt.Sprintf(format, args...))
	}
	h := make([]byte, valuesHeaderLen)
	if size < valuesHeaderLen {
		return bad("%d bytes, shorter than the header", size)
	}
	if _, err := r.ReadAt(h, 0); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if string(h[:8]) != valuesMagic {
		return bad("no values file magic")
	}
	if got := crc32.Checksum(h[:28], castagnoli); got != binary.LittleEndian.Uint32(h[28:]) {
		return bad("the header's CRC does not match")
	}
	if ver := binary.LittleEndian.Uint16(h[8:]); ver != valuesVersion {
		return bad("version %d; this program reads version %d", ver, valuesVersion)
	}
	n := int(h[10])
	if n < 2 || n > MaxPieces || h[16] != valuesChunkLog {
		return bad("%d pieces, chunks of 2^%d bytes", n, h[16])
	}
	m, err := materialOfKey(string(h[11 : 11+n]))
	if err != nil {
		return bad("%v", err)
	}
	dataLen := int64(m.Size() / 4)
	chunks := (dataLen + 1<<valuesChunkLog - 1) >> valuesChunkLog
	if want := valuesHeaderLen + dataLen + 4*chunks; size != want {
		return bad("%d bytes, want %d for %v (truncated?)", size, want, m)
	}
	trailer := make([]byte, 4*chunks)
	if _, err := r.ReadAt(trailer, valuesHeaderLen+dataLen); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if crc32.Checksum(trailer, castagnoli) != binary.LittleEndian.Uint32(h[24:]) {
		return bad("the trailer's CRC does not match")
	}
	return &ValuesReader{r: r, name: name, mat: m, trailer: trailer}, nil
}

// OpenValuesFile opens the values file path; Close closes it.
func OpenValuesFile(path string) (*ValuesReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	vr, err := NewValuesReader(f, info.Size(), path)
	if err != nil {
		f.Close()
		return nil, err
	}
	vr.closer = f
	return vr, nil
}

// Close closes the file that OpenValuesFile opened; it does nothing for the readers of
// NewValuesReader.
func (r *ValuesReader) Close() error {
	if r.closer == nil {
		return nil
	}
	return r.closer.Close()
}

// Material returns the material whose values the file holds.
func (r *ValuesReader) Material() Material { return r.mat }

// Len returns the number of entries of the file, the material's Size.
func (r *ValuesReader) Len() int { return r.mat.Size() }

// ReadAll reads the values of the whole table.
func (r *ValuesReader) ReadAll() (*Values, error) { return r.ReadRange(0, r.Len()) }

// ReadRange reads the values of the indices lo..hi-1, checking the CRC of every chunk of
// the file it reads.
func (r *ValuesReader) ReadRange(lo, hi int) (*Values, error) {
	if lo < 0 || hi > r.Len() || lo > hi {
		return nil, fmt.Errorf("%s: range [%d, %d) outside the table's %d entries", r.name, lo, hi, r.Len())
	}
	v := &Values{mat: r.mat, lo: lo, hi: hi, base: lo &^ 3}
	first, end := v.base/4, (hi+3)/4 // the bytes wanted
	c0, c1 := first>>valuesChunkLog, (end+1<<valuesChunkLog-1)>>valuesChunkLog
	dataLen := r.Len() / 4
	buf := make([]byte, min(dataLen, c1<<valuesChunkLog)-c0<<valuesChunkLog)
	if _, err := r.r.ReadAt(buf, int64(valuesHeaderLen+c0<<valuesChunkLog)); err != nil {
		return nil, fmt.Errorf("%s: %w", r.name, err)
	}
	for c := c0; c < c1; c++ {
		b := buf[(c-c0)<<valuesChunkLog : min(len(buf), (c-c0+1)<<valuesChunkLog)]
		if crc32.Checksum(b, castagnoli) != binary.LittleEndian.Uint32(r.trailer[4*c:]) {
			return nil, fmt.Errorf("%s: %w: the CRC of bytes %d..%d of the data does not match",
				r.name, ErrBadValues, c<<valuesChunkLog, c<<valuesChunkLog+len(b)-1)
		}
	}
	off := first - c0<<valuesChunkLog
	v.packed = buf[off : off+end-first : off+end-first]
	return v, nil
}

// ReadValues reads a whole values file from r.
func ReadValues(r io.Reader) (*Values, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read values: %w", err)
	}
	vr, err := NewValuesReader(bytes.NewReader(data), int64(len(data)), "values file")
	if err != nil {
		return nil, err
	}
	return vr.ReadAll()
}

// ValuesSource gives a Solver the values of the materials a solve depends on (see
// Solver.Deps).
type ValuesSource interface {
	// OpenValues returns the reader of the values file of m's stored material (the one
	// ValuesName names), or an error wrapping fs.ErrNotExist when it has none.
	OpenValues(m Material) (*ValuesReader, error)
}

// ValuesDir is a directory of values files, named by ValuesName.
type ValuesDir string

// OpenValues opens the values file of m in the directory and checks that it holds m's
// stored material.
func (d ValuesDir) OpenValues(m Material) (*ValuesReader, error) {
	path := filepath.Join(string(d), ValuesName(m))
	r, err := OpenValuesFile(path)
	if err != nil {
		return nil, fmt.Errorf("values of %v: %w", m, err)
	}
	if s, _, _ := stored(m); r.mat.key() != s.key() {
		r.Close()
		return nil, fmt.Errorf("values of %v: %s: %w: holds %v, want %v", m, path, ErrBadValues, r.mat, s)
	}
	return r, nil
}

// materialOfKey returns the material whose key (its pieces' letters in index order) is k.
func materialOfKey(k string) (Material, error) {
	m := Material{}
	for i := 0; i < len(k); i++ {
		kind := bytes.IndexByte([]byte(kindLetters), k[i]&^('a'-'A'))
		if kind < 0 {
			return Material{}, fmt.Errorf("bad piece letter %q", k[i])
		}
		col := White
		if k[i] >= 'a' {
			col = Black
		}
		m.Pieces = append(m.Pieces, Piece{Kind(kind), col})
	}
	if len(m.Pieces) < 2 || m.Pieces[0] != (Piece{King, White}) || m.Pieces[1] != (Piece{King, Black}) {
		return Material{}, fmt.Errorf("pieces %q: not a material in index order", k)
	}
	for _, p := range m.Pieces[2:] {
		if p.Kind == King {
			return Material{}, fmt.Errorf("pieces %q: more than two kings", k)
		}
	}
	return m, nil
}

// stored returns the material whose table the Solver computes for m (following twin until
// it is m itself), and how m's indices map to it: piece j of s is piece perm[j] of m, with
// the other colour and every square mirrored top to bottom (and the other side to move)
// when flip is set.
func stored(m Material) (s Material, perm []int, flip bool) {
	s = m
	perm = make([]int, len(m.Pieces))
	for j := range perm {
		perm[j] = j
	}
	for {
		tw, p, f, ok := s.twin()
		if !ok {
			return s, perm, flip
		}
		composed := make([]int, len(p))
		for j := range p {
			composed[j] = perm[p[j]]
		}
		s, perm, flip = tw, composed, flip != f
	}
}

// Values returns the table's win/draw/loss values.
func (t *Table) Values() *Values {
	v := newValues(t.mat)
	for i, x := range t.val {
		if c := codeOf(x); c != codeNone {
			v.set(i, c)
		}
	}
	return v
}

// codeOf returns the values file's code of entry value x.
func codeOf(x uint16) byte {
	switch {
	case x == vInvalid || x == vIllegal:
		return codeNone
	case x == vDraw:
		return codeDraw
	case vIsWin(x):
		return codeWin
	default:
		return codeLoss
	}
}
