// Package verify checks the result of a minimization against the function
// it started from. [Verify] and [CheckConsistency] port ESPRESSO 2.3's
// verify.c, messages included: the first checks a minimized ON-set against
// the original ON-set and DC-set, the second that the three covers of a PLA
// partition the Boolean space. [SamePartialFunction] compares two
// incompletely specified functions and reports witnesses.
package verify

import (
	"fmt"
	"io"
	"runtime"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/workpool"
)

// Verify checks that every minterm of F is in Fold ∪ Dold and every
// minterm of Fold in F ∪ Dold, printing a line to w for the first failure
// of each check (every failing cube, when verbose is set, as 2.3's -v
// does). It reports whether an error was found (verify), and returns an
// error only if a check panicked: a panic on any goroutine of the check
// comes back as an error wrapping a [workpool.PanicError].
//
// 2.3 asks cube_is_covered of every cube against the whole of the other
// two covers, which is quadratic: on a chess table of 2^19 rows it was
// three quarters of the time of a full minimization. Each check here asks
// the splitter first (see [Overlaps]), and runs 2.3's loop, which names the
// failing cubes in 2.3's order, only when the splitter finds a cube that
// is not covered.
//
// The two checks are independent: on covers of verifyParallelFrom to
// verifyParallelTo cubes, with GOMAXPROCS above 1, the splitter asks them
// in two goroutines, and the lines are printed afterwards in 2.3's order.
//
// A trace that is not nil prints the recursion of each tautology question
// as 2.3's TAUT debugging (-v taut) does: then Verify asks 2.3's
// questions, every one of them and in its order, without the splitter.
func Verify(w io.Writer, cube *cover.Cube, F, Fold, Dold *cover.Cover, verbose bool, trace io.Writer) (bool, error) {
	if trace != nil {
		return verifyTraced(w, cube, F, Fold, Dold, verbose, trace), nil
	}
	n := F.Count + Fold.Count + Dold.Count
	v := verifier{
		parallel:  runtime.GOMAXPROCS(0) > 1 && n >= verifyParallelFrom && n < verifyParallelTo,
		compactAt: compactFrom,
		coveredBy: coveredBy,
	}
	return v.verify(w, cube, F, Fold, Dold, verbose)
}

// verifyTraced is Verify asking 2.3's questions through trace.
func verifyTraced(w io.Writer, cube *cover.Cube, F, Fold, Dold *cover.Cover, verbose bool, trace io.Writer) bool {
	k := cube.NewTautologyChecker()
	k.SetTrace(trace)
	grew := notCovered(w, k, cube, F, Fold, Dold, "some minterm in F is not covered by Fold u Dold", verbose)
	lost := notCovered(w, k, cube, Fold, F, Dold, "some minterm in Fold is not covered by F u Dold", verbose)
	return grew || lost
}

// Verify asks its two checks in two goroutines from verifyParallelFrom
// cubes in the three covers, and up to verifyParallelTo: each check holds
// lists of all the cubes, so two at once double that, and past some 10^5
// cubes the memory counts for more than the time (on KQk-canonical, with
// 478 151 cubes of D, the two checks at once save no time and raise the
// peak by some 45 MB).
const (
	verifyParallelFrom = 2048
	verifyParallelTo   = 1 << 17
)

// A verifier is how Verify asks the splitter's two questions.
type verifier struct {
	parallel  bool // in two goroutines
	compactAt int  // of Fold and Dold compacted where they have this many cubes or more
	// coveredBy is the question (the package's coveredBy; tests give
	// one that panics).
	coveredBy func(c *cover.Cube, x, y, z *cover.Cover) bool
}

// verify is Verify without a trace, asking the splitter's questions as v
// says. The questions run in a [workpool.Run] loop, which turns a panic
// into an error on whichever goroutine it happens.
func (v verifier) verify(w io.Writer, cube *cover.Cube, F, Fold, Dold *cover.Cover, verbose bool) (bool, error) {
	// The splitter's answers depend on the points of the covers alone:
	// it takes the old covers compacted where they are large (a truth
	// table's come as minterms).
	Fc, Dc := cube.Compacted(Fold, v.compactAt), cube.Compacted(Dold, v.compactAt)
	var inside, kept bool // F within Fold ∪ Dold; Fold within F ∪ Dold
	workers := 1
	if v.parallel {
		workers = 2
	}
	err := workpool.Run(2, workers, 1, func(_, i int) error {
		if i == 0 {
			inside = v.coveredBy(cube, F, Fc, Dc)
		} else {
			kept = v.coveredBy(cube, Fc, F, Dc)
		}
		return nil
	})
	if err != nil {
		return true, fmt.Errorf("verify: %w", err)
	}
	// Make sure the function didn't grow too large.
	k := cube.NewTautologyChecker()
	grew := !inside && notCovered(w, k, cube, F, Fold, Dold, "some minterm in F is not covered by Fold u Dold", verbose)
	// Make sure the minimized function covers the original function.
	lost := !kept && notCovered(w, k, cube, Fold, F, Dold, "some minterm in Fold is not covered by F u Dold", verbose)
	return grew || lost, nil
}

