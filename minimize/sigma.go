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
	return blockingMatrixInto(cube, cube.NewCover(R.Count), R, c, cube.NewSet())
}

// blockingMatrixInto is blockingMatrix written over BB, with outPart as
// scratch.
func blockingMatrixInto(cube *cover.Cube, BB, R *cover.Cover, c, outPart cover.Set) *cover.Cover {
	BB.Truncate(0)
	for i := 0; i < R.Count; i++ {
		blockingRow(cube, BB.AppendEmpty(), R.At(i), c, outPart)
	}
	return BB
}

// A sigmaFinder finds signature cubes against one OFF-set, keeping the
// blocking matrix and the scratch of the transversals from one cube to the
// next.
type sigmaFinder struct {
	cube    *cover.Cube
	R       *cover.Cover
	BB      *cover.Cover
	outPart cover.Set
	union   cover.TransversalUnioner
}

func newSigmaFinder(cube *cover.Cube, R *cover.Cover) *sigmaFinder {
	return &sigmaFinder{cube: cube, R: R, BB: cube.NewCover(R.Count), outPart: cube.NewSet()}
}

// sigma returns the signature cube of the ON-set cube c with respect to
// the OFF-set R: the complement of the union of the minimal transversals
// of c's blocking matrix (get_sigma). 2.3 lists the transversals with
// unate_compl; [cover.TransversalUnioner] finds their union without them.
func (s *sigmaFinder) sigma(c cover.Set) (cover.Set, error) {
	BB := blockingMatrixInto(s.cube, s.BB, s.R, c, s.outPart)
	u, err := s.union.Union(BB)
	if err != nil {
		return nil, fmt.Errorf("signature cube: %w", err)
	}
	return u.Diff(s.cube.FullSet, u), nil
}
