// Package minimize is the ESPRESSO heuristic two-level minimizer, a port of
// ESPRESSO 2.3's espresso.c, expand.c, irred.c, reduce.c, essen.c, gasp.c
// and sparse.c that makes the same decisions in the same order, so that it
// finds the same covers.
//
// A function is given by three covers of one cube structure
// ([cover.Cube]): its ON-set F, its don't-care set D and its OFF-set R
// (which the caller computes, e.g. as the complement of F ∪ D). [Espresso]
// returns a minimized ON-set:
//
//	min, err := minimize.Espresso(cube, F, D, R, minimize.DefaultOptions())
//
// The steps of the algorithm (EXPAND, IRREDUNDANT, ESSENTIAL, REDUCE,
// LAST_GASP, SUPER_GASP, MAKE_SPARSE) are methods of a [Run], which holds
// what 2.3 keeps in globals between calls: the options, the statistics, the
// alternation of REDUCE's cube orders. Calls on one Run behave as the same
// calls made in one 2.3 process; separate Runs share nothing, so
// minimizations may run concurrently. Within a Run, the steps whose
// questions do not depend on each other's answers (IRREDUNDANT's split,
// EXPAND's feasibility tests, ESSENTIAL, LAST_GASP's reductions,
// MAKE_SPARSE's output parts) spread
// large batches of them over
// Options.Workers goroutines (DefaultOptions: GOMAXPROCS) and take the
// answers in 2.3's order, so the result does not depend on Workers.
//
// [Options] carries 2.3's -e switches (fast, strong, ness, nirr, nunwrap,
// onset, pos, eat, eatdots, random, kiss) and its trace (-t), summary (-s)
// and debug settings. Verification of the result (2.3's verify) is in
// package verify.
package minimize
