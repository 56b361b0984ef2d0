package tablebase

// This file opens a directory of tables: Open lists the files, and each is read and
// decoded on the first probe that needs it.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// Tablebase is a directory of tables opened for probing. It is safe for concurrent use.
type Tablebase struct {
	dir   string
	files map[uint32]*file // by materialKey
}

// file is one table file of the directory, read and decoded by its first probe.
type file struct {
	path string
	once sync.Once
	t    *table // nil until read, or when the file is bad
	err  error  // why the file is bad, naming it
}

// table returns the file's table, reading it on the first call.
func (f *file) table() (*table, error) {
	f.once.Do(func() {
		t, err := format.ReadFile(f.path)
		if err != nil {
			f.err = err
			return
		}
		f.t = newTable(t)
	})
	return f.t, f.err
}

// table is one material's table ready for probing: a whole decision list, or one a
// slice (the positions with the white king on one square).
type table struct {
	whole     *part
	slices    [64]*part             // a sliced table's, by the white king's square
	canon     *format.Canonicalizer // nil without BoardSymmetry and PieceSymmetry
	colourSym bool
	pieces    int
	// shifts[c][k][i]: the shift in the index of the i-th piece of colour c and kind k in
	// the material's order.
	shifts [2][chess.Pawn + 1][chess.MaxPieces]uint8
}

func newTable(t *format.Table) *table {
	m := t.Material
	e := &table{colourSym: t.Symmetry&format.ColourSymmetry != 0, pieces: m.NumPieces()}
	if len(t.Slices) == 0 {
		e.whole = newPart(t)
	}
	for i := range t.Slices {
		e.slices[t.Slices[i].King] = newPart(t.Whole(&t.Slices[i]))
	}
	if t.Symmetry&(format.BoardSymmetry|format.PieceSymmetry) != 0 {
		e.canon = format.NewCanonicalizer(m, t.Symmetry)
	}
	var seen [2][chess.Pawn + 1]int
	for j, p := range m.Pieces {
		e.shifts[p.Colour][p.Kind][seen[p.Colour][p.Kind]] = uint8(6 * (m.NumPieces() - 1 - j))
		seen[p.Colour][p.Kind]++
	}
	return e
}

// materialKey identifies a material by its counts of pieces other than the kings: three
// bits per colour and kind, White's queens lowest.
func materialKey(p chess.Piece) uint32 {
	if p.Kind == chess.King {
		return 0
	}
	return 1 << (3 * (5*uint(p.Colour) + uint(p.Kind) - 1))
}

// swapKey returns the key of the colour-swapped material.
func swapKey(k uint32) uint32 { return k&(1<<15-1)<<15 | k>>15 }

// Open opens the table files of directory dir: one a material or its colour twin, named
// as Syzygy names the material it holds (KQvKR.tbc, KBvKQQ.tbc); other files are not read. Open lists the directory only: a table file is
// read, checked and decoded by the first probe of its material, and a file that cannot be
// read, is truncated or corrupted, or holds another material than its name says fails
// the probes of that material alone, with an error naming the file that matches
// ErrCorrupt. A directory without table files is an error.
func Open(dir string) (*Tablebase, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	tb := &Tablebase{dir: dir, files: map[uint32]*file{}}
	for _, de := range entries {
		name := de.Name()
		base, ok := strings.CutSuffix(name, format.FileExt)
		if !ok || de.IsDir() {
			continue
		}
		m, err := chess.ParseMaterial(base)
		if err != nil || format.FileName(m) != name {
			continue // not a table's name
		}
		var key uint32
		for _, p := range m.Pieces {
			key += materialKey(p)
		}
		tb.files[key] = &file{path: filepath.Join(dir, name)}
	}
	if len(tb.files) == 0 {
		return nil, fmt.Errorf("%s: no table files (*%s)", dir, format.FileExt)
	}
	return tb, nil
}
