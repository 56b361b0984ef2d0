package builder

// The sizes that choose between the merge's plain path and its fast one.

// summaryMinWords is the fewest words of a slice's bit set a cube spans for the merge to
// test it on a summary of the words (summary.fits) rather than word by word: building a
// summary costs a pass over the set, which only a cube spanning many words repays.
const summaryMinWords = 64
