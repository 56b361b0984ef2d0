package minimize

import "math"

// This file holds every size threshold of the minimizer: where a step
// leaves 2.3's plain way for a fast path that gives the same answer, how
// far a fast path goes, and how work is spread over the workers. Each is
// one constant with what it switches and why it stands where it does. The
// ones tests lower, to take a fast path on small inputs, are copied into a
// Run's tuning, which tests change.

// tuning is the part of a Run that tests change: the thresholds below
// that they lower to take a fast path on small inputs, and switches that
// force one. A Run starts with defaultTuning.
type tuning struct {
	parallelFrom    int                // least work spread over the workers (parallelWorkFrom)
	feasibleFrom    int                // the same for EXPAND's feasibility questions (feasibleWorkFrom)
	aheadFrom       int                // OFF-set cubes from which EXPAND works out first steps ahead (aheadFrom)
	packAlways      bool               // EXPAND packs the active OFF-set after every first step worked out ahead (takeFirst)
	plainExpand     bool               // EXPAND asks BB and CC cube by cube, as 2.3 does (expand_plain.go), not indexed (expand_index.go)
	reduceIndexFrom struct{ D, F int } // cubes of D, then of F, from which they are indexed (dIndexFrom, fIndexFrom)
	sortedFrom      int                // cubes from which an index holds them sorted (sortedIndexFrom)
	compactDCFrom   int                // cubes of D from which its points are asked of it compacted (compactDCFrom)
	denseFrom       int                // cubes of F from which REDUCE and IRREDUNDANT count in a dense table (denseFrom)
	denseExcessMax  uint16             // the most a dense table's second table counts (math.MaxUint16)
}

// defaultTuning returns the thresholds a Run starts with.
func defaultTuning() tuning {
	return tuning{
		parallelFrom:    parallelWorkFrom,
		feasibleFrom:    feasibleWorkFrom,
		aheadFrom:       aheadFrom,
		reduceIndexFrom: struct{ D, F int }{dIndexFrom, fIndexFrom},
		sortedFrom:      sortedIndexFrom,
		compactDCFrom:   compactDCFrom,
		denseFrom:       denseFrom,
		denseExcessMax:  math.MaxUint16,
	}
}

// Spreading questions over the workers (parallel.go).

// parallelWorkFrom is the least work, in cube pairs (questions times the
// cubes each question looks over), worth a second goroutine: below it the
// questions are asked in the calling goroutine. Waking a second thread
// costs some tens of microseconds; the suite's small PLAs do not need it.
const parallelWorkFrom = 1 << 16

// parallelChunk is how many questions a goroutine takes at a time.
const parallelChunk = 8

// EXPAND: BB and CC indexed (expand_index.go), and mincov (expand.go).

// feasibleWorkFrom is the least work (candidates times cubes of BB) for
// which a round of select_feasible's feasibility questions is spread
// over the workers: each round of questions starts goroutines, so the
// rounds must be long.
const feasibleWorkFrom = 1 << 20

// packFrom is the least number of feasibility questions in a round for
// which askAgainst packs the active cubes of BB: packing costs about as
// much as a few questions.
const packFrom = 8

// mincovLimit bounds the size of the unravelled blocking matrix for which
// the expansion is solved as a minimum cover problem.
const mincovLimit = 500

// EXPAND's first steps worked out ahead (expand_ahead.go).

// aheadFrom is the least number of cubes of BB for which Expand computes
// the first steps ahead (tests lower it): below it each step is too short
// to repay handing it between goroutines.
const aheadFrom = 1 << 14

// aheadWindow is how many cubes past the one expand1 works on the workers
// may have computed or be computing.
const aheadWindow = 64

// REDUCE and the indexes of D and F (reduce.go).

// dIndexFrom is the number of cubes of D from which REDUCE, IRREDUNDANT
// and ESSENTIAL find the cubes of D meeting (or near) each cube through a
// coverindex.Transposed of D, 64 cubes at a time, rather than testing them one
// by one (on chess2pla --canonical KQk, whose D has 478 151 cubes).
const dIndexFrom = 1 << 12

