package chess

// This file owns the normal form of a material, the one Syzygy stores a table under, and
// the list of every material the rules allow up to a number of pieces.

import "slices"

// Stored returns m as Syzygy stores it: the side with more pieces as White (with as many,
// the side whose pieces, sorted queen, rook, bishop, knight, pawn, come first), and each
// side's pieces in that order. KRvKQ is stored as KQvKR, KRPvKR as KRPvKR. A material and
// its colour twin have one stored form; ValuesMaterial is the solver's own, for indices.
func (m Material) Stored() Material {
	var side [2][]Kind
	for _, p := range m.Pieces[2:] {
		side[p.Colour] = append(side[p.Colour], p.Kind)
	}
	slices.Sort(side[0])
	slices.Sort(side[1])
	if len(side[1]) > len(side[0]) || len(side[1]) == len(side[0]) && slices.Compare(side[1], side[0]) < 0 {
		side[0], side[1] = side[1], side[0]
	}
	return materialOf(side[0], side[1])
}

// materialOf returns the material of the two kings and White's and Black's other pieces.
func materialOf(white, black []Kind) Material {
	s := Material{Pieces: []Piece{{Kind: King, Colour: White}, {Kind: King, Colour: Black}}}
	for c, kinds := range [2][]Kind{white, black} {
		for _, k := range kinds {
			s.Pieces = append(s.Pieces, Piece{Kind: k, Colour: Colour(c)})
		}
	}
	return s
}

// Materials returns every material of 3 up to pieces pieces (at most MaxPieces), one per
// colour pair, as stored (Stored): by number of pieces, then White's count of pieces
// other than the king from the most, then White's pieces and Black's, each sorted
// queen, rook, bishop, knight, pawn (KQvK, KRvK, ..., KPvK, KQQvK, KQRvK, ..., KPPvK,
// KQvKQ, KQvKR, ..., KPvKP, KQQQvK, ...). Pawns stand where the rules allow them, so every
// material is one; bare kings (a draw) are not listed.
func Materials(pieces int) []Material {
	var out []Material
	for n := 3; n <= min(pieces, MaxPieces); n++ {
		for w := n - 2; 2*w >= n-2; w-- {
			for _, white := range kindSets(w) {
				for _, black := range kindSets(n - 2 - w) {
					if w == n-2-w && slices.Compare(black, white) < 0 {
						continue // the colour twin of one listed
					}
					out = append(out, materialOf(white, black))
				}
			}
		}
	}
	return out
}

// kindSets returns the sorted multisets of k kinds other than the king, in lexicographic
// order.
func kindSets(k int) [][]Kind {
	if k == 0 {
		return [][]Kind{nil}
	}
	var out [][]Kind
	for _, rest := range kindSets(k - 1) {
		first := Queen
		if len(rest) > 0 {
			first = rest[len(rest)-1]
		}
		for kd := first; kd <= Pawn; kd++ {
			out = append(out, append(slices.Clone(rest), kd))
		}
	}
	slices.SortFunc(out, slices.Compare)
	return out
}
