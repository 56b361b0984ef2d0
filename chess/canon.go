package chess

// symmetry maps positions of a material to the representatives of their symmetry classes.
// Without pawns the classes are those of the 8 symmetries of the board (identity, the
// mirrors and rotations); with a pawn only the left-right mirror (files a<->h) applies.
// The side to move and the colours are never changed. The representative of a class is
// its smallest index.
type symmetry struct {
	n     int
	count int
	sq    [8][64]uint8
}

// Transform numbers: bit 2 transposes the board (row <-> file), then bit 0 mirrors the
// files and bit 1 the rows. Transform 0 is the identity, 1 the left-right mirror.
func transformSquare(t, s int) int {
	r, c := s>>3, s&7
	if t&4 != 0 {
		r, c = c, r
	}
	if t&1 != 0 {
		c = 7 - c
	}
	if t&2 != 0 {
		r = 7 - r
	}
	return r*8 + c
}

// newSymmetry returns the symmetry of material m, or nil when on is false.
func newSymmetry(m Material, on bool) *symmetry {
	if !on {
		return nil
	}
	s := &symmetry{n: len(m.Pieces), count: 8}
	if m.HasPawns() {
		s.count = 2
	}
	for t := 0; t < 8; t++ {
		for q := 0; q < 64; q++ {
			s.sq[t][q] = uint8(transformSquare(t, q))
		}
	}
	return s
}

// apply returns the index of position idx transformed by t.
func (s *symmetry) apply(t, idx int) int {
	l := Layout(s.n)
	out := idx >> l.StmShift() // side to move
	for j := 0; j < s.n; j++ {
		out = out<<SquareBits | int(s.sq[t][idx>>l.Shift(j)&squareMask])
	}
	return out
}

// canonical returns the representative of idx's class and a transform t with
// apply(t, idx) == rep.
func (s *symmetry) canonical(idx int) (rep, t int) {
	rep = idx
	for u := 1; u < s.count; u++ {
		if y := s.apply(u, idx); y < rep {
			rep, t = y, u
		}
	}
	return rep, t
}

// Canonical returns the representative of the symmetry class of position idx of material
// m, and the transform that maps idx to it (0 = identity, 1 = left-right mirror; with no
// pawns also 2..7: bit 2 transposes rows and files, then bit 0 mirrors files and bit 1
// rows). Symmetric positions have the same value, so a canonical table records only
// representatives and marks the others acanonical (don't care).
func Canonical(m Material, idx int) (rep, transform int) {
	return newSymmetry(m, true).canonical(idx)
}

// TransformSquare returns square s under transform t (as returned by Canonical): the
// square a piece on s stands on in the transformed position.
func TransformSquare(t, s int) int { return transformSquare(t, s) }

// Transform applies transform t (as returned by Canonical) to position idx of material m.
func Transform(m Material, t, idx int) int {
	return newSymmetry(m, true).apply(t, idx)
}
