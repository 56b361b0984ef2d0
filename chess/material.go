package chess

import (
	"fmt"
	"strings"
)

// Kind is the kind of a chess piece, without its colour.
type Kind uint8

// The piece kinds. Their order is the one used by letters ("KQRBNP").
const (
	King Kind = iota
	Queen
	Rook
	Bishop
	Knight
	Pawn
)

// Colour is the colour of a piece or of the side to move.
type Colour uint8

// The two colours. The side-to-move bit of the encoding is the Colour (1 = Black).
const (
	White Colour = 0
	Black Colour = 1
)

// Piece is a coloured piece: a Kind and a Colour.
type Piece struct {
	Kind   Kind
	Colour Colour
}

const kindLetters = "KQRBNP"

// Letter returns the piece's letter: upper case for White, lower case for Black.
func (p Piece) Letter() byte {
	c := kindLetters[p.Kind]
	if p.Colour == Black {
		c += 'a' - 'A'
	}
	return c
}

// MaxPieces is the largest number of pieces (kings included) a material may have.
// A table of n pieces has 2^(1+6n) entries; five pieces need 2^31.
const MaxPieces = 5

// Material is a material balance: the pieces of a table in the order of the position
// encoding — the white king, the black king, then the other pieces in the order the
// material's name gives them (White's before Black's).
type Material struct {
	Pieces []Piece
}

// ParseMaterial parses a material name, either in the paper's spelling (White's pieces in
// upper case beginning with K, then Black's in lower case beginning with k: "KQk", "KRkp")
// or in Syzygy's ("KQvK", "KRvKP"). Each side has exactly one king, the other pieces are
// Q, R, B, N or P, and there are at most MaxPieces pieces in all.
func ParseMaterial(name string) (Material, error) {
	bad := func(why string) (Material, error) {
		return Material{}, fmt.Errorf("bad material name %q: %s (want e.g. KQk, KRkp, KQvK or KRvKP)", name, why)
	}
	if name == "" {
		return bad("empty")
	}
	var white, black string
	if i := strings.IndexByte(name, 'v'); i >= 0 {
		white, black = name[:i], name[i+1:]
		if strings.IndexByte(black, 'v') >= 0 {
			return bad("more than one 'v'")
		}
		if black != strings.ToUpper(black) || white != strings.ToUpper(white) {
			return bad("Syzygy names are upper case on both sides of 'v'")
		}
		black = strings.ToLower(black)
	} else {
		i := strings.IndexByte(name, 'k')
		if i < 0 {
			return bad("no black king 'k'")
		}
		white, black = name[:i], name[i:]
	}
	if white == "" || white[0] != 'K' {
		return bad("White's pieces must begin with the king K")
	}
	if black == "" || black[0] != 'k' {
		return bad("Black's pieces must begin with the king k")
	}
	m := Material{Pieces: []Piece{{King, White}, {King, Black}}}
	for side, s := range []string{white[1:], black[1:]} {
		for j := 0; j < len(s); j++ {
			c := s[j]
			col := Colour(side)
			if col == Black {
				if c < 'a' || c > 'z' {
					return bad(fmt.Sprintf("Black's piece %q is not lower case", c))
				}
				c -= 'a' - 'A'
			} else if c >= 'a' && c <= 'z' {
				return bad(fmt.Sprintf("White's piece %q is not upper case", c))
			}
			k := strings.IndexByte(kindLetters[1:], c)
			if k < 0 {
				if c == 'K' {
					return bad("a side has more than one king")
				}
				return bad(fmt.Sprintf("unknown piece letter %q (want Q, R, B, N or P)", s[j]))
			}
			m.Pieces = append(m.Pieces, Piece{Kind(k + 1), col})
		}
	}
	if len(m.Pieces) > MaxPieces {
		return bad(fmt.Sprintf("%d pieces; at most %d are supported", len(m.Pieces), MaxPieces))
	}
	return m, nil
}

// MustParseMaterial is ParseMaterial for names known to be good; it panics on a bad name.
// It is meant for tests and examples.
func MustParseMaterial(name string) Material {
	m, err := ParseMaterial(name)
	if err != nil {
		panic(err)
	}
	return m
}

// String returns the material's name in the paper's spelling, e.g. "KRkp".
func (m Material) String() string {
	var b strings.Builder
	for _, col := range []Colour{White, Black} {
		for _, p := range m.Pieces {
			if p.Colour == col {
				b.WriteByte(p.Letter())
			}
		}
	}
	return b.String()
}

// key identifies the material with its piece order (String loses nothing here because
// White's pieces always precede Black's in Pieces after the two kings).
func (m Material) key() string {
	b := make([]byte, len(m.Pieces))
	for i, p := range m.Pieces {
		b[i] = p.Letter()
	}
	return string(b)
}

// SyzygyName returns the material's name in Syzygy's spelling, e.g. "KRvKP".
func (m Material) SyzygyName() string {
	s := m.String()
	i := strings.IndexByte(s, 'k')
	return s[:i] + "v" + strings.ToUpper(s[i:])
}

// NumPieces returns the number of pieces, kings included.
func (m Material) NumPieces() int { return len(m.Pieces) }

