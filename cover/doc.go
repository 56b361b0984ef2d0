// Package cover implements ESPRESSO's data model: cubes in positional cube
// notation, held as bit sets, and covers (set families) of such cubes, with
// the cover algebra the minimizer is built from.
//
// # The model
//
// A function has NumVars variables. The first NumBinaryVars are binary and
// take two parts each (part 2v is "the variable may be 0", part 2v+1 "may be
// 1"); the remaining variables are multiple-valued with PartSize[v] parts. By
// convention the outputs of a PLA are the last multiple-valued variable, one
// part per output. A cube is the set of parts it allows: a literal per
// variable, the cube being their product. The layout of one cube — where each
// variable starts and ends, the masks derived from it — is a [Cube] value,
// ESPRESSO's "cube structure". It is computed once per PLA and passed
// explicitly; nothing here is global.
//
// A [Set] is a header word followed by the packed bits of the cube: element e
// lives in word 1+e/64 at bit e%64. The header holds the flags ESPRESSO keeps
// in a set's first word (PRIME, ACTIVE, ...) and a 32-bit SIZE field the
// algorithms use as scratch (a count, or an index into another cover). Copying
// a set copies its header, as set_copy does in the C code.
//
// A [Cover] is ESPRESSO's set_family: Count sets of equal width stored one
// after another in one flat []uint64, so iterating over a cover touches
// memory in order and allocates nothing.
//
// # Faithfulness to ESPRESSO 2.3
//
// ESPRESSO 2.3 stores sets in 32-bit words. Where its results depend on that
// — comparisons that read a set as a sequence of words, loops that visit the
// elements of a set word by word from the last word down — this package
// offers helpers that reproduce the 32-bit order on 64-bit storage
// ([compareWords32], [Set.elements32]). Sorting uses [Sort], a port of the
// merge sort behind glibc's qsort, so that ties fall as they do in 2.3.
//
// # Indexes
//
// The algebra answers its questions as 2.3 does, by going over the cubes;
// where a cover is large, a few of them go through an index that gives the
// same answer: trees of the cubes for containment (the single cube
// containment behind [Cover.Maximal], the lift of [Cube.Complement],
// [SupersetIndex]) and for the cubes meeting a cube or at distance 1
// ([MeetIndex], [Cube.Distance1Pairs]). The cover held part by part, 64
// cubes to a word, that the minimizer's steps query again and again lives
// in package internal/coverindex; a covering question takes such an index
// through [IndexedCover] (a [MeetingIndex]: the cubes of a cover meeting a
// cube), one call per cover and question.
package cover
