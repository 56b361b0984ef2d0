package minimize

import (
	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
)

// indexOf returns T held part by part, sorted from sortedFrom cubes.
func indexOf(cube *cover.Cube, T *cover.Cover, sortedFrom int) *coverindex.Transposed {
	if T.Count >= sortedFrom {
		return coverindex.TransposeSorted(cube, T)
	}
	return coverindex.Transpose(cube, T)
}

// shareIndex makes s use the indexes that t uses, through views of its
// own (another goroutine may use t's meanwhile).
func (s *scccer) shareIndex(t *scccer) {
	s.index, s.indexFrom, s.fIndex = nil, t.indexFrom, nil
	if t.index != nil {
		s.index = t.index.Shared()
	}
	if t.fIndex != nil {
		s.fIndex = t.fIndex.Shared()
	}
}

// useIndex makes s find the cubes of D meeting each cube it reduces
// through an index of D, if D is large, for the lists of F and D (in that
// order) that it is given; and then those of F through an index of F as
// it stands, if F is large too.
//
// The indexes hold the cubes sorted (indexOf), so
// that the cubes of a group are alike and most groups are found apart
// from a cube after a few variables; the cubes meeting a cube then come
// in that order, which changes nothing of the reduction (a property of
// the cubes, whatever their order) but the order of the lists -v reduce1
// prints, which is 2.3's when traced.
func (s *scccer) useIndex(F, D *cover.Cover) {
	s.index, s.fIndex = nil, nil
	transpose := func(T *cover.Cover) *coverindex.Transposed { return indexOf(s.cube, T, s.sortedMin) }
	if s.trace != nil {
		transpose = func(T *cover.Cover) *coverindex.Transposed { return coverindex.Transpose(s.cube, T) }
	}
	if D.Count >= s.indexMin {
		s.index, s.indexFrom = transpose(D), F.Count
		if F.Count >= s.fIndexMin {
			s.fIndex = transpose(F)
		}
	}
}

// meeting returns the cubes of FD, the list of F and D an indexed scccer
// was given, that meet p other than p itself, found once for both
// recursions, with the empty cofactor cube: those of F as it stood
// (s.fIndex) that meet p as it stands, or those of F meeting p, then
// those of D held in s.index.
func (h *reducer) meeting(FD cover.CubeList, p cover.Set) cover.CubeList {
	s := h.sccc
	top := h.top[:0]
	if s.fIndex != nil {
		// Those meeting p as F stood, then as it stands.
		top = s.fIndex.AppendMeeting(top, FD.Cubes[:s.indexFrom], p)
		n := 0
		for _, q := range top {
			if h.cube.Dist0(q, p) {
				top[n] = q
				n++
			}
		}
		top = top[:n]
	} else {
		for _, q := range FD.Cubes[:s.indexFrom] {
			if &q[0] != &p[0] && h.cube.Dist0(q, p) {
				top = append(top, q)
			}
		}
	}
	top = s.index.AppendMeeting(top, FD.Cubes[s.indexFrom:], p)
	h.top = top
	return cover.CubeList{Cof: h.none, Cubes: top}
}