// Inputs returns the number of input bits of the encoding: 1 + 6 per piece (Layout.Bits).
func (m Material) Inputs() int { return m.Layout().Bits() }

// Size returns the number of positions of the table, 2^Inputs().
func (m Material) Size() int { return 1 << m.Inputs() }

// HasPawns reports whether the material has a pawn of either colour.
func (m Material) HasPawns() bool {
	for _, p := range m.Pieces {
		if p.Kind == Pawn {
			return true
		}
	}
	return false
}

// without returns the material with piece j removed (a capture).
func (m Material) without(j int) Material {
	ps := make([]Piece, 0, len(m.Pieces)-1)
	ps = append(ps, m.Pieces[:j]...)
	ps = append(ps, m.Pieces[j+1:]...)
	return Material{Pieces: ps}
}

// promoted returns the material with piece j changed to kind k (a promotion).
func (m Material) promoted(j int, k Kind) Material {
	ps := append([]Piece(nil), m.Pieces...)
	ps[j].Kind = k
	return Material{Pieces: ps}
}

// InputLabels returns the names of the input bits, for a PLA's .ilb line: "stm" (1 = Black
// to move), then six bits per piece, most significant first, named after the piece — "wk"
// and "bk" for the kings, colour letter plus piece letter for the others ("wq", "bp"), with
// an ordinal when a colour has two pieces of a kind ("wr1", "wr2") — followed by the bit
// number 5..0, e.g. "wk5", "wk4", ..., "bp0". Square bits give a8 = 0 ... h1 = 63.
func (m Material) InputLabels() []string {
	labels := []string{"stm"}
	count := map[Piece]int{}
	for _, p := range m.Pieces {
		count[p]++
	}
	seen := map[Piece]int{}
	for _, p := range m.Pieces {
		name := string("wb"[p.Colour]) + string(strings.ToLower(kindLetters[p.Kind:p.Kind+1]))
		if count[p] > 1 {
			seen[p]++
			name += fmt.Sprintf("%d_", seen[p])
		}
		for b := 5; b >= 0; b-- {
			labels = append(labels, fmt.Sprintf("%s%d", name, b))
		}
	}
	return labels
}

// flipped returns the material with the colours swapped (KQkr for KRkq), in encoding order
// (kings, then White's others, then Black's, each in their original order), and perm:
// piece j of the flipped material is piece perm[j] of m.
func (m Material) flipped() (Material, []int) {
	perm := []int{1, 0}
	for _, col := range []Colour{Black, White} {
		for j := 2; j < len(m.Pieces); j++ {
			if m.Pieces[j].Colour == col {
				perm = append(perm, j)
			}
		}
	}
	f := Material{Pieces: make([]Piece, len(m.Pieces))}
	for j, pj := range perm {
		f.Pieces[j] = Piece{m.Pieces[pj].Kind, 1 - m.Pieces[pj].Colour}
	}
	return f, perm
}

// sorted returns the material with the same pieces in the solver's order: the kings, then
// White's other pieces, then Black's, each by kind (Q, R, B, N, P), ties in m's order; and
// perm: piece j of the sorted material is piece perm[j] of m.
func (m Material) sorted() (Material, []int) {
	perm := make([]int, len(m.Pieces))
	for j := range perm {
		perm[j] = j
	}
	rank := func(p Piece) int { return int(p.Colour)*8 + int(p.Kind) }
	for i := 3; i < len(perm); i++ { // insertion sort of perm[2:], stable
		for j := i; j > 2 && rank(m.Pieces[perm[j]]) < rank(m.Pieces[perm[j-1]]); j-- {
			perm[j], perm[j-1] = perm[j-1], perm[j]
		}
	}
	s := Material{Pieces: make([]Piece, len(m.Pieces))}
	for j, pj := range perm {
		s.Pieces[j] = m.Pieces[pj]
	}
	return s, perm
}

// twin returns the material whose table the Solver computes to derive m's, when that is
// not m itself: the sorted order of m's pieces when m is not sorted, else the colour-
// flipped material when its key sorts first (KQkr for KRkq). perm maps the twin's pieces
// to m's as for sorted and flipped; flip tells whether the colours are swapped.
func (m Material) twin() (t Material, perm []int, flip, ok bool) {
	if s, perm := m.sorted(); s.key() != m.key() {
		return s, perm, false, true
	}
	if f, perm := m.flipped(); f.key() < m.key() {
		return f, perm, true, true
	}
	return Material{}, nil, false, false
}

// dependencies returns the materials reached from m by one capture, promotion, or
// promotion with capture.
func (m Material) dependencies() []Material {
	var out []Material
	for j := 2; j < len(m.Pieces); j++ {
		out = append(out, m.without(j))
	}
	for i := 2; i < len(m.Pieces); i++ {
		if m.Pieces[i].Kind != Pawn {
			continue
		}
		for k := Queen; k <= Knight; k++ {
			pm := m.promoted(i, k)
			out = append(out, pm)
			for j := 2; j < len(m.Pieces); j++ {
				if j != i && m.Pieces[j].Colour != m.Pieces[i].Colour {
					out = append(out, pm.without(j))
				}
			}
		}
	}
	return out
}
