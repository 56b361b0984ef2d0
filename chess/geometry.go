package chess

import (
	"fmt"
	"math/bits"
)

// Squares are numbered a8 = 0, b8 = 1, ..., h8 = 7, a7 = 8, ..., h1 = 63: the row
// (sq >> 3) counts ranks from the eighth (row 0) down to the first (row 7), the column
// (sq & 7) is the file, a = 0.

// SquareName returns the algebraic name of square sq, e.g. "a8" for 0 and "h1" for 63.
func SquareName(sq int) string {
	return string([]byte{byte('a' + sq&7), byte('8' - sq>>3)})
}

// line kinds between two squares.
const (
	lineNone = iota
	lineOrth
	lineDiag
)

// geometry holds precomputed attack sets. It is built once (geom) and only read.
type geometry struct {
	king   [64]uint64
	knight [64]uint64
	// pawn[c][sq]: squares a pawn of colour c on sq attacks.
	pawn [2][64]uint64
	// ray[d][sq]: the squares from sq in direction d, nearest first; rayLen their count.
	// Directions 0-3 are orthogonal, 4-7 diagonal.
	ray    [8][64][7]uint8
	rayLen [8][64]uint8
	// between[a][b]: squares strictly between a and b when they share a line, else 0.
	between [64][64]uint64
	line    [64][64]uint8
	// rayMask[d][sq]: all squares from sq in direction d (the squares of ray[d][sq]).
	rayMask [8][64]uint64
}

// rayUp[d]: direction d goes towards higher square numbers.
var rayUp = [8]bool{false, true, true, false, false, false, true, true}

var dirs = [8][2]int{{-1, 0}, {1, 0}, {0, 1}, {0, -1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// geom is the read-only attack geometry shared by every table.
var geom = newGeometry()

func newGeometry() *geometry {
	g := &geometry{}
	on := func(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }
	for sq := 0; sq < 64; sq++ {
		r, c := sq>>3, sq&7
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if (dr != 0 || dc != 0) && on(r+dr, c+dc) {
					g.king[sq] |= 1 << uint((r+dr)*8+c+dc)
				}
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			if on(r+d[0], c+d[1]) {
				g.knight[sq] |= 1 << uint((r+d[0])*8+c+d[1])
			}
		}
		for _, dc := range []int{-1, 1} {
			if on(r-1, c+dc) {
				g.pawn[White][sq] |= 1 << uint((r-1)*8+c+dc)
			}
			if on(r+1, c+dc) {
				g.pawn[Black][sq] |= 1 << uint((r+1)*8+c+dc)
			}
		}
		for d, dd := range dirs {
			var bb uint64
			for k := 1; on(r+k*dd[0], c+k*dd[1]); k++ {
				t := (r+k*dd[0])*8 + c + k*dd[1]
				g.ray[d][sq][k-1] = uint8(t)
				g.rayLen[d][sq]++
				g.between[sq][t] = bb
				if d < 4 {
					g.line[sq][t] = lineOrth
				} else {
					g.line[sq][t] = lineDiag
				}
				bb |= 1 << uint(t)
			}
			g.rayMask[d][sq] = bb
		}
	}
	return g
}

// attacks reports whether a piece p on square from attacks square to, with the squares
// in occ occupied (occ is consulted only for sliders).
func (g *geometry) attacks(p Piece, from, to int, occ uint64) bool {
	switch p.Kind {
	case King:
		return g.king[from]>>uint(to)&1 != 0
	case Knight:
		return g.knight[from]>>uint(to)&1 != 0
	case Pawn:
		return g.pawn[p.Colour][from]>>uint(to)&1 != 0
	case Queen:
		return g.line[from][to] != lineNone && g.between[from][to]&occ == 0
	case Rook:
		return g.line[from][to] == lineOrth && g.between[from][to]&occ == 0
	case Bishop:
		return g.line[from][to] == lineDiag && g.between[from][to]&occ == 0
	}
	return false
}

func popcount(x uint64) int { return bits.OnesCount64(x) }

func trailing(x uint64) int { return bits.TrailingZeros64(x) }

// slide returns the squares a slider on sq reaches in direction d with the squares of occ
// occupied: the ray up to and including its first occupied square.
func (g *geometry) slide(d, sq int, occ uint64) uint64 {
	m := g.rayMask[d][sq]
	bl := m & occ
	if bl == 0 {
		return m
	}
	var b int
	if rayUp[d] {
		b = bits.TrailingZeros64(bl)
	} else {
		b = 63 - bits.LeadingZeros64(bl)
	}
	return m ^ g.rayMask[d][b]
}

// sliderAttacks returns the squares a queen, rook or bishop on sq attacks.
func (g *geometry) sliderAttacks(k Kind, sq int, occ uint64) uint64 {
	var a uint64
	if k != Bishop {
		a = g.slide(0, sq, occ) | g.slide(1, sq, occ) | g.slide(2, sq, occ) | g.slide(3, sq, occ)
	}
	if k != Rook {
		a |= g.slide(4, sq, occ) | g.slide(5, sq, occ) | g.slide(6, sq, occ) | g.slide(7, sq, occ)
	}
	return a
}

// pieceAttacks returns the squares piece p on sq attacks.
func (g *geometry) pieceAttacks(p Piece, sq int, occ uint64) uint64 {
	switch p.Kind {
	case King:
		return g.king[sq]
	case Knight:
		return g.knight[sq]
	case Pawn:
		return g.pawn[p.Colour][sq]
	}
	return g.sliderAttacks(p.Kind, sq, occ)
}

// ParseSquare returns the number of the square with algebraic name name ("a8" is 0, "h1"
// is 63).
func ParseSquare(name string) (int, error) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return 0, fmt.Errorf("bad square %q", name)
	}
	return int('8'-name[1])*8 + int(name[0]-'a'), nil
}
