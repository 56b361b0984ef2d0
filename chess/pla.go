package chess

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// PLAOptions selects what WritePLA writes.
type PLAOptions struct {
	// Canonical makes every position that is not its symmetry class's representative a
	// don't-care (see Canonical).
	Canonical bool
	// CompactDC writes only the cared-for positions as rows and describes the don't-cares
	// with cubes: two pieces on one square, a pawn on the first or eighth rank, adjacent
	// kings, then the remaining don't-care positions one row each. The result is the same
	// partial function as the full table.
	CompactDC bool
}

// Output parts of a row: the three outputs are win, draw and loss for the side to move.
var statusOutputs = [...]string{
	Invalid:    "---",
	Illegal:    "---",
	Acanonical: "---",
	Win:        "100",
	Draw:       "010",
	Loss:       "001",
}

// WritePLA writes the table as an ESPRESSO PLA of type fd (espresso(5)): the inputs are the
// bits of the index (labels from Material.InputLabels), the outputs win, draw and loss
// for the side to move; don't-care positions have the outputs "---". By default every
// index is a row, in increasing order ("0000000000001 ---"). The output is buffered.
func (t *Table) WritePLA(w io.Writer, opt PLAOptions) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	sym := newSymmetry(t.mat, opt.Canonical)
	ni := t.mat.Inputs()
	rows, cubes := t.plaRows(sym, opt)
	bw.WriteString(plaHeader(t.mat, rows))

	// One row: ni input characters, a space, three outputs, a newline.
	row := make([]byte, ni+5)
	row[ni] = ' '
	row[ni+4] = '\n'
	var six [64][6]byte
	for s := 0; s < 64; s++ {
		for b := 0; b < 6; b++ {
			six[s][b] = '0' + byte(s>>(5-b)&1)
		}
	}
	l := t.mat.Layout()
	for i := range t.val {
		st := t.status(sym, i)
		if opt.CompactDC && st != Win && st != Draw && st != Loss {
			continue
		}
		row[0] = '0' + byte(l.SideToMove(uint32(i)))
		for j := 0; j < t.n; j++ {
			copy(row[1+SquareBits*j:], six[l.Square(uint32(i), j)][:])
		}
		copy(row[ni+1:], statusOutputs[st])
		if _, err := bw.Write(row); err != nil {
			return fmt.Errorf("write PLA of %v: %w", t.mat, err)
		}
	}
	for _, c := range cubes {
		bw.Write(c)
	}
	bw.WriteString(plaEnd)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write PLA of %v: %w", t.mat, err)
	}
	return nil
}

// plaHeader returns the lines WritePLA writes before the rows of a PLA of material m with
// rows rows.
func plaHeader(m Material, rows int) string {
	return fmt.Sprintf(".i %d\n.o 3\n.ilb %s\n.ob win draw loss\n.type fd\n.p %d\n",
		m.Inputs(), strings.Join(m.InputLabels(), " "), rows)
}

// plaEnd is the line that ends a PLA.
const plaEnd = ".e\n"

// plaRows returns the number of rows of the PLA WritePLA writes with opt and, in the
// compact form, its don't-care cubes.
func (t *Table) plaRows(sym *symmetry, opt PLAOptions) (rows int, dcCubes [][]byte) {
	if !opt.CompactDC {
		return t.Len(), nil
	}
	dcCubes = t.dcCubes(sym)
	rows = len(dcCubes)
	for i := range t.val {
		if st := t.status(sym, i); st == Win || st == Draw || st == Loss {
			rows++
		}
	}
	return rows, dcCubes
}

// plaSize returns the size in bytes of a PLA of material m with rows rows: every row,
// position or don't-care cube, is the inputs, a space, three outputs and a newline.
func plaSize(m Material, rows int) int64 {
	return int64(len(plaHeader(m, rows))) + int64(rows)*int64(m.Inputs()+5) + int64(len(plaEnd))
}

// PLASize returns the size in bytes of the PLA that WritePLA writes for material m in the
// default form, every position a row; it is known before the table is computed.
func PLASize(m Material) int64 { return plaSize(m, m.Size()) }

// PLASize returns the size in bytes of the PLA that WritePLA writes with opt.
func (t *Table) PLASize(opt PLAOptions) int64 {
	rows, _ := t.plaRows(newSymmetry(t.mat, opt.Canonical), opt)
	return plaSize(t.mat, rows)
}