// sortedIndexFrom is the usual number of cubes from which REDUCE,
// IRREDUNDANT and ESSENTIAL hold a cover's index sorted (indexOf). Below
// it the index has few groups to rule out, and sorting it costs about
// what the sorted order saves (on the suite's 18 slowest PLAs, whose F
// and E are indexed from fIndexFrom cubes, sorting every index cost 1 %
// more CPU).
const sortedIndexFrom = 1 << 12

// reduceRunWork scales down REDUCE's work, in cube pairs, before it is
// compared with the least work worth a second goroutine: the runs of
// cubes it reduces at once are short (two to four cubes on the chess
// tables), and the workers are woken for each, which pays only where a
// reduction takes some hundreds of microseconds, not the few of the
// suite's PLAs (ex1010's reductions take some 6 us each).
const reduceRunWork = 64

// reduceBatch bounds, per worker, the runs of cubes REDUCE reduces at once
// when it spreads its reductions over the run's workers.
const reduceBatch = 8

// REDUCE's choice between sccc and the holes (reduce_holes.go).

// scccCalls is the usual bound of a reducer's calls of 2.3's recursion.
// Where it explodes it does so early; where it does not, it is the faster
// of the two on the suite's PLAs.
const scccCalls = 1000

// IRREDUNDANT (irredundant.go).

// fIndexFrom is the length of F (then E) from which irredundant's split
// finds the cubes meeting each cube from an index of it.
const fIndexFrom = 256

// heldListFrom and heldRpFrom are the numbers of cubes in D, E and Rp and
// in Rp from which irredDeriveTable, if it does not index the list, holds
// it part by part (coverindex.Transposed) to find the cubes meeting each cube
// of Rp, and the parts where some lacks one of the cube's, 64 cubes at a
// time: misj's -Dexact goes over 139 036 cubes for each of 71 180 primes,
// 116 068 of which meet it, and keeps some 193 at its first unate
// reduction.
const (
	heldListFrom = 1 << 10
	heldRpFrom   = 1 << 6
)

// unionFrom is the number of cubes in Rp from which irredDeriveTable
// asks the union of the cubes not redundant, as decision diagrams,
// whether a cube is covered.
const unionFrom = 1 << 12

// unionNodes is the most nodes the decision diagrams of the union of the
// cubes not redundant may take (12 bytes each).
const unionNodes = 1 << 22

// wholeCheckFrom is the first number of cubes of Rp after which
// irredDeriveTable checks whether the cubes not redundant cover the whole
// function, checking again each time the number doubles.
const wholeCheckFrom = 1 << 10

// meetIndexFrom is the number of cubes in D, E and Rp from which
// irredDeriveTable finds those meeting each cube of Rp through an index,
// when Rp has at least meetIndexRpFrom cubes. Building the index costs
// some hundreds of passes over the list: for fewer cubes of Rp, each
// goes over the list instead (chess2pla --canonical KQk, whose D has
// 478 151 cubes and whose IRREDUNDANT steps have few cubes in Rp, paid
// for the index at each step: 7 s of a 27 s run).
const (
	meetIndexFrom   = 1 << 18
	meetIndexRpFrom = 1 << 9
)

// IRREDUNDANT's shortcuts (irred_shortcut.go).

// shortcutFrom is the number of rows of one cube, and shortcutFrom *
// nodesPerRow the number of subproblems, after which its table building
// takes the shortcuts; below them, nothing is hashed. A subproblem that
// adds no rows (all its leaves have a row of 1's among the cubes not
// redundant) can be skipped when met again even before a reduction is
// certain: on ex4 under -epos, one cube's ftautology has 8 388 607 nodes
// and no row.
const (
	shortcutFrom = 128
	nodesPerRow  = 16
)

// The DC-set compacted (compact_dc.go).

// compactDCFrom is the number of cubes of D from which the questions about
// its points are asked of it compacted.
const compactDCFrom = 1 << 12

// Dense tables of points (dense.go).

