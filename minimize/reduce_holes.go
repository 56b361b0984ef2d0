package minimize

import "github.com/espresso-go/espresso/cover"

// reducer computes maximal reductions (reduce_cube). The reduction of p
// is p ∩ sccc(cofactor of FD by p), and 2.3's sccc recursion finds it. On
// some covers that recursion explodes (REDUCE on x2dn's OFF-set under
// -epos, and on the DC-sets of hundreds of thousands of cubes of the chess
// tables), and the reducer then gathers the same cube with the tautology
// check's recursion ([cover.TautologyChecker.HoleCube]): the smallest cube
// holding the points of p that the other cubes leave uncovered ("holes").
// The cofactor is full in each binary variable where p is a literal and
// holds every output outside p, so its complement, cut down to p, loses
// nothing of what the intersection keeps. That cube is a property of the
// function alone, so either way gives 2.3's bytes.
type reducer struct {
	cube *cover.Cube
	sccc *scccer
	taut *cover.TautologyChecker
	top  []cover.Set // the cubes meeting the cube reduced
	none cover.Set   // the empty cofactor cube of that list

	// scccCalls bounds the calls of 2.3's recursion for one cube before
	// the holes are gathered instead.
	scccCalls int
}

// newReducer returns a reducer taking its cube lists from the run's arena
// and using its tautology checker.
func (r *Run) newReducer() *reducer { return r.newReducerWith(r.checker(), r.listArena()) }

// newReducerWith returns a reducer taking its cube lists from arena and
// using the tautology checker taut.
func (r *Run) newReducerWith(taut *cover.TautologyChecker, arena *cover.CubeListArena) *reducer {
	cube := r.cube
	return &reducer{
		cube: cube, sccc: r.newScccerWith(arena), taut: taut,
		none: cube.NewSet(), scccCalls: scccCalls,
	}
}

// reduceCube returns the maximal reduction of p with respect to the cubes
// of FD other than p itself (reduce_cube), as a new set with a cleared
// header.
func (h *reducer) reduceCube(FD cover.CubeList, p cover.Set) cover.Set {
	s := h.sccc
	list := FD
	if s.index != nil {
		list = h.meeting(FD, p)
	}
	if s.index != nil && s.trace == nil {
		// A D of thousands of cubes: the cube lists are long, and the
		// holes gathered at once cost less than trying sccc first (on
		// chess2pla --canonical KQkn, REDUCE took a sixth less time).
		res := h.cube.NewSet()
		h.taut.HoleCube(list, p, res)
		return res
	}
	// Traced, 2.3's recursion runs to the end, however long.
	s.limited, s.aborted, s.nodes = s.trace == nil, false, h.scccCalls
	res := s.reduceCube(list, p)
	s.limited = false
	if s.aborted {
		h.taut.HoleCube(list, p, res)
	}
	return res
}