// complementCubes returns 6-character patterns covering exactly the squares not in set.
func complementCubes(set uint64) []string {
	var out []string
	var rec func(prefix []byte, lo, size int)
	rec = func(prefix []byte, lo, size int) {
		mask := uint64(1)<<uint(size) - 1
		if size == 64 {
			mask = ^uint64(0)
		}
		if set>>uint(lo)&mask == 0 {
			p := string(prefix) + strings.Repeat("-", 6-len(prefix))
			out = append(out, p)
			return
		}
		if size == 1 {
			return
		}
		rec(append(prefix, '0'), lo, size/2)
		rec(append(prefix[:len(prefix):len(prefix)], '1'), lo+size/2, size/2)
	}
	rec(make([]byte, 0, 6), 0, 64)
	return out
}

// dcCubes returns the don't-care cubes of the compact form, each a full PLA row: for each
// pair of pieces and square, the pair on that square (invalid); for each pawn, the pawn on
// the eighth or the first rank (illegal); for each square of the white king, the black king
// on each neighbouring square (illegal: the side not to move would be in check); for each
// side to move, each other piece of that side, each square of the opposing king and each
// square from which the piece attacks it on an empty board, the cubes where no third piece
// stands between them (illegal). With sym (canonical mode), also the cubes of positions
// that a symmetry maps to a smaller index (acanonical): a prefix of fields that a
// transform fixes but for the last, which it maps to a smaller square. Together they
// cover exactly the don't-care positions.
func (t *Table) dcCubes(sym *symmetry) [][]byte {
	ni := t.mat.Inputs()
	blank := func() []byte {
		c := make([]byte, ni+5)
		for k := range ni {
			c[k] = '-'
		}
		copy(c[ni:], " ---\n")
		return c
	}
	put := func(c []byte, j int, bits string) {
		copy(c[1+SquareBits*j:], bits)
	}
	sixBits := func(s int) string { return fmt.Sprintf("%06b", s) }
	var cubes [][]byte
	for i := 0; i < t.n; i++ {
		for j := i + 1; j < t.n; j++ {
			for s := 0; s < 64; s++ {
				c := blank()
				put(c, i, sixBits(s))
				put(c, j, sixBits(s))
				cubes = append(cubes, c)
			}
		}
	}
	for j := 2; j < t.n; j++ {
		if t.mat.Pieces[j].Kind == Pawn {
			for _, r := range []string{"000---", "111---"} {
				c := blank()
				put(c, j, r)
				cubes = append(cubes, c)
			}
		}
	}
	for wk := 0; wk < 64; wk++ {
		for bk := 0; bk < 64; bk++ {
			if geom.king[wk]>>uint(bk)&1 != 0 {
				c := blank()
				put(c, 0, sixBits(wk))
				put(c, 1, sixBits(bk))
				cubes = append(cubes, c)
			}
		}
	}
	for x := 2; x < t.n; x++ {
		pc := t.mat.Pieces[x]
		victim := int(1 - pc.Colour)
		for ks := 0; ks < 64; ks++ {
			for from := 0; from < 64; from++ {
				if from == ks || !geom.attacks(pc, from, ks, 0) {
					continue
				}
				if pc.Kind == Pawn && (from>>3 == 0 || from>>3 == 7) {
					continue // covered by the pawn cubes
				}
				var others []int
				for o := 0; o < t.n; o++ {
					if o != x && o != victim {
						others = append(others, o)
					}
				}
				comp := complementCubes(geom.between[from][ks])
				// the product of comp over the other pieces
				idx := make([]int, len(others))
				for {
					c := blank()
					c[0] = '0' + byte(pc.Colour)
					put(c, victim, sixBits(ks))
					put(c, x, sixBits(from))
					for k, o := range others {
						put(c, o, comp[idx[k]])
					}
					cubes = append(cubes, c)
					k := 0
					for ; k < len(idx); k++ {
						idx[k]++
						if idx[k] < len(comp) {
							break
						}
						idx[k] = 0
					}
					if k == len(idx) {
						break
					}
				}
			}
		}
	}
	if sym == nil {
		return cubes
	}
	// prefix[0..L] fixed; stab: the transforms that fix prefix[0..L-1].
	prefix := make([]int, t.n)
	var rec func(L int, stab []int)
	rec = func(L int, stab []int) {
		for s := 0; s < 64; s++ {
			prefix[L] = s
			dead := false
			var fix []int
			for _, u := range stab {
				switch img := int(sym.sq[u][s]); {
				case img < s:
					dead = true
				case img == s:
					fix = append(fix, u)
				}
			}
			if dead {
				c := blank()
				for j := 0; j <= L; j++ {
					put(c, j, sixBits(prefix[j]))
				}
				cubes = append(cubes, c)
				continue
			}
			if L+1 < t.n && len(fix) > 1 { // more than the identity: look further
				rec(L+1, fix)
			}
		}
	}
	all := make([]int, sym.count)
	for u := range all {
		all[u] = u
	}
	rec(0, all)
	return cubes
}
