package mincov

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Write writes the elements of m as "row col" lines, row by row (sm_write).
func (m *Matrix) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for r := m.firstRow; r != nil; r = r.next {
		for p := r.first; p != nil; p = p.link[inRow].next {
			bw.WriteString(strconv.Itoa(p.Row))
			bw.WriteByte(' ')
			bw.WriteString(strconv.Itoa(p.Col))
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// Print draws m as a character grid: column numbers digit by digit, then
// one line per row with '1' for an element and '.' otherwise (sm_print).
// 2.3 crashes on an empty matrix; here it prints the (empty) header.
func (m *Matrix) Print(w io.Writer) error {
	bw := bufio.NewWriter(w)
	last := 0
	if m.lastCol != nil {
		last = m.lastCol.Num
	}
	digits := func(div int) {
		bw.WriteString("    ")
		for c := m.firstCol; c != nil; c = c.next {
			bw.WriteByte(byte('0' + (c.Num/div)%10))
		}
		bw.WriteByte('\n')
	}
	if last >= 100 {
		digits(100)
	}
	if last >= 10 {
		digits(10)
	}
	digits(1)
	bw.WriteString("    ")
	for c := m.firstCol; c != nil; c = c.next {
		bw.WriteByte('-')
	}
	bw.WriteByte('\n')
	for r := m.firstRow; r != nil; r = r.next {
		fmt.Fprintf(bw, "%3d:", r.Num)
		for c := m.firstCol; c != nil; c = c.next {
			if r.Find(c.Num) != nil {
				bw.WriteByte('1')
			} else {
				bw.WriteByte('.')
			}
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// Dump writes a one-line summary of m headed by s and, if m has fewer than
// max rows, the grid of Print (sm_dump).
func (m *Matrix) Dump(w io.Writer, s string, max int) error {
	if _, err := fmt.Fprintf(w, "%s %d rows by %d cols\n", s, m.nrows, m.ncols); err != nil {
		return err
	}
	if m.nrows < max {
		return m.Print(w)
	}
	return nil
}

// Read reads a matrix written as whitespace-separated "row col" pairs
// (sm_read).
func Read(r io.Reader) (*Matrix, error) {
	sc := bufio.NewScanner(r)
	sc.Split(bufio.ScanWords)
	m := NewMatrix()
	var pair [2]int
	n := 0
	for sc.Scan() {
		v, err := strconv.Atoi(sc.Text())
		if err != nil || v < 0 {
			return nil, fmt.Errorf("mincov: read matrix: bad index %q", sc.Text())
		}
		pair[n] = v
		if n++; n == 2 {
			m.Insert(pair[0], pair[1])
			n = 0
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("mincov: read matrix: %w", err)
	}
	if n != 0 {
		return nil, errors.New("mincov: read matrix: row number without a column")
	}
	return m, nil
}

// ReadCompressed reads a matrix in the compressed format of
// sm_read_compressed: "nrows ncols", then for each row a hexadecimal word
// that is skipped followed by one hexadecimal word per 32 columns, bit k
// of word j standing for column 32j+k.
func ReadCompressed(r io.Reader) (*Matrix, error) {
	sc := bufio.NewScanner(r)
	sc.Split(bufio.ScanWords)
	next := func(base int) (uint64, error) {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return 0, err
			}
			return 0, io.ErrUnexpectedEOF
		}
		t := sc.Text()
		if base == 16 {
			t = strings.TrimPrefix(strings.TrimPrefix(t, "0x"), "0X")
		}
		return strconv.ParseUint(t, base, 64)
	}
	fail := func(err error) (*Matrix, error) {
		return nil, fmt.Errorf("mincov: read compressed matrix: %w", err)
	}
	nrows, err := next(10)
	if err != nil {
		return fail(err)
	}
	ncols, err := next(10)
	if err != nil {
		return fail(err)
	}
	m := NewMatrix()
	for i := 0; i < int(nrows); i++ {
		if _, err := next(16); err != nil {
			return fail(err)
		}
		for j := 0; j < int(ncols); j += 32 {
			x, err := next(16)
			if err != nil {
				return fail(err)
			}
			for k := j; x != 0; x, k = x>>1, k+1 {
				if x&1 != 0 {
					m.Insert(i, k)
				}
			}
		}
	}
	return m, nil
}