// denseFrom is the number of cubes of F from which REDUCE and
// IRREDUNDANT count in a dense table, where one fits (denseSpaceOf) and
// pays (denseVolumeRatio): below it the recursion is fast, and the
// suite's PLAs keep it.
const denseFrom = 1 << 12

// denseMaxPoints bounds the points of a dense table (one byte each, as
// many again for the table of D kept between calls, and two more for the
// counts past wideCount where some are).
const denseMaxPoints = 1 << 28

// denseVolumeRatio bounds the points of F's cubes, and of D's, counted
// with repetition, against the points of the space: beyond it visiting
// them costs more than the table saves.
const denseVolumeRatio = 16

// The ESPRESSO loop (espresso.go).

// unwrapLimit is the largest output cost for which the ON-set is unwrapped.
const unwrapLimit = 5000

// Primes (primes.go).

// How AllPrimes chooses. primes_consensus is quick on most functions, but
// on some its merges meet far more consensus terms than there are primes
// (mainpla, with 87 692 primes); the implicit way (package implicit)
// costs what its decision diagrams cost, which is less there and more on
// others (ts10's diagrams pass 4·2^20 nodes where consensus takes under
// 2 s). So AllPrimes runs primes_consensus
// for consensusWork units of work (consensus terms, and the cubes of the
// lists it splits, the covers it merges and those it removes containment
// from), then tries the implicit way with at most implicitNodes nodes,
// and failing that runs primes_consensus to the end. Either way gives the
// same primes in the same order.
//
// listedPrimes is the most primes AllPrimes lists: 2^27, some 4 GB of
// cubes of two words. ti has 836 287 primes and jbp 2 496 809; x7dn,
// with the fewest of those beyond, has 566 698 631.
const (
	consensusWork = 1 << 18
	implicitNodes = 4 << 20
	listedPrimes  = 1 << 27
)

// How the merge finds the maximal cubes. 2.3 collects consensus terms in
// batches of 500 and removes the contained ones from each batch and from
// the primes kept so far. What it returns does not depend on how the terms
// are grouped: containment removal keeps the maximal sets of what it has
// seen, in [cover.Descend] order, a strict total order on distinct sets
// (equal terms come out of Consensus alike), so the result is the maximal
// sets of all the cubes, in that order. Most consensus terms lie inside
// others: on pdc's last merge, 2.4 million terms leave 13 319 primes. The
// terms of one cube of Tl are mostly inside one another, so primesMerge
// first keeps the maximal terms of each such cube (largest first, each
// tested against those kept) and only then removes containment from all,
// each time the cubes collected have doubled.
//
// localMaxima bounds the maximal terms kept for one cube of Tl: past it,
// testing each term against them would cost more than the final removal.
const localMaxima = 256

// containEvery is the least number of cubes primesMerge adds between two
// removals of the contained ones; it also waits for as many as it kept.
const containEvery = 1 << 16

// Exact minimization (exact.go).

// The covering table of every prime is built when there are at most
// tablePrimes of them, and they are listed within the bounds of AllPrimes
// (the work of primes_consensus, then the nodes of the implicit way). If
// not, the rows of the table are the essential signature cubes and its
// columns the primes that hold them, as [Run.Signature] builds it: a set
// of primes covers the function exactly when it covers those cubes
// (McGeer et al., ESPRESSO-SIGNATURE), so the minimum covers are the
// same. ti, with 836 287 primes, still builds the table of all of them
// (in some minutes); jbp, with 2 496 809 primes, gets the signature
// cubes' table.
const tablePrimes = 1 << 21

// Signature cubes (signature.go).

// containFrom is the least count of primes at which generatePrimes
// applies sf_contain before the end.
const containFrom = 1024

// MAKE_SPARSE (sparse.go).

// mvReduceParallelTo bounds the cubes of F and D for which mv_reduce works
// on several parts at once: each part has copies of F and D cut to it and
// their indexes, so two at once double that, and on large covers the
// parts at once save no time (KQk-canonical, D of 478 151 cubes: the same
// time, and 40 MB more at the peak).
const mvReduceParallelTo = 1 << 17
