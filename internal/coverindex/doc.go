// Package coverindex holds a cover part by part, so that the questions
// ESPRESSO's steps ask of a large cover again and again — which cubes are
// at distance 0 or 1 from this cube, which meet it, which contain it, how
// many hold each of its parts — are answered 64 cubes at a time.
//
// The model: a [Transposed] is a snapshot of the cubes of a cover (of a
// [cover.Cube]) taken as a bit matrix and transposed. The cubes are
// numbered by position and gathered in groups of 64; for each group there
// is one word per part, whose bit i says whether cube 64·group+i holds the
// part. A query about a cube s goes over the variables of s with a few
// word operations each, and sets or clears bits of masks of the cubes
// (one uint64 per group, as [Transposed.All] makes them): the active
// cubes a query is restricted to, the cubes found. [TransposeSorted]
// first sorts the cubes by their parts, so that the cubes of a group are
// alike and most groups are found far from a query after a few variables;
// on a large cover so sorted, Near and AppendMeeting walk a prefix tree of
// the runs of cubes that agree on their first variables (prefix.go).
//
// The plain algorithms these queries stand for are cover's: Dist01,
// Dist0, Implies and ForceLower applied to each cube in turn, which is how
// the tests check them. A Transposed satisfies [cover.MeetingIndex], the
// one question cover's covering checks ask of an index.
package coverindex
