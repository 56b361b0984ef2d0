package pla

import (
	"bytes"
	"io"
	"strconv"
	"testing"
)

// truthTable returns the rows of a complete truth table of n inputs and 3
// outputs, .type fd, in the shape of chess2pla's tables: one-hot outputs
// (the order of two 6-bit fields) on three quarters of the rows and "---"
// (don't care) on the rest.
func truthTable(n int) []byte {
	var b bytes.Buffer
	b.WriteString(".i " + strconv.Itoa(n) + "\n.o 3\n.type fd\n")
	row := make([]byte, 0, n+6)
	for i := 0; i < 1<<n; i++ {
		row = row[:0]
		for k := n - 1; k >= 0; k-- {
			row = append(row, byte('0'+i>>k&1))
		}
		// Compare two 6-bit fields, as a chess table compares squares.
		a, c := i>>(n-6)&63, i>>(n-12)&63
		switch {
		case i&3 == 3:
			row = append(row, " ---\n"...)
		case a < c:
			row = append(row, " 100\n"...)
		case a == c:
			row = append(row, " 010\n"...)
		default:
			row = append(row, " 001\n"...)
		}
		b.Write(row)
	}
	b.WriteString(".e\n")
	return b.Bytes()
}

// BenchmarkRead reads a 2^19-row truth table (12.5 MB): "parse" into F
// and D only, as read_pla does for -Decho or -Dcompact, and "offset" with
// the OFF-set computed as well (the complement of F ∪ D), as it does before
// a minimization.
func BenchmarkRead(b *testing.B) {
	input := truthTable(19)
	for _, bc := range []struct {
		name string
		opt  ReadOptions
	}{
		{"parse", ReadOptions{Type: FD}},
		{"offset", ReadOptions{Type: FD, NeedsOffset: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(input)))
			b.ReportAllocs()
			for b.Loop() {
				r := NewReader(bytes.NewReader(input), "table.pla", io.Discard, io.Discard)
				p, err := r.Read(bc.opt)
				if err != nil {
					b.Fatal(err)
				}
				if p.F.Count+p.D.Count != 1<<19 {
					b.Fatalf("%d + %d cubes, want 2^19", p.F.Count, p.D.Count)
				}
			}
		})
	}
}
