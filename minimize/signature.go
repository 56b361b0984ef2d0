package minimize

import (
	"fmt"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/mincov"
)

// Signature returns an exact minimum cover of the function whose ON-set is
// F1, DC-set D1 and OFF-set R1, found with the signature cube method of
// ESPRESSO 2.3 (signature): after an initial expand, irredundant and
// removal of the essential primes, the essential signature cubes are found
// (the canonical cover), the primes that contain them are generated, and a
// minimum covering table of signature cubes by primes is solved; the
// essential primes are added back and, unless SkipMakeSparse is set, the
// result is made sparse. The inputs are not changed (but the flags of D1's
// cubes may be).
func (r *Run) Signature(F1, D1, R1 *cover.Cover) (*cover.Cover, error) {
	return r.signature(F1, D1, R1, false)
}

// signature is Signature solving the covering table heuristically when
// heuristic is set, as -Dqm solves the table of every prime.
func (r *Run) signature(F1, D1, R1 *cover.Cover, heuristic bool) (*cover.Cover, error) {
	cube := r.cube
	F := F1.Clone()
	D := D1.Clone()
	R, err := cube.Unravel(R1.Clone(), cube.NumBinaryVars)
	if err != nil {
		return nil, fmt.Errorf("signature: %w", err)
	}
	R = R.Contain()

	for i := 0; i < F.Count; i++ {
		F.At(i).ResetFlag(cover.Prime)
	}
	t := Clock()
	if F, err = r.Expand(F, R, false); err != nil {
		return nil, err
	}
	r.sTotals(t, EssenTime)
	t = Clock()
	if F, err = r.Irredundant(F, D); err != nil {
		return nil, err
	}
	r.sTotals(t, EssenTime)
	t = Clock()
	var essential *cover.Cover
	F, D, essential = r.Essential(F, D)
	r.sTotals(t, EssenTime)

	t = Clock()
	ESC, err := r.findCanonicalCover(F, D, R)
	r.sTotals(t, FCCTime)
	if err != nil {
		return nil, err
	}

	t = Clock()
	ESSet, err := generatePrimes(cube, ESC, R)
	r.sTotals(t, PrimesTime)
	if err != nil {
		return nil, err
	}

	t = Clock()
	F, err = r.signatureMinimizeExact(ESC, ESSet, heuristic)
	r.sTotals(t, MincovTime)
	if err != nil {
		return nil, err
	}
	F = F.AppendCover(essential)

	if !r.opt.SkipMakeSparse {
		if F, err = r.MakeSparse(F, D1, R); err != nil {
			return nil, err
		}
	}
	return F, nil
}

// generatePrimes returns the primes that contain the signature cubes of F
// with respect to the OFF-set R: for each cube, the complements of the
// minimal transversals of its blocking matrix; the result is made
// single-cube-containment minimal after every hundred cubes and at the end
// (generate_primes).
func generatePrimes(cube *cover.Cube, F, R *cover.Cover) (*cover.Cover, error) {
	primes := cube.NewCover(F.Count)
	for i := 0; i < F.Count; i++ {
		BB, err := cover.UnateCompl(blockingMatrix(cube, R, F.At(i)))
		if err != nil {
			return nil, fmt.Errorf("signature primes: %w", err)
		}
		for j := 0; j < BB.Count; j++ {
			b := BB.At(j)
			b.Diff(cube.FullSet, b)
		}
		primes = primes.AppendCover(BB)
		if (i+1)%100 == 0 {
			primes = primes.Contain()
		}
	}
	return primes.Contain(), nil
}

// signatureMinimizeExact solves the covering problem whose rows are the
// essential signature cubes ESCubes and whose columns are the primes
// ESSet, and returns the chosen primes in column order
// (signature_minimize_exact); heuristically, if heuristic is set. The SIZE field of each cube of both covers
// is set to its index.
func (r *Run) signatureMinimizeExact(ESCubes, ESSet *cover.Cover, heuristic bool) (*cover.Cover, error) {
	for i := 0; i < ESCubes.Count; i++ {
		ESCubes.At(i).PutSize(i)
	}
	for i := 0; i < ESSet.Count; i++ {
		ESSet.At(i).PutSize(i)
	}

	t := Clock()
	table := signatureFormTable(ESCubes, ESSet)
	r.sTotals(t, MincovTime)

	t = Clock()
	sol, err := mincov.MinimumCover(table, mincov.Options{Heuristic: heuristic})
	r.sTotals(t, MincovTime)
	if err != nil {
		return nil, fmt.Errorf("signature: %w", err)
	}

	F := r.cube.NewCover(100)
	for _, col := range sol.Cols() {
		F.Append(ESSet.At(col))
	}
	return F, nil
}

// signatureFormTable returns the covering table with a 1 in row i and
// column j when signature cube i of ESCubes is contained in prime j of
// ESSet, with dominated columns removed every thousand columns and at the
// end (signature_form_table).
func signatureFormTable(ESCubes, ESSet *cover.Cover) *mincov.Matrix {
	table := mincov.NewMatrix()
	for col := 0; col < ESSet.Count; col++ {
		if col%1000 == 0 {
			table.ColDominance(nil)
		}
		p := ESSet.At(col)
		for row := 0; row < ESCubes.Count; row++ {
			if ESCubes.At(row).Implies(p) {
				table.Insert(row, col)
			}
		}
	}
	table.ColDominance(nil)
	return table
}
