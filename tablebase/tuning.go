package tablebase

// The sizes that choose between the probe's plain path and its fast one.

// trieAfter is the number of probes a table answers by scanning its covers before the
// top of its lookup trie is built: that costs as much as some hundreds of scans, so that
// a single probe (a `tablebase probe` run, a web request) pays the scan alone, and a
// table probed more than a few dozen times gets its trie.
const trieAfter = 64

// regionDepth is the depth to which a table's trie is built at once: the nodes below it
// are regions, each scanned until it has had regionAfter probes and then given a trie of
// its own, so that the first probes of a table (an engine's first use, a pass over random
// positions) pay for the top of its trie and the regions they use often, not the whole.
// A third level copies as many cubes as the whole trie does on the larger tables.
const regionDepth = 2

// regionAfter is the number of probes a region answers by scanning its cubes before its
// trie is built: a region's trie costs as much as some hundreds of scans of it, so that
// the regions a first pass over random positions meets a few dozen times each are left
// to scan (docs/CHESS.md, the probe's first use).
const regionAfter = 256

// regionScanCubes is the size of a region scanned for good: its trie would answer no
// sooner than a scan of its cubes, which lie together in memory where the trie's nodes
// and cubes are spread out.
const regionScanCubes = 128
