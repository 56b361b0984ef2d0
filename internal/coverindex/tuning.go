package coverindex

// This file holds the index's size thresholds, one constant each with what
// it switches; docs/MEASUREMENTS.md (KPkp) has the runs behind prefixLeaf.
// TestTransposeSorted, TestBindingOrder and TestNearPrefix compare the
// answers on both sides of them with the plain scans.

// bindingOrderFrom is the least number of cubes for which TransposeSorted
// orders the variables by [bindingOrder]: on fewer, a query is short
// anyway.
const bindingOrderFrom = 1 << 12

// prefixFrom is the least number of cubes whose sorted cover Near searches
// through a prefix tree.
const prefixFrom = bindingOrderFrom

// prefixLeaf is the largest run that is scanned instead of split: a small
// run leaves a group of 64 to be scanned once for each run it holds part
// of, and past about 1024 the queries are no faster (docs/MEASUREMENTS.md,
// KPkp).
const prefixLeaf = 1024
