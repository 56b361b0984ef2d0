package tablebase

// The sizes that choose between the probe's plain path and its fast one.

// trieAfter is the number of probes a table answers by scanning its covers before its
// lookup trie is built: building the trie costs as much as some thousands of scans, so
// that a single probe (a `tablebase probe` run, a web request) pays the scan alone, and
// a table probed more than a few dozen times gets its trie.
const trieAfter = 64
