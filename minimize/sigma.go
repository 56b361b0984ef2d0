package minimize

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
)

// blockingRow stores in b the row of the blocking matrix of the cube c
// for the OFF-set cube r, as the signature method of 2.3 computes it
// inline in get_sigma, generate_primes and setup_bw: the literals of r in
// every binary variable where r and c do not meet, and the multiple-valued
// parts of r when they are not all parts of c. b's header is left alone.
func blockingRow(cube *cover.Cube, b, r, c, outPart cover.Set) {
	// The binary variables come first, variable v in parts 2v and 2v+1 of
	// one word: x has the even bit of every variable where r and c meet
	// in neither part.
	for w := 1; w < len(b); w++ {
		bm := cube.BinaryMask[w]
		x := r[w] & c[w]
		x = ^(x | x>>1) & bm & evenBits
		b[w] = r[w] & (x | x<<1)
	}
	outPart.And(cube.MVMask, r)
	if !outPart.Implies(c) {
		b.Or(b, outPart)
	}
}

// evenBits has the even bits of a word: the first part of each binary
// variable.
const evenBits = 0x5555555555555555

// blockingMatrix returns the blocking matrix of the cube c against the
// OFF-set R, one row per cube of R in R's order.
func blockingMatrix(cube *cover.Cube, R *cover.Cover, c cover.Set) *cover.Cover {
	BB := cube.NewCover(R.Count)
	outPart := cube.NewSet()
	for i := 0; i < R.Count; i++ {
		blockingRow(cube, BB.AppendEmpty(), R.At(i), c, outPart)
	}
	return BB
}

// sigma returns the signature cube of the ON-set cube c with respect to
// the OFF-set R: the complement of the union of the minimal transversals
// of c's blocking matrix (get_sigma). 2.3 lists the transversals with
// unate_compl; [cover.TransversalUnion] finds their union without them.
func sigma(cube *cover.Cube, R *cover.Cover, c cover.Set) (cover.Set, error) {
	u, err := cover.TransversalUnion(blockingMatrix(cube, R, c))
	if err != nil {
		return nil, fmt.Errorf("signature cube: %w", err)
	}
	return u.Diff(cube.FullSet, u), nil
}
