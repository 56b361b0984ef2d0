package chess

// This file holds the tables a solve looks its exits up in: captures and promotions lead
// into other materials, whose values come from tables in memory or from values files.

import (
	"errors"
	"fmt"
	"io/fs"
	"sync/atomic"
)

// subTable is the table of a material that captures or promotions lead to, looked up by
// the index of the position reached in that material's own order: either a table in
// memory with its distances (val), or win/draw/loss values (wdl), which are kept for the
// material the Solver stores and looked up through the permutation of the index fields
// that maps a twin (KRkq looked up in KQkr's values) — no twin is materialized.
type subTable struct {
	val []uint16
	wdl *depValues
}

// value returns the entry value of position x of the sub-table: from values without
// distances, a win is taken as a win in 1 and a loss as a loss in 0.
func (s *subTable) value(x uint32) uint16 {
	if s.val != nil {
		return s.val[x]
	}
	return s.wdl.value(x)
}

// depValues are the values of a material looked up as a twin of the material stored: the
// index x of a position of the looked-up material maps to the index y of the stored one
// (piece j of the stored material is piece perm[j] of the looked-up one; with flip, the
// colours are swapped, every square is mirrored top to bottom, the other side moves).
//
// A material reached by a promotion (without capture) is looked up only with the
// promoted piece on its last rank and the opponent to move: restricted then holds only
// those entries (an eighth of a side's), stored side stm, piece q on row row.
type depValues struct {
	n        int
	identity bool
	flip     bool
	perm     [MaxPieces]int
	shift    [MaxPieces]uint
	v        *Values

	restricted bool
	stm, row   uint32
	qShift     uint         // the stored shift of piece q's field
	bad        *atomic.Bool // set by a lookup outside the restriction
}

// mapIndex returns the stored material's index of position x.
func (d *depValues) mapIndex(x uint32) uint32 {
	if d.identity {
		return x
	}
	var stm, sq uint32
	if d.flip {
		stm, sq = 1, 56
	}
	y := x>>Layout(d.n).StmShift() ^ stm
	for j := range d.n {
		y = y<<SquareBits | (x >> d.shift[d.perm[j]] & squareMask) ^ sq
	}
	return y
}

// value returns the entry value of position x: vDraw, a win in 1 or a loss in 0 (vIllegal
// for a position the values call invalid or illegal, which no legal move reaches).
func (d *depValues) value(x uint32) uint16 {
	y := d.mapIndex(x)
	if d.restricted {
		if y>>Layout(d.n).StmShift() != d.stm || y>>(d.qShift+3)&7 != d.row {
			d.bad.Store(true)
			return vIllegal
		}
		half := y & (1<<Layout(d.n).StmShift() - 1)
		y = half>>(d.qShift+6)<<(d.qShift+3) | half&(1<<(d.qShift+3)-1)
	}
	switch d.v.packed[y>>2] >> (2 * (y & 3)) & 3 {
	case codeWin:
		return 2
	case codeLoss:
		return 1
	case codeDraw:
		return vDraw
	}
	return vIllegal
}

// newDepValues returns the depValues of material m without its values (and not
// restricted), the stored material sm and the permutation of the index fields.
func newDepValues(m Material) (d *depValues, sm Material, perm []int) {
	sm, perm, flip := stored(m)
	d = &depValues{n: len(m.Pieces), flip: flip, identity: !flip}
	for j := range d.n {
		d.perm[j] = perm[j]
		d.shift[j] = Layout(d.n).Shift(j)
		d.identity = d.identity && perm[j] == j
	}
	return d, sm, perm
}

// depRestriction says which entries of a looked-up material a solve needs: all, or (for
// a promotion) those with piece piece on row row and side stm to move, in the looked-up
// material's order.
type depRestriction struct {
	on              bool
	piece, row, stm int
}

// depLoader finds the values of the materials one SolveValues depends on, each once: from
// the Solver's Deps, or, for fewer than five pieces, solved in memory by a Solver of its
// own (whose tables are dropped with the loader).
type depLoader struct {
	s      *Solver
	mat    Material // the material being solved, for messages
	mem    *Solver
	memV   map[string]*Values
	loaded map[string]*depValues
	bad    atomic.Bool
}

// load returns the values of material m (in the order lookups index it) restricted as r
// says.
func (l *depLoader) load(m Material, r depRestriction) (*subTable, error) {
	d, sm, perm := newDepValues(m)
	d.bad = &l.bad
	if r.on {
		q := 0
		for perm[q] != r.piece {
			q++
		}
		d.restricted, d.qShift = true, d.shift[q]
		d.stm, d.row = uint32(r.stm), uint32(r.row)
		if d.flip {
			d.stm, d.row = 1-d.stm, 7-d.row
		}
	}
	key := fmt.Sprintf("%s/%t/%d/%d/%d", sm.key(), d.restricted, d.qShift, d.stm, d.row)
	if got, ok := l.loaded[key]; ok {
		d.v, d.restricted = got.v, got.restricted
		return &subTable{wdl: d}, nil
	}
	var err error
	if d.v, d.restricted, err = l.values(m, sm, d); err != nil {
		return nil, fmt.Errorf("solve %v: dependency %v: %w", l.mat, m, err)
	}
	if l.loaded == nil {
		l.loaded = map[string]*depValues{}
	}
	l.loaded[key] = d
	return &subTable{wdl: d}, nil
}

// values reads or computes the values of stored material sm (for m) that d needs: only
// the entries of d's restriction when read from a file (then restricted is set), the
// whole table when solved in memory.
func (l *depLoader) values(m, sm Material, d *depValues) (v *Values, restricted bool, err error) {
	if l.s.Deps != nil {
		r, err := l.s.Deps.OpenValues(m)
		switch {
		case err == nil:
			defer r.Close()
			if d.restricted {
				v, err := readRestricted(r, d)
				return v, true, err
			}
			v, err := r.ReadAll()
			return v, false, err
		case !errors.Is(err, fs.ErrNotExist) || len(sm.Pieces) >= MaxPieces:
			return nil, false, err
		}
	} else if len(sm.Pieces) >= MaxPieces {
		return nil, false, fmt.Errorf("%d pieces: its values come from a values file (set Solver.Deps)", len(sm.Pieces))
	}
	if v, ok := l.memV[sm.key()]; ok {
		return v, false, nil
	}
	if l.mem == nil {
		l.mem = &Solver{Progress: l.s.Progress, Workers: l.s.Workers}
		l.memV = map[string]*Values{}
	}
	t, err := l.mem.Solve(sm)
	if err != nil {
		return nil, false, err
	}
	v = t.Values()
	l.memV[sm.key()] = v
	return v, false, nil
}

// readRestricted reads the entries of r that d keeps: side d.stm to move, the piece whose
// field is at d.qShift on row d.row, in index order.
func readRestricted(r *ValuesReader, d *depValues) (*Values, error) {
	half := 1 << Layout(d.n).StmShift()
	runLen := 1 << (d.qShift + 3) // the entries of one placement of the pieces before q, q on row
	cycle := runLen << 3
	step := min(max(cycle, 1<<22), half)
	out := &Values{mat: r.mat, hi: half / 8, packed: make([]byte, half/32)}
	k := 0
	for a := int(d.stm) * half; a < int(d.stm+1)*half; a += step {
		part, err := r.ReadRange(a, a+step)
		if err != nil {
			return nil, err
		}
		for c := a; c < a+step; c += cycle {
			lo := c + int(d.row)*runLen
			for y := lo; y < lo+runLen; y++ {
				out.set(k, part.code(y))
				k++
			}
		}
	}
	return out, nil
}
