package cover

// This file holds cover's size thresholds: where an operation leaves
// 2.3's plain way for a fast path that gives the same answer, and the
// shapes of the indexes behind the fast paths. Each is one constant with
// what it switches and why it stands where it does. The tests named beside
// each compare the fast path with the plain one; BenchmarkComplementSuite
// and cmd/bench measure where it pays.

// massiveCount (cofactor.go; TestCountZerosVertical, TestMassiveCount).

// verticalMin is the length of list from which massiveCount counts the
// zeros with vertical counters.
const verticalMin = 32

// Complement (complement.go; TestComplementWorkers, TestComplementLarger).

// complementForkFrom is the least number of cubes of a list whose split
// complements its right half in another goroutine.
const complementForkFrom = 256

// complementForkDepth is the first level of complement's splits that may
// fork: the top split's halves are complemented one after the other. A
// forked split keeps both halves' lists and both results live at once; at
// the top, where the lists are largest, that is the peak of a large
// complement (a truth table's OFF-set), while forking from the next level
// down still keeps two goroutines busy for as long (docs/PERFORMANCE.md,
// "Memory").
const complementForkDepth = 1

// complementRoom is the most cubes a complement's result is given room for
// at the start (twice the list's cubes below it): a complement is often
// far smaller than its list (a 2^19-minterm truth table's OFF-set has
// 11 782 cubes), and the result doubles when it needs more.
const complementRoom = 1 << 14

// ownListFrom is the least number of cubes of a list from which a cube
// list is not taken from a listArena: the halves of a split in the
// recursions of complement and tautology get storage of their own size
// (scofactorAtMost), and CubeIsCovered's cofactor grows in storage of its
// own. The arena reserves room for every cube the list may keep, in a
// chunk twice that; for the first levels of a large list, or a cofactor
// of a long list that keeps few cubes, that is tens of megabytes of room
// (a 2^19-row truth table), while making such lists is cheap beside the
// pass that fills them.
const ownListFrom = 1 << 15

// complLiftIndexed is the number of pairs (cubes of a times cubes of b)
// past which complLift builds a containIndex of b. Below it the scan, which
// stops at the first cube containing the lifted one, is faster, far past
// the pairs where the index seems to pay: with the index from 4096 pairs
// the suite's complements took some 30 % more time
// (BenchmarkComplementSuite).
const complLiftIndexed = 1 << 20

// The containment trees (containindex.go, subsetindex.go; TestContainIndex,
// TestDistance1Pairs, TestSubsetIndex, TestContainLarge).

// distance1Indexed is the number of pairs past which Distance1Pairs
// indexes b.
const distance1Indexed = 1 << 16

// subsetIndexWork is the work, in set pairs times words a set, past which
// Maximal, Minimal and ContainedUnion build a subset index instead of
// comparing each pair as contain.c does (useSubsetIndex).
const subsetIndexWork = 1 << 22

// ciLeaf is the most cubes a leaf holds unless no variable splits them.
const ciLeaf = 8

// siLeaf is the most sets a leaf holds unless no element splits them.
const siLeaf = 16

// siSample is how many sets splitElem looks at.
const siSample = 256
