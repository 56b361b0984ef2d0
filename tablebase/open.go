package tablebase

// This file opens a directory of tables: Open lists the files, and each is read and
// decoded on the first probe that needs it.

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// Tablebase is a directory of tables opened for probing. It is safe for concurrent use.
type Tablebase struct {
	dir   string
	opt   Options
	files map[uint32]*file // by materialKey; nil once closed
}

// file is one table file of the directory, read and decoded by its first probe.
type file struct {
	path     string
	material chess.Material
	info     os.FileInfo // as Open found it (nil if it could not stat it), for Reopen
	once     sync.Once
	t        *table // nil until read, or when the file is bad
	err      error  // why the file is bad, naming it
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
	layout    chess.Layout
	// capturesResolved: built with format.CapturesResolved, answered only with
	// Options.ResolveCaptures.
	capturesResolved bool
	// shifts[c][k][i]: the shift in the index of the i-th piece of colour c and kind k in
	// the material's order.
	shifts [2][chess.Pawn + 1][chess.MaxPieces]uint8
}

func newTable(t *format.Table) *table {
	m := t.Material
	e := &table{colourSym: t.Symmetry&format.ColourSymmetry != 0, layout: m.Layout(),
		capturesResolved: t.Symmetry&format.CapturesResolved != 0}
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
		e.shifts[p.Colour][p.Kind][seen[p.Colour][p.Kind]] = uint8(e.layout.Shift(j))
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
// as Syzygy names the material it holds (KQvKR.tbc, KBvKQQ.tbc); other files are not
// read. Open lists the directory and its table files' sizes only: a table file is
// read, checked and decoded by the first probe of its material, and a file that cannot be
// read, is truncated or corrupted, or holds another material than its name says fails
// the probes of that material alone, with an error naming the file that matches
// ErrCorrupt. A directory without table files is an error. Open answers search-free
// (OpenWith with the zero Options).
func Open(dir string) (*Tablebase, error) { return OpenWith(dir, Options{}) }

// OpenWith is Open with the options opt: with opt.ResolveCaptures the probes search the
// captures (see Options).
func OpenWith(dir string, opt Options) (*Tablebase, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	tb := &Tablebase{dir: dir, opt: opt, files: map[uint32]*file{}}
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
		path := filepath.Join(dir, name)
		info, _ := os.Stat(path) // a file that cannot be read fails its probes
		tb.files[key] = &file{path: path, material: m, info: info}
	}
	if len(tb.files) == 0 {
		return nil, fmt.Errorf("%s: no table files (*%s)", dir, format.FileExt)
	}
	return tb, nil
}

// Close releases the tables read so far; a probe after Close fails with ErrClosed. As
// Fathom's tb_free, it must not run while probes of tb are under way.
func (tb *Tablebase) Close() error {
	tb.files = nil
	return nil
}

// MaxPieces returns the most pieces, kings included, of the materials in tb (Fathom's
// TB_LARGEST): a position of more pieces has no table. It is 0 after Close.
func (tb *Tablebase) MaxPieces() int {
	n := 0
	for _, f := range tb.files {
		n = max(n, f.material.NumPieces())
	}
	return n
}

// Materials returns the names of the materials of tb's table files as Syzygy spells
// them (KQvK, KBvKQQ), the fewest pieces first, then by name. A file also answers for its
// colour twin (KQvK for KvKQ). Listing a material reads nothing: a file that turns out
// to be bad fails its probes.
func (tb *Tablebase) Materials() []string {
	var names []string
	for _, f := range tb.files {
		names = append(names, f.material.SyzygyName())
	}
	slices.SortFunc(names, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	return names
}

// Reopen lists tb's directory again and returns the tables found there now, with the
// names of the table files added, removed or changed since tb was opened (replaced,
// rewritten or repaired: another size, modification time or file). The new Tablebase
// has tb's Options and shares what tb has read of the unchanged files, and reads the
// others on their next probe; tb itself is unchanged and stays usable, so that a server
// can answer from it until it switches to the new one.
func (tb *Tablebase) Reopen() (*Tablebase, []string, error) {
	nt, err := OpenWith(tb.dir, tb.opt)
	if err != nil {
		return nil, nil, err
	}
	var changed []string
	for key, f := range nt.files {
		if old := tb.files[key]; old != nil && old.path == f.path && sameFile(old.info, f.info) {
			nt.files[key] = old
		} else {
			changed = append(changed, filepath.Base(f.path))
		}
	}
	for key, f := range tb.files {
		if nt.files[key] == nil {
			changed = append(changed, filepath.Base(f.path))
		}
	}
	slices.Sort(changed)
	return nt, changed, nil
}

// sameFile reports whether two stats are of the same file, unchanged.
func sameFile(a, b os.FileInfo) bool {
	return a != nil && b != nil && os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}