// compactFrom is the number of cubes from which Verify's splitter takes an
// old cover compacted.
const compactFrom = 1 << 12

// notCovered reports whether some cube of x is not covered by y ∪ z,
// which the splitter has found, printing msg to w for the first such cube
// (and, when verbose is set, msg and the cube for every one) as 2.3's
// verify does. k answers the questions.
func notCovered(w io.Writer, k *cover.TautologyChecker, cube *cover.Cube, x, y, z *cover.Cover, msg string, verbose bool) bool {
	found := false
	list := cube.NewCubeList(y, z)
	for i := 0; i < x.Count; i++ {
		p := x.At(i)
		if k.CubeIsCovered(list, p) {
			continue
		}
		fmt.Fprintln(w, msg)
		found = true
		if !verbose {
			break
		}
		fmt.Fprintf(w, "%s\n", cube.Format(p))
	}
	return found
}

// CheckConsistency checks that the ON-set F, DC-set D and OFF-set R are
// pairwise disjoint and together cover the Boolean space, printing 2.3's
// report to w; it reports whether an error was found (check_consistency).
// With verbose set the offending cubes are printed too, as 2.3 prints them.
//
// Two things differ from 2.3. Disjointness is decided by splitting the
// space (see [Overlaps]), not by intersecting every pair of cubes, so a
// truth table of 2^19 rows is checked in seconds instead of minutes; the
// pairwise intersection is formed only when it is to be printed. And an
// ON-set and OFF-set that overlap only inside the DC-set are consistent
// under the paper's relaxed reading: the line says so instead of reporting
// an error.
//
// When complTrace is not nil, the complement of the unspecified minterms
// prints 2.3's -v compl trace to it; when trace is not nil, the recursion
// of its tautology question prints to it as 2.3's TAUT debugging does.
func CheckConsistency(w io.Writer, cube *cover.Cube, F, D, R *cover.Cover, verbose bool, complTrace, trace io.Writer) (bool, error) {
	verifyError := false
	pairs := []struct {
		a, b              *cover.Cover
		disjoint, overlap string
		relaxed           bool
	}{
		{F, D, "ON-SET and DC-SET are disjoint", "Some minterm(s) belong to both the ON-SET and DC-SET !", false},
		{F, R, "ON-SET and OFF-SET are disjoint", "Some minterm(s) belong to both the ON-SET and OFF-SET !", true},
		{D, R, "DC-SET and OFF-SET are disjoint", "Some minterm(s) belong to both the OFF-SET and DC-SET !", false},
	}
	for _, pr := range pairs {
		if !Overlaps(cube, pr.a, pr.b) {
			fmt.Fprintln(w, pr.disjoint)
			continue
		}
		if pr.relaxed {
			m, err := OverlapOutside(cube, pr.a, pr.b, D)
			if err != nil {
				return true, fmt.Errorf("check consistency: %w", err)
			}
			if m == nil {
				fmt.Fprintln(w, "ON-SET and OFF-SET overlap only inside the DC-SET")
				continue
			}
		}
		fmt.Fprintln(w, pr.overlap)
		if verbose {
			printCover(w, cube, cube.Intersect(pr.a, pr.b))
		}
		verifyError = true
	}

	k := cube.NewTautologyChecker()
	k.SetTrace(trace)
	if k.Tautology(cube.NewCubeList(F, D, R)) {
		fmt.Fprintln(w, "Union of ON-SET, OFF-SET and DC-SET is the universe")
	} else {
		T, err := cube.Complement(cube.NewCubeList(F, D, R), complTrace)
		if err != nil {
			return true, fmt.Errorf("check consistency: %w", err)
		}
		fmt.Fprintln(w, "There are minterms left unspecified !")
		if verbose {
			printCover(w, cube, T)
		}
		verifyError = true
	}
	return verifyError, nil
}

func printCover(w io.Writer, cube *cover.Cube, T *cover.Cover) {
	for i := 0; i < T.Count; i++ {
		fmt.Fprintf(w, "%s\n", cube.Format(T.At(i)))
	}
}
