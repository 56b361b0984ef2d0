package minimize

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/implicit"
)

// Primes returns all the prime implicants of the function whose cubes are
// listed in T, by recursive splitting and consensus (primes_consensus). T
// is disposed of, as in 2.3: its cofactor cube may be changed.
func (r *Run) Primes(T cover.CubeList) *cover.Cover {
	if r.primes.spend(len(T.Cubes)) {
		return r.cube.NewCover(0)
	}
	P, d := r.primesSpecialCases(&T)
	if P != nil {
		return P
	}
	cube := r.cube
	cl, cr := cube.NewSet(), cube.NewSet()
	best := cube.BinateSplitSelect(T, d, cl, cr)
	if r.opt.Debug&DebugCompl != 0 {
		// -v is on, so 2.3 prints the halves too.
		cube.WriteSplit(r.out, best, cl, cr)
	}
	Tl := r.Primes(cube.CofactorVar(T, cl, best))
	Tr := r.Primes(cube.CofactorVar(T, cr, best))
	return r.primesMerge(Tl, Tr, cl, cr)
}

// primesSpecialCases returns the primes of T when a special case settles
// them; otherwise it returns nil and the column counts of T, which choose
// the variable to split (primes_consensus_special_cases).
func (r *Run) primesSpecialCases(T *cover.CubeList) (*cover.Cover, *cover.ColumnCounts) {
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

	d := new(cover.ColumnCounts)
	cube.MassiveCountInto(d, *T)
	switch {
	case d.VarsActive == 1:
		// A single active variable not factored out above: tautology.
		return fullCover(cube), nil
	case d.VarsUnate == d.VarsActive:
		// A unate cover: its primes are its maximal cubes.
		return cube.Unlist(*T).Maximal(), nil
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
	return r.primesMergeBy(Tl, Tr, cl, cr, localMaxima, containEvery)
}

// primesMergeBy is primesMerge keeping at most localMax maximal terms for
// each cube and removing containment every containEvery cubes or more.
func (r *Run) primesMergeBy(Tl, Tr *cover.Cover, cl, cr cover.Set, localMax, containEvery int) *cover.Cover {
	cube := r.cube
	Tl = andWithCofactor(cube, Tl, cl)
	Tr = andWithCofactor(cube, Tr, cr)

	all := cover.Join(Tl, Tr)
	nextContain := all.Count + max(all.Count, containEvery)
	m := maximalScratch{bySize: make([]int, cube.Size+1), most: localMax}
	terms := cube.NewCover(64) // the consensus terms of the current cube of Tl
	var group []int
	// The terms maximal among those of their cube of Tl, and for each the
	// cube of Tr it came from.
	cand := cube.NewCover(64)
	var from []int
	var byRight [][]int
	fresh := cube.NewCover(64)
	// The cubes of all at the last removal, in Descend order, and their
	// index, built when first needed: a term can lie inside only a cube
	// larger than it, so only one smaller than the first is looked up.
	var keptCubes *cover.Cover
	var kept *cover.SupersetIndex
	insideKept := func(t cover.Set) bool {
		if kept == nil {
			kept = cover.NewSupersetIndex(keptCubes)
		}
		return kept.ProperSubsetOfSome(t)
	}

	// keepRight moves to all the terms of cand maximal among those of
	// their cube of Tr (in cand).
	keepRight := func() {
		if len(byRight) < Tr.Count {
			byRight = make([][]int, Tr.Count)
		}
		for k, j := range from {
			byRight[j] = append(byRight[j], k)
		}
		for j := range byRight[:Tr.Count] {
			if len(byRight[j]) > 0 {
				fresh.Truncate(0)
				m.keepMaximal(fresh, cand, byRight[j], nil)
				for k := 0; k < fresh.Count; k++ {
					if t := fresh.At(k); keptCubes == nil || t.Size() >= keptCubes.At(0).Size() || !insideKept(t) {
						all.Append(t)
					}
				}
				byRight[j] = byRight[j][:0]
			}
		}
		cand.Truncate(0)
		from = from[:0]
		if all.Count >= nextContain {
			// What is kept is then the maximal cubes so far: the later
			// terms inside one of them are dropped as they come.
			r.primes.spend(all.Count)
			all = all.Maximal()
			nextContain = all.Count + max(all.Count, containEvery)
			keptCubes, kept = all, nil
		}
	}
	// keepLeft moves to cand the terms maximal among those of the current
	// cube of Tl.
	var right []int // the cube of Tr of each term
	keepLeft := func() {
		group = group[:0]
		for k := 0; k < terms.Count; k++ {
			group = append(group, k)
		}
		m.keepMaximal(cand, terms, group, func(k int) { from = append(from, right[k]) })
		terms.Truncate(0)
		right = right[:0]
		if cand.Count >= containEvery {
			keepRight()
		}
	}
	if r.primes.spend(Tl.Count + Tr.Count) {
		return cube.NewCover(0)
	}
	current := -1
	cube.Distance1Pairs(Tl, Tr, func(i, j int) {
		if r.primes.spend(1) {
			return
		}
		if i != current {
			keepLeft()
			current = i
		}
		cube.Consensus(terms.AppendEmpty(), Tl.At(i), Tr.At(j))
		right = append(right, j)
	})
	if r.primes.over {
		return cube.NewCover(0)
	}
	keepLeft()
	keepRight()
	return all.Maximal()
}

// maximalScratch holds the slices of keepMaximal from one call to the next.
type maximalScratch struct {
	bySize []int // a count per set size
	order  []int
	most   int // the most sets kept before appending untested
}

// keepMaximal appends to dst the sets src.At(k), k in group, that lie
// inside no other of them (one of equal ones), largest first, and calls
// kept(k) for each if kept is not nil. Once m.most are kept, the rest
// are appended untested.
func (m *maximalScratch) keepMaximal(dst, src *cover.Cover, group []int, kept func(k int)) {
	// Largest first: a set can only lie inside a larger or equal one.
	order := src.SortBySize(group, true, m.bySize, m.order)
	m.order = order
	first := dst.Count
	for _, k := range order {
		t := src.At(k)
		inside := false
		if dst.Count-first <= m.most {
			for m := first; m < dst.Count; m++ {
				if t.Implies(dst.At(m)) {
					inside = true
					break
				}
			}
		}
		if !inside {
			dst.Append(t)
			if kept != nil {
				kept(k)
			}
		}
	}
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

// primeLimits is the state of AllPrimes's bounds.
type primeLimits struct {
	work, nodes int  // the bounds (tests change them)
	table       int  // the most primes minimizeExact puts in its table (tablePrimes)
	bounded     bool // primes_consensus counts its work
	left        int  // the work it may still do
	over        bool // it did more: its answer is void
	implicit    int  // times the implicit way gave the answer
	signature   int  // times minimizeExact took the signature cubes' table
}

// AllPrimes returns every prime of the function with ON-set F and
// DC-set D in the order 2.3's primes_consensus returns them; F and D are
// not changed. The merge at the top of primes_consensus removes contained
// cubes and sorts what is left in [cover.Descend] order, and each special
// case returns a cover in that order too, so the primes come out in that
// order however they are found. The implicit way is not tried when a cube
// of F or D is void: 2.3 may then return void cubes among its primes.
//
// When the implicit way counts more than listedPrimes primes, AllPrimes
// returns a [*TooManyPrimesError] saying how many there are, instead of
// running out of memory or time listing them (2.3 would run on).
func (r *Run) AllPrimes(F, D *cover.Cover) (*cover.Cover, error) {
	return r.primesUpTo(F, D, listedPrimes, false)
}

// TooManyPrimesError reports that a function has more primes than a
// command lists.
type TooManyPrimesError struct {
	Primes *big.Int // how many the function has; nil if they were not counted
	Most   int      // how many could be listed
	Nodes  int      // if they were not counted: the diagram nodes that did not suffice
}

func (e *TooManyPrimesError) Error() string {
	if e.Primes == nil {
		return fmt.Sprintf("the primes of the function are too many to count in %d diagram nodes", e.Nodes)
	}
	return fmt.Sprintf("the function has %v primes, too many to list (the most is %d)", e.Primes, e.Most)
}

// primesUpTo is AllPrimes listing at most most primes; past them it
// returns a [*TooManyPrimesError]. When the primes take primes_consensus
// more than its bound of work and the implicit way more than its bound of
// nodes, primesUpTo returns a TooManyPrimesError too if uncounted is set,
// and runs primes_consensus to the end if not.
func (r *Run) primesUpTo(F, D *cover.Cover, most int, uncounted bool) (*cover.Cover, error) {
	cube := r.cube
	if !implicit.Supported(cube) || hasVoid(cube, F) || hasVoid(cube, D) {
		return r.Primes(cube.NewCubeList(F, D)), nil
	}
	if r.opt.Debug&DebugCompl != 0 {
		// The -v compl trace is primes_consensus's splits, all of them:
		// it runs to the end, as in 2.3.
		P := r.Primes(cube.NewCubeList(F, D))
		if P.Count > most {
			return nil, &TooManyPrimesError{Primes: big.NewInt(int64(P.Count)), Most: most}
		}
		return P, nil
	}
	P, over := r.boundedPrimes(F, D, r.primes.work)
	if !over {
		if P.Count > most {
			return nil, &TooManyPrimesError{Primes: big.NewInt(int64(P.Count)), Most: most}
		}
		return P, nil
	}
	P, err := implicit.Primes(cube, F, D, r.primes.nodes, most)
	var tooMany *implicit.TooManyError
	switch {
	case err == nil:
		r.primes.implicit++
		return P.Sorted(cover.Descend), nil
	case errors.As(err, &tooMany):
		return nil, &TooManyPrimesError{Primes: tooMany.Primes, Most: most}
	case uncounted:
		return nil, &TooManyPrimesError{Most: most, Nodes: r.primes.nodes}
	}
	return r.Primes(cube.NewCubeList(F, D)), nil
}

// boundedPrimes runs primes_consensus for at most work units of work; if
// it does more (over), P is void.
func (r *Run) boundedPrimes(F, D *cover.Cover, work int) (P *cover.Cover, over bool) {
	r.primes.bounded, r.primes.left, r.primes.over = true, work, false
	P = r.Primes(r.cube.NewCubeList(F, D))
	over = r.primes.over
	r.primes.bounded, r.primes.over = false, false
	return P, over
}

// spend counts n units of primes_consensus's work (a consensus term, or a
// cube of a list it splits, of a merge, or of a containment removal) when
// it is bounded, and reports whether the bound is passed.
func (l *primeLimits) spend(n int) bool {
	if l.bounded && !l.over {
		if l.left -= n; l.left < 0 {
			l.over = true
		}
	}
	return l.over
}

// hasVoid reports whether some cube of A is empty in some variable.
func hasVoid(cube *cover.Cube, A *cover.Cover) bool {
	for p := range A.All() {
		if cube.Dist(p, cube.FullSet) > 0 {
			return true
		}
	}
	return false
}
