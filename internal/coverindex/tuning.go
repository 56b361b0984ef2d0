package coverindex

// This file holds the index's size thresholds, one constant each with what
// it switches and why it stands where it does.
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
// of, and past about 1024 the queries are no faster (on KPkp's OFF-set, 160
// us a query with runs of 32, 76 with 256, 48 with 1024, 50 with 4096).
const prefixLeaf = 1024
