package chess

// Attacks returns the set of squares piece p on square sq attacks, as a bit set (bit s
// for square s, a8 = 0 ... h1 = 63), with the squares of occ occupied: a queen, rook or
// bishop stops at the first occupied square on each line, which it attacks. A pawn
// attacks the two squares diagonally ahead of it.
func Attacks(p Piece, sq int, occ uint64) uint64 { return geom.pieceAttacks(p, sq, occ) }
