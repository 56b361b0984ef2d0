package minimize

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
)

// primesBatch is how many consensus terms primes_consensus_merge collects
// before removing the contained ones (the capacity of its sf_new(500)).
//
// The primes a merge returns do not depend on the batch size: each batch
// step keeps the maximal sets of what it has seen, in [cover.Descend] order,
// a strict total order on distinct sets, so the result is the maximal sets
// of all the terms, in that order. 2.3's fixed 500 makes the merge quadratic
// in the number of primes, since every batch is checked against all the
// primes found so far; primesMerge lets a batch grow to the size of that
// list, which keeps the work per consensus term small.
const primesBatch = 500

// Primes returns all the prime implicants of the function whose cubes are
// listed in T, by recursive splitting and consensus (primes_consensus). T
// is disposed of, as in 2.3: its cofactor cube may be changed.
func (r *Run) Primes(T cover.CubeList) *cover.Cover {
	P, d := r.primesSpecialCases(&T)
	if P != nil {
		return P
	}
	cube := r.cube
	cl, cr := cube.NewSet(), cube.NewSet()
	best := cube.BinateSplitSelect(T, d, cl, cr)
	if r.opt.Debug&DebugCompl != 0 {
		fmt.Fprintf(r.out, "BINATE_SPLIT_SELECT: split against %d\n", best)
	}
	Tl := r.Primes(cube.SCofactor(T, cl, best))
	Tr := r.Primes(cube.SCofactor(T, cr, best))
	return r.primesMerge(Tl, Tr, cl, cr)
}

// primesSpecialCases returns the primes of T when a special case settles
// them; otherwise it returns nil and the column counts of T, which choose
// the variable to split (primes_consensus_special_cases).
func (r *Run) primesSpecialCases(T *cover.CubeList) (*cover.Cover, *cover.CData) {
	cube := r.cube
	cof := T.Cof

	// No cubes: no primes.
	if len(T.Cubes) == 0 {
		return cube.NewCover(0), nil
	}

	// A single cube is its own prime.
	if len(T.Cubes) == 1 {
		P := cube.NewCover(1)
		P.Append(cof.Or(cof, T.Cubes[0]))
		return P, nil
	}

	// A row of 1's: the function is a tautology.
	for _, p := range T.Cubes {
		if cube.FullRow(p, cof) {
			return fullCover(cube), nil
		}
	}

	// A column of 0's can be factored out.
	ceil := cof.Clone()
	for _, p := range T.Cubes {
		ceil.Or(ceil, p)
	}
	if !ceil.Equal(cube.FullSet) {
		p := cube.NewSet()
		p.Diff(cube.FullSet, ceil)
		cof.Or(cof, p)
		A := r.Primes(*T)
		for i := 0; i < A.Count; i++ {
			q := A.At(i)
			q.And(q, ceil)
		}
		return A, nil
	}

	d := cube.MassiveCount(*T)
	switch {
	case d.VarsActive == 1:
		// A single active variable not factored out above: tautology.
		return fullCover(cube), nil
	case d.VarsUnate == d.VarsActive:
		// A unate cover: its primes are its maximal cubes.
		return cube.Unlist(*T).Contain(), nil
	}
	return nil, d
}

// fullCover returns a cover holding the universal cube.
func fullCover(cube *cover.Cube) *cover.Cover {
	P := cube.NewCover(1)
	P.Append(cube.FullSet)
	return P
}

// primesMerge combines the primes Tl of the left cofactor (by cl) and Tr
// of the right one (by cr) into the primes of the function: the maximal
// cubes among Tl ∩ cl, Tr ∩ cr and the consensus terms of their pairs at
// distance 1 (primes_consensus_merge). Tl and Tr are consumed.
func (r *Run) primesMerge(Tl, Tr *cover.Cover, cl, cr cover.Set) *cover.Cover {
	cube := r.cube
	Tl = andWithCofactor(cube, Tl, cl)
	Tr = andWithCofactor(cube, Tr, cr)

	T := cube.NewCover(primesBatch)
	Tsave := cover.Join(Tl, Tr).Contain()
	cube.Distance1Pairs(Tl, Tr, func(i, j int) {
		cube.Consensus(T.AppendEmpty(), Tl.At(i), Tr.At(j))
		if T.Count >= max(primesBatch, Tsave.Count) {
			Tsave = cover.ContainedUnion(Tsave, T.Contain())
			T = cube.NewCover(primesBatch)
		}
	})
	return cover.ContainedUnion(Tsave, T.Contain())
}

// andWithCofactor intersects every cube of A with cof and deletes those
// left empty in some variable (and_with_cofactor). A is overwritten.
func andWithCofactor(cube *cover.Cube, A *cover.Cover, cof cover.Set) *cover.Cover {
	for i := 0; i < A.Count; i++ {
		p := A.At(i)
		p.And(p, cof)
		if cube.Dist(p, cube.FullSet) > 0 {
			p.ResetFlag(cover.Active)
		} else {
			p.SetFlag(cover.Active)
		}
	}
	return A.RemoveInactive()
}
