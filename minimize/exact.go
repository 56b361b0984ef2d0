package minimize

import (
	"errors"
	"fmt"
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/mincov"
)

// MinimizeExact minimizes the function with ON-set F, DC-set D and OFF-set
// R by generating all its primes and choosing a minimum number of them
// that cover F (minimize_exact): the primes are split into the essential
// ones and the others, the covering table of the others is built as
// irredundant does, and it is solved with [mincov.MinimumCover], exactly
// when exactCover is set (-Dexact) and heuristically otherwise (-Dqm).
// Unless SkipMakeSparse is set or R is nil, the result goes through
// [Run.MakeSparse]. F is consumed; D is not changed.
//
// When the function has more than 2^21 primes, or they are too many to
// count within the bounds of [Run.AllPrimes], the covering table is that
// of [Run.Signature] instead, whose minimum covers are the same (if R is
// not nil and the cover is not weighted; otherwise a [*TooManyPrimesError]
// comes back). DebugExact then dumps no table of primes: there is none.
func (r *Run) MinimizeExact(F, D, R *cover.Cover, exactCover bool) (*cover.Cover, error) {
	return r.minimizeExact(F, D, R, exactCover, false)
}

// MinimizeExactLiterals is [Run.MinimizeExact] minimizing the number of
// literals instead of the number of cubes: each prime costs the number of
// parts it lacks, which counts literals when all variables are binary
// (minimize_exact_literals).
func (r *Run) MinimizeExactLiterals(F, D, R *cover.Cover, exactCover bool) (*cover.Cover, error) {
	return r.minimizeExact(F, D, R, exactCover, true)
}

// minimizeExact is do_minimize of exact.c, with the signature cubes
// standing for the ON-set when the primes are too many for its table
// (see tablePrimes).
func (r *Run) minimizeExact(F, D, R *cover.Cover, exactCover, weighted bool) (*cover.Cover, error) {
	cube := r.cube
	debugSave := r.opt.Debug
	defer func() { r.opt.Debug = debugSave }()
	if r.opt.Debug&DebugExact != 0 {
		r.opt.Debug |= DebugIrred | DebugMincov
	}
	level := 0
	if r.opt.Debug&DebugMincov != 0 {
		level = 4
	}

	// Generate all prime implicants.
	t := Clock()
	F0 := F.Clone()
	F, err := r.primesUpTo(F, D, r.primes.table, true)
	var tooMany *TooManyPrimesError
	if errors.As(err, &tooMany) && R != nil && !weighted {
		t = Clock()
		r.opt.Debug = debugSave // no irredundant or mincov tracing of a table not built
		r.primes.signature++
		F, err = r.signature(F0, D, R, !exactCover)
		if err != nil {
			return nil, err
		}
		r.exec(t, "SIGNATURE  ", F)
		return F, nil
	}
	if err != nil {
		return nil, err
	}
	r.exec(t, "PRIMES     ", F)

	// Set up the prime implicant table.
	t = Clock()
	var maybeEssential []bool
	if F0.Count < F.Count {
		// Fewer cubes than primes: finding which hold them costs less
		// than testing every prime.
		maybeEssential = soleContainers(cube, F, F0)
	}
	E, Rt, Rp, err := r.irredSplit(F, D, maybeEssential)
	if err != nil {
		return nil, err
	}
	r.exec(t, "ESSENTIALS ", E)
	t = Clock()
	table := irredDeriveTable(cube, r.irredScratch(), D, E, Rp, F0, r.irred1Trace(), r.tautTrace)
	r.exec(t, "PI-TABLE   ", Rp)

	// Solve a weighted or unweighted covering problem.
	var weights []int
	if weighted {
		// Correct only when all variables are binary.
		weights = make([]int, F.Count)
		for i := 0; i < Rp.Count; i++ {
			p := Rp.At(i)
			weights[p.Size()] = cube.Size - p.Count()
		}
	}
	t = Clock()
	sol, err := mincov.MinimumCover(table, mincov.Options{
		Weight:     weights,
		Heuristic:  !exactCover,
		DebugLevel: level,
		Debug:      r.out,
	})
	if err != nil {
		return nil, fmt.Errorf("exact minimization: %w", err)
	}
	r.exec(t, "MINCOV     ", F)

	if r.opt.Debug&DebugExact != 0 {
		r.dumpIrredundant(E, Rt, Rp, table)
	}

	// Form the result: the essential primes, then the chosen ones.
	newF := cube.NewCover(E.Count + sol.Len())
	for i := 0; i < E.Count; i++ {
		newF.Append(E.At(i))
	}
	for pe := sol.First(); pe != nil; pe = pe.NextInRow() {
		newF.Append(F.At(pe.Col))
	}

	// Attempt to make the result more sparse.
	r.opt.Debug &^= DebugIrred | DebugSharp | DebugMincov
	if !r.opt.SkipMakeSparse && R != nil {
		if newF, err = r.MakeSparse(newF, D, R); err != nil {
			return nil, err
		}
	}
	return newF, nil
}

