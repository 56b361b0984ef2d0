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
	R, err := cube.Unravel(R1.Clone(), cube.NumBinaryVars, cube.NumVars-1)
	if err != nil {
		return nil, fmt.Errorf("signature: %w", err)
	}
	R = R.Maximal()

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
	if F, D, essential, err = r.Essential(F, D); err != nil {
		return nil, err
	}
	r.sTotals(t, EssenTime)

	t = Clock()
	ESC, err := r.findCanonicalCover(F, D, R)
	r.sTotals(t, FCCTime)
	if err != nil {
		return nil, err
	}

	t = Clock()
	ESSet, err := generatePrimes(cube, ESC, R, containFrom)
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

// signaturePrimes are the primes of generatePrimes, and, where it knows
// them, the signature cubes each contains: those of prime j are
// rows[start[j]:start[j+1]], in increasing order (nil rows: not known).
type signaturePrimes struct {
	primes      *cover.Cover
	rows, start []int
}

// generatePrimes returns the primes that contain the signature cubes of F
// with respect to the OFF-set R: for each cube, the complements of the
// minimal transversals of its blocking matrix, made single-cube-containment
// minimal (generate_primes).
//
// Where the output is the only variable that is not binary (R unravelled,
// so each of its cubes has one output part), each cube found is a prime:
// a transversal T of the rows of c's blocking matrix holds only parts c
// lacks (the literal of r in a variable where r and c are disjoint, r's
// output where c lacks it), so U − T contains c, and it is disjoint from
// every r exactly when T meets r's row; a minimal T gives a cube that no
// larger cube disjoint from R contains, since any such cube contains c too.
// Distinct primes do not contain one another, so sf_contain removes only
// duplicates, and [cover.Cover.Distinct] gives the same cubes in the same order
// without the containment search (on ti, 2.3's sf_contain after every
// hundred cubes took 88 of -Dsignature's 107 s; Distinct once the list has
// doubled, 18.5 s in all). And the primes
// containing c are exactly those found from c, so the covering table's
// rows come with them: every cube found is kept, with the cube it came
// from, until the end (as many cubes as the table has ones).
//
// With a second multiple-valued variable, a row holds all of r's parts of
// those variables when one of them is missing from c, so a transversal may
// take a part of c, and the cube may be no prime: there sf_contain is
// applied. 2.3 applies it after every hundred cubes and at the end; what it
// returns is the set of maximal cubes in [cover.Descend] order, a total
// order once duplicates are gone, so the result does not depend on when the
// earlier calls are made, which only keep the list short. Here they are
// made when the list has doubled since the last one and has at least twice
// from cubes.
func generatePrimes(cube *cover.Cube, F, R *cover.Cover, from int) (signaturePrimes, error) {
	onlyPrimes := cube.NumVars-cube.NumBinaryVars <= 1
	primes := cube.NewCover(F.Count)
	var foundFrom []int // the cube of F each cube of primes came from
	kept := 0           // the count after the last sf_contain
	for i := 0; i < F.Count; i++ {
		BB, err := cover.UnateComplement(blockingMatrix(cube, R, F.At(i)))
		if err != nil {
			return signaturePrimes{}, fmt.Errorf("signature primes: %w", err)
		}
		for j := 0; j < BB.Count; j++ {
			b := BB.At(j)
			b.Diff(cube.FullSet, b)
		}
		primes = primes.AppendCover(BB)
		if onlyPrimes {
			for range BB.Count {
				foundFrom = append(foundFrom, i)
			}
		} else if primes.Count >= 2*max(kept, from) {
			primes = primes.Maximal()
			kept = primes.Count
		}
	}
	if !onlyPrimes {
		return signaturePrimes{primes: primes.Maximal()}, nil
	}
	d, of, start := primes.DistinctGroups()
	rows := make([]int, len(of))
	for k, i := range of {
		rows[k] = foundFrom[i]
	}
	return signaturePrimes{primes: d, rows: rows, start: start}, nil
}

// signatureMinimizeExact solves the covering problem whose rows are the
// essential signature cubes ESCubes and whose columns are the primes of
// ESSet, and returns the chosen primes in column order
// (signature_minimize_exact); heuristically, if heuristic is set. The SIZE
// field of each cube of both covers is set to its index.
func (r *Run) signatureMinimizeExact(ESCubes *cover.Cover, ESSet signaturePrimes, heuristic bool) (*cover.Cover, error) {
	for i := 0; i < ESCubes.Count; i++ {
		ESCubes.At(i).PutSize(i)
	}
	primes := ESSet.primes
	for i := 0; i < primes.Count; i++ {
		primes.At(i).PutSize(i)
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
		F.Append(primes.At(col))
	}
	return F, nil
}

// signatureFormTable returns the covering table with a 1 in row i and
// column j when signature cube i of ESCubes is contained in prime j of
// ESSet, with dominated columns removed every thousand columns and at the
// end (signature_form_table). Where ESSet knows the rows of each prime,
// they are not looked for.
func signatureFormTable(ESCubes *cover.Cover, ESSet signaturePrimes) *mincov.Matrix {
	table := mincov.NewMatrix()
	primes := ESSet.primes
	for col := 0; col < primes.Count; col++ {
		if col%1000 == 0 {
			table.ColDominance(nil)
		}
		if ESSet.rows != nil {
			for _, row := range ESSet.rows[ESSet.start[col]:ESSet.start[col+1]] {
				table.Insert(row, col)
			}
			continue
		}
		p := primes.At(col)
		for row := 0; row < ESCubes.Count; row++ {
			if ESCubes.At(row).Implies(p) {
				table.Insert(row, col)
			}
		}
	}
	table.ColDominance(nil)
	return table
}
