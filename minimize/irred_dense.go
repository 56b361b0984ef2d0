package minimize

import (
	"slices"

	"github.com/espresso-go/espresso/cover"
)

// denseSplit asks irred_split_cover's questions about F, the cover a
// dense table counts, of the table: a cube is covered by the other cubes
// of F and D when none of its points is counted once; then, with the
// redundant cubes taken out of the counts, by E and D when none is
// counted zero (D's points are marked, never zero).
type denseSplit struct {
	t       *denseTable
	F       *cover.Cover
	workers int
}

func (s *denseSplit) goroutines() int { return s.workers }

func (s *denseSplit) coveredByRest(w, i int) bool { return !s.t.holds(s.F.At(i), 1) }

func (s *denseSplit) startE(E *cover.Cover, redundant []int) {
	t := s.t
	for _, i := range redundant {
		if d, ok := t.space.decode(t.cube, s.F.At(i)); ok {
			t.remove(d)
		}
	}
}

func (s *denseSplit) coveredByE(w int, p cover.Set) bool { return !s.t.holds(p, 0) }

// addCube counts p's points once more; p's points must have been counted
// before (no count can overflow).
func (t *denseTable) addCube(p cover.Set) {
	if d, ok := t.space.decode(t.cube, p); ok {
		t.add(d)
	}
}

// keptCounts is a dense table left counting a cover, kept for the next
// step that asks about the same cover against the same DC-set: IRREDUNDANT
// leaves the cubes it keeps counted, and REDUCE, next in the loop, need
// not count them again.
type keptCounts struct {
	t     *denseTable
	cubes []cover.Set // a copy of the cubes counted, in sortedSets' order
}

// keepCounts keeps t, counting the cubes of F flagged Active, for the next
// dense table asked for.
func (r *Run) keepCounts(t *denseTable, F *cover.Cover) {
	var cubes []cover.Set
	for i := 0; i < F.Count; i++ {
		if p := F.At(i); p.Test(cover.Active) {
			cubes = append(cubes, p.Clone())
		}
	}
	r.dense.kept = &keptCounts{t: t, cubes: sortedSets(cubes)}
}

// keptFor returns the kept table, and forgets it, if it counts F's cubes
// and marks D's points; nil otherwise (it is forgotten all the same: the
// next table is made in its storage).
func (r *Run) keptFor(F, D *cover.Cover) *denseTable {
	k := r.dense.kept
	r.dense.kept = nil
	if k == nil || r.dense.dc == nil || r.dense.dc.cube != r.cube || !sameCubes(r.dense.dc.of, D) || len(k.cubes) != F.Count {
		return nil
	}
	cubes := make([]cover.Set, F.Count)
	for i := range cubes {
		cubes[i] = F.At(i)
	}
	for i, p := range sortedSets(cubes) {
		if !equalParts(p, k.cubes[i]) {
			return nil
		}
	}
	return k.t
}

// sortedSets sorts sets by their parts (the header word left out) and
// returns them.
func sortedSets(sets []cover.Set) []cover.Set {
	slices.SortFunc(sets, func(a, b cover.Set) int { return slices.Compare(a[1:], b[1:]) })
	return sets
}

// equalParts reports whether a and b hold the same parts.
func equalParts(a, b cover.Set) bool { return slices.Equal(a[1:], b[1:]) }
