// Package mincov is ESPRESSO 2.3's sparse 0/1 matrix package and its
// minimum (weighted) set covering solver.
//
// A [Matrix] keeps its rows and columns in lists ordered by number and the
// elements of each row and column in doubly linked lists ordered by
// column and row number, as 2.3's sm_matrix does; every algorithm here
// visits them in the order 2.3 does, so ties fall the same way and the
// chosen cover is 2.3's.
//
// [MinimumCover] (sm_minimum_cover) is a branch and bound: at each node it
// applies column dominance, essential columns and row dominance, Gimpel's
// reduction, a lower bound from a maximal independent set of rows, and
// splits the matrix into independent blocks when it can; then it branches
// on the column of best value, first taking it and then rejecting it.
package mincov
