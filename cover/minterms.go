package cover

import (
	"bufio"
	"fmt"
	"io"
	"math"
)

// maxMinterms is the largest minterm space [Cube.Minterms] accepts: 2.3
// computes its size in a C int and crashes beyond it.
const maxMinterms = math.MaxInt32

// mintermCount returns the number of minterms of the cube's space, the
// product of the part counts of all variables, or an error when it exceeds
// [maxMinterms].
func (cb *Cube) mintermCount() (int, error) {
	size := 1
	for v := 0; v < cb.NumVars; v++ {
		if size > maxMinterms/cb.PartSize[v] {
			return 0, fmt.Errorf("minterm space of %d variables is too large (more than %d minterms)", cb.NumVars, maxMinterms)
		}
		size *= cb.PartSize[v]
	}
	return size, nil
}

// Minterms returns the set of minterms covered by t (minterms). A minterm
// picks one part of every variable; it is numbered in mixed radix with
// variable 0 the least significant digit and the part's position within its
// variable as the digit.
func (cb *Cube) Minterms(t *Cover) (Set, error) {
	size, err := cb.mintermCount()
	if err != nil {
		return nil, err
	}
	m := NewSet(size)
	// block[v] is the number of minterms one digit of variable v spans.
	block := make([]int, cb.NumVars+1)
	block[0] = 1
	for v := 0; v < cb.NumVars; v++ {
		block[v+1] = block[v] * cb.PartSize[v]
	}
	// The minterms of variables 0..low-1 fit in one 64-bit pattern.
	low := 0
	for low < cb.NumVars && block[low+1] <= 64 {
		low++
	}
	e := exploder{cb: cb, m: m, block: block, low: low}
	for i := 0; i < t.Count; i++ {
		p := t.At(i)
		e.pattern = 1
		for v := 0; v < low; v++ {
			var next uint64
			for j := 0; j < cb.PartSize[v]; j++ {
				if p.Has(cb.FirstPart[v] + j) {
					next |= e.pattern << uint(j*block[v])
				}
			}
			e.pattern = next
		}
		if e.pattern == 0 {
			continue
		}
		// The variables below full are full in p: their minterms form
		// whole ranges.
		e.full = 0
		for e.full < cb.NumVars && cb.fullIn(p, e.full) {
			e.full++
		}
		e.explode(p, cb.NumVars-1, 0)
	}
	return m, nil
}

// fullIn reports whether p holds every part of variable v.
func (cb *Cube) fullIn(p Set, v int) bool {
	mask := cb.VarMask[v]
	for w := cb.FirstWord[v]; w <= cb.LastWord[v]; w++ {
		if mask[w]&^p[w] != 0 {
			return false
		}
	}
	return true
}

// exploder enumerates the minterms of a cube into m (map.c's explode with
// its globals as fields). pattern holds the minterms of variables 0..low-1
// of the cube; the cube is full in variables 0..full-1.
type exploder struct {
	cb        *Cube
	m         Set
	block     []int
	low, full int
	pattern   uint64
}

// explode adds to m the minterms of p whose digits for the variables above
// v are given by z (explode).
func (e *exploder) explode(p Set, v, z int) {
	switch {
	case v < e.full:
		e.m.insertRange(z*e.block[v+1], (z+1)*e.block[v+1])
		return
	case v < e.low:
		// v == low-1: place the pattern of the low variables.
		off, n := z*e.block[v+1], e.block[v+1]
		w, b := whichWord(off), whichBit(off)
		e.m[w] |= e.pattern << b
		if int(b)+n > 64 {
			e.m[w+1] |= e.pattern >> (64 - b)
		}
		return
	}
	cb := e.cb
	z *= cb.PartSize[v]
	for i := cb.FirstPart[v]; i <= cb.LastPart[v]; i, z = i+1, z+1 {
		if p.Has(i) {
			e.explode(p, v-1, z)
		}
	}
}

// insertRange adds elements lo..hi-1 to s.
func (s Set) insertRange(lo, hi int) {
	for lo < hi {
		w, b := whichWord(lo), whichBit(lo)
		n := min(hi-lo, 64-int(b))
		s[w] |= (^uint64(0) >> (64 - uint(n))) << b
		lo += n
	}
}

