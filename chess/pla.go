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
	rows := t.Len()
	var cubes [][]byte
	if opt.CompactDC {
		cubes = t.dcCubes()
		rows = len(cubes)
		for i := range t.val {
			st := t.status(sym, i)
			if st == Invalid {
				continue
			}
			if st == Illegal || st == Acanonical {
				if t.coveredByCubes(i) {
					continue
				}
			}
			rows++
		}
	}
	fmt.Fprintf(bw, ".i %d\n.o 3\n.ilb %s\n.ob win draw loss\n.type fd\n.p %d\n",
		ni, strings.Join(t.mat.InputLabels(), " "), rows)

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
	for i := range t.val {
		st := t.status(sym, i)
		if opt.CompactDC && (st == Invalid || (st == Illegal || st == Acanonical) && t.coveredByCubes(i)) {
			continue
		}
		row[0] = '0' + byte(i>>(6*t.n)&1)
		for j := 0; j < t.n; j++ {
			copy(row[1+6*j:], six[i>>(6*(t.n-1-j))&63][:])
		}
		copy(row[ni+1:], statusOutputs[st])
		if _, err := bw.Write(row); err != nil {
			return fmt.Errorf("write PLA of %v: %w", t.mat, err)
		}
	}
	for _, c := range cubes {
		bw.Write(c)
	}
	bw.WriteString(".e\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write PLA of %v: %w", t.mat, err)
	}
	return nil
}

// coveredByCubes reports whether index i lies in one of the cubes of dcCubes.
func (t *Table) coveredByCubes(i int) bool {
	var occ uint64
	var sq [MaxPieces]int
	for j := 0; j < t.n; j++ {
		s := i >> (6 * (t.n - 1 - j)) & 63
		sq[j] = s
		occ |= 1 << uint(s)
		if t.mat.Pieces[j].Kind == Pawn && (s>>3 == 0 || s>>3 == 7) {
			return true
		}
	}
	if popcount(occ) != t.n {
		return true
	}
	return geom.king[sq[0]]>>uint(sq[1])&1 != 0
}

// dcCubes returns the don't-care cubes of the compact form, each a full PLA row: for each
// pair of pieces and square, the pair on that square (invalid); for each pawn, the pawn on
// the eighth or the first rank (illegal); for each square of the white king, the black king
// on each neighbouring square (illegal: the side not to move would be in check).
func (t *Table) dcCubes() [][]byte {
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
		copy(c[1+6*j:], bits)
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
	return cubes
}
