package minimize

import (
	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
)

// indexedSplit asks irred_split_cover's questions with the tautology
// check (cube_is_covered), one checker per goroutine the questions are
// spread over, finding the cubes of D that meet each cube through an
// index of D when D has dFrom cubes or more, and those of F, then E,
// through their indexes from fFrom cubes. Without indexes it is 2.3's
// plain way, a cube list of F (then E) and D.
type indexedSplit struct {
	cube       *cover.Cube
	checkers   []*cover.TautologyChecker
	F, D, E    *cover.Cover
	fFrom      int
	sortedFrom int
	// The indexes of D, F and E, each goroutine with its own view, or
	// nil views where a cover is too short to index.
	idxD, idxF, idxE []*coverindex.Transposed
}

// newIndexedSplit returns the questions of irred_split_cover about F
// against D, asked with the given checkers and indexes from the given
// sizes (sorted from sortedFrom cubes, see indexOf).
func newIndexedSplit(cube *cover.Cube, checkers []*cover.TautologyChecker, F, D *cover.Cover, dFrom, fFrom, sortedFrom int) *indexedSplit {
	s := &indexedSplit{cube: cube, checkers: checkers, F: F, D: D, fFrom: fFrom, sortedFrom: sortedFrom}
	s.idxD = s.indexes(D, dFrom)
	s.idxF = s.indexes(F, fFrom)
	return s
}

// indexes returns the views of an index of f, one per goroutine, when f
// has from cubes or more; nil views otherwise. The large indexes hold
// the cubes sorted, so that most groups of 64 are found apart from the
// cube after a few variables; the answer does not depend on the order of
// the cubes.
func (s *indexedSplit) indexes(f *cover.Cover, from int) []*coverindex.Transposed {
	idx := make([]*coverindex.Transposed, len(s.checkers))
	if f.Count >= from {
		idx[0] = indexOf(s.cube, f, s.sortedFrom)
		for w := 1; w < len(idx); w++ {
			idx[w] = idx[0].Shared()
		}
	}
	return idx
}

func (s *indexedSplit) goroutines() int { return len(s.checkers) }

func (s *indexedSplit) coveredByRest(w, i int) bool {
	return s.coveredBy(w, s.F.At(i), s.F, s.idxF)
}

func (s *indexedSplit) startE(E *cover.Cover, redundant []int) {
	s.E, s.idxE = E, s.indexes(E, s.fFrom)
}

func (s *indexedSplit) coveredByE(w int, p cover.Set) bool {
	return s.coveredBy(w, p, s.E, s.idxE)
}

// coveredBy reports, in goroutine w, whether p is covered by the cubes of
// T (held in idxT) and D.
func (s *indexedSplit) coveredBy(w int, p cover.Set, T *cover.Cover, idxT []*coverindex.Transposed) bool {
	return s.checkers[w].CubeIsCoveredBy(p, indexedCover(T, idxT[w]), indexedCover(s.D, s.idxD[w]))
}

// indexedCover is f with its index idx, if idx is not nil (a nil
// *Transposed must not become a non-nil MeetingIndex).
func indexedCover(f *cover.Cover, idx *coverindex.Transposed) cover.IndexedCover {
	if idx == nil {
		return cover.IndexedCover{Cover: f}
	}
	return cover.IndexedCover{Cover: f, Index: idx}
}

// meetingList gives deriveTable the cubes of the list meeting each cube,
// found through an index of the list; meet and near are its scratch.
type meetingList struct {
	list  cover.CubeList
	index *cover.MeetIndex
	meet  []int32
	near  []cover.Set
}

// around returns the cubes of the list meeting p, those not redundant (the
// first before of the list) first.
func (m *meetingList) around(p cover.Set, before int) (cover.CubeList, int) {
	m.meet = m.index.Meeting(m.meet[:0], p)
	m.near = m.near[:0]
	for _, j := range m.meet {
		if int(j) < before {
			m.near = append(m.near, m.list.Cubes[j])
		}
	}
	notRedundant := len(m.near)
	for _, j := range m.meet {
		if int(j) >= before {
			m.near = append(m.near, m.list.Cubes[j])
		}
	}
	return cover.CubeList{Cof: m.list.Cof, Cubes: m.near}, notRedundant
}

func (m *meetingList) rootList(f *ftaut, T cover.CubeList, p cover.Set, at int, firstReduction bool) *ftautList {
	return f.rootList(T, p, firstReduction)
}