// mapIndex lays out 8 binary inputs as a 16x16 Karnaugh map in Gray code
// order (map.c's mapindex).
var mapIndex = [16][16]int{
	{0, 1, 3, 2, 16, 17, 19, 18, 80, 81, 83, 82, 64, 65, 67, 66},
	{4, 5, 7, 6, 20, 21, 23, 22, 84, 85, 87, 86, 68, 69, 71, 70},
	{12, 13, 15, 14, 28, 29, 31, 30, 92, 93, 95, 94, 76, 77, 79, 78},
	{8, 9, 11, 10, 24, 25, 27, 26, 88, 89, 91, 90, 72, 73, 75, 74},

	{32, 33, 35, 34, 48, 49, 51, 50, 112, 113, 115, 114, 96, 97, 99, 98},
	{36, 37, 39, 38, 52, 53, 55, 54, 116, 117, 119, 118, 100, 101, 103, 102},
	{44, 45, 47, 46, 60, 61, 63, 62, 124, 125, 127, 126, 108, 109, 111, 110},
	{40, 41, 43, 42, 56, 57, 59, 58, 120, 121, 123, 122, 104, 105, 107, 106},

	{160, 161, 163, 162, 176, 177, 179, 178, 240, 241, 243, 242, 224, 225, 227, 226},
	{164, 165, 167, 166, 180, 181, 183, 182, 244, 245, 247, 246, 228, 229, 231, 230},
	{172, 173, 175, 174, 188, 189, 191, 190, 252, 253, 255, 254, 236, 237, 239, 238},
	{168, 169, 171, 170, 184, 185, 187, 186, 248, 249, 251, 250, 232, 233, 235, 234},

	{128, 129, 131, 130, 144, 145, 147, 146, 208, 209, 211, 210, 192, 193, 195, 194},
	{132, 133, 135, 134, 148, 149, 151, 150, 212, 213, 215, 214, 196, 197, 199, 198},
	{140, 141, 143, 142, 156, 157, 159, 158, 220, 221, 223, 222, 204, 205, 207, 206},
	{136, 137, 139, 138, 152, 153, 155, 154, 216, 217, 219, 218, 200, 201, 203, 202},
}

// Map writes Karnaugh maps of t to w, one per part of the last variable (the
// outputs), in 2.3's format (map). The maps cover the binary variables only,
// 8 of them per 16x16 block. Where every variable is binary (`.mv N N`, no
// outputs), the last one is taken for the outputs as in 2.3, whose second
// map then reads past the end of its set of minterms; here a minterm
// past the end is not in the set.
func (cb *Cube) Map(w io.Writer, t *Cover) error {
	size, err := cb.mintermCount()
	if err != nil {
		return err
	}
	m, err := cb.Minterms(t)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	nbin := cb.NumBinaryVars
	if nbin >= 62 {
		return fmt.Errorf("map: too many binary variables (%d)", nbin)
	}
	largest := 1 << nbin
	numOut := cb.PartSize[cb.NumVars-1]
	for out := 0; out < numOut; out++ {
		outOffset := out * largest
		fmt.Fprintf(bw, "\n\nOutput space # %d\n", out)
		for l := 0; l <= max(nbin-8, 0); l++ {
			other := l * 256
			for k := 0; k < 16; k++ {
				some := false
				for j := 0; j < 16; j++ {
					if ind := mapIndex[k][j] + other; ind < largest {
						c := byte('.')
						if i := ind + outOffset; i < size && m.Has(i) {
							c = '1'
						}
						bw.WriteByte(c)
						some = true
					}
					if (j+1)%4 == 0 {
						bw.WriteByte(' ')
					}
					if (j+1)%8 == 0 {
						bw.WriteString("  ")
					}
				}
				if some {
					bw.WriteByte('\n')
				}
				if (k+1)%4 == 0 {
					if k != 15 && mapIndex[k+1][0] >= largest {
						break
					}
					bw.WriteByte('\n')
				}
				if (k+1)%8 == 0 {
					bw.WriteByte('\n')
				}
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("map: %w", err)
	}
	return nil
}