// dumpIrredundant writes the primes, split into essential, totally
// redundant and partially redundant ones after a PLA header, and the
// covering table as "row col" lines (dump_irredundant). As 2.3 does, it
// writes them to the files that Options.DumpFile opens (NAME.primes and
// NAME.pi beside the input file), or to Out where there is none.
func (r *Run) dumpIrredundant(E, Rt, Rp *cover.Cover, table *mincov.Matrix) {
	primes, pi := io.Writer(r.out), io.Writer(r.out)
	if open := r.opt.DumpFile; open != nil {
		if w := open("primes"); w != nil {
			defer w.Close()
			primes = w
		}
		if w := open("pi"); w != nil {
			defer w.Close()
			pi = w
		}
	}
	writeHeader(primes, r.cube)
	list := func(title string, A *cover.Cover) {
		fmt.Fprintf(primes, "# %s primes are\n", title)
		for i := 0; i < A.Count; i++ {
			fmt.Fprintf(primes, "%s\n", r.cube.Format(A.At(i)))
		}
	}
	list("Essential", E)
	list("Totally redundant", Rt)
	list("Partially redundant", Rp)
	table.Write(pi)
}

// writeHeader writes the header 2.3's fpr_header gives a PLA of type f
// without labels or phase: the sizes of the variables.
func writeHeader(w io.Writer, c *cover.Cube) {
	if c.NumMVVars <= 1 {
		fmt.Fprintf(w, ".i %d\n", c.NumBinaryVars)
		if c.Output >= 0 {
			fmt.Fprintf(w, ".o %d\n", c.PartSize[c.Output])
		}
		return
	}
	fmt.Fprintf(w, ".mv %d %d", c.NumVars, c.NumBinaryVars)
	for v := c.NumBinaryVars; v < c.NumVars; v++ {
		fmt.Fprintf(w, " %d", c.PartSize[v])
	}
	fmt.Fprintln(w)
}

// soleContainers marks the primes P.At(i) that are the only prime holding
// some cube of F0, where P holds every prime of F0 ∪ D. Only they can be
// essential: an essential prime p holds a minterm m outside D that no
// other prime holds; m lies in some cube f of F0, and every prime holding
// f holds m, so p is the only one. irred_split_cover tests every prime for
// relative essentiality against all the others, which on hundreds of
// thousands of primes is quadratic; with every prime in F, relatively
// essential means essential, so only the marked ones need the test.
func soleContainers(cube *cover.Cube, P, F0 *cover.Cover) []bool {
	marked := make([]bool, P.Count)
	for i := range marked {
		// 2.3's primes may include void cubes (empty in some
		// variable); they hold no minterm, and are tested as before.
		marked[i] = cube.Dist(P.At(i), cube.FullSet) > 0
	}
	for f := range F0.All() {
		sole := -1
		for i := 0; i < P.Count; i++ {
			if f.Implies(P.At(i)) {
				if sole >= 0 {
					sole = -1
					break
				}
				sole = i
			}
		}
		if sole >= 0 {
			marked[sole] = true
		}
	}
	return marked
}
