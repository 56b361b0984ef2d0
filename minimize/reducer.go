package minimize

import (
	"math/bits"

	"github.com/espresso-go/espresso/cover"
)

// reducer computes maximal reductions (reduce_cube). The reduction of p
// is p ∩ sccc(cofactor of FD by p), and 2.3's sccc recursion finds it. On
// some covers that recursion explodes (REDUCE on x2dn's OFF-set under
// -epos), and the reducer then finds the same cube from the points of p
// that the other cubes leave uncovered ("holes"): the reduction is the
// smallest cube holding them. The cofactor is full in each binary
// variable where p is a literal and holds every output outside p, so its
// complement, cut down to p, loses nothing of what the intersection keeps.
// That cube is a property of the function alone, so either way gives 2.3's
// bytes.
//
// A hole found (a point, or a cube of them) gives parts of every variable
// at once. The searches prefer parts not found yet while they bring some;
// a part still missing is then looked for alone, in p with that part
// alone in its variable. A search that runs long hands its question to
// the tautology check, whose unate reductions prove the absence of holes
// far faster, and which finds a cube of holes where there are some
// ([cover.TautologyChecker.Hole]).
type reducer struct {
	cube  *cover.Cube
	sccc  *scccer
	taut  *cover.TautologyChecker
	lists [][]cover.Set // a list of cubes per depth of the search
	boxes []cover.Set   // a box per depth
	count []int         // per part, the cubes of the list without it
	point cover.Set     // the last hole found: a minterm, or a cube of them
	box0  cover.Set     // the box of a search from reduceCube
	want  cover.Set     // parts a guess takes when it can: those not found yet
	none  cover.Set     // the empty cofactor cube of a list for the tautology check
	nodes int           // the nodes the current search may still visit

	// scccCalls bounds the calls of 2.3's recursion for one cube before
	// holes are looked for, and searchNodes the nodes of one search.
	scccCalls, searchNodes int

	// helpers, when not empty, are reducers of other goroutines that
	// look for holes holding the last parts of a cube with this one
	// (askParts); found and holes receive their answers.
	helpers []*reducer
	// partsFrom is partsParallelFrom (tests lower it).
	partsFrom int
	team      []*reducer
	parts     []int
	found     []bool
	holes     []cover.Set
}

// partsParallelFrom is the least number of cubes meeting a cube for which
// the parts of its reduction not found by then are asked about by the
// helpers too.
const partsParallelFrom = 256

// The usual bounds of a reducer.
const (
	scccCalls   = 1000
	searchNodes = 32
)

// newReducer returns a reducer taking its cube lists from the run's arena
// and using its tautology checker.
func (r *Run) newReducer() *reducer { return r.newReducerWith(r.checker(), r.listArena()) }

// newReducerWith returns a reducer taking its cube lists from arena and
// using the tautology checker taut.
func (r *Run) newReducerWith(taut *cover.TautologyChecker, arena *cover.CubeListArena) *reducer {
	cube := r.cube
	return &reducer{
		cube: cube, sccc: r.newScccerWith(arena), taut: taut,
		count: make([]int, cube.Size), point: cube.NewSet(), box0: cube.NewSet(), want: cube.NewSet(), none: cube.NewSet(),
		scccCalls: scccCalls, searchNodes: searchNodes, partsFrom: partsParallelFrom,
	}
}

// reduceCube returns the maximal reduction of p with respect to the cubes
// of FD other than p itself (reduce_cube).
func (h *reducer) reduceCube(FD cover.CubeList, p cover.Set) cover.Set {
	s := h.sccc
	// Traced, 2.3's recursion runs to the end, however long.
	s.limited, s.aborted, s.nodes = s.trace == nil, false, h.scccCalls
	res := s.reduceCube(FD, p)
	s.limited = false
	if !s.aborted {
		return res
	}

	cube := h.cube
	res.Clear()
	top := h.list(0)
	scan := FD.Cubes
	if s.index != nil {
		scan = FD.Cubes[:s.indexFrom]
	}
	for _, q := range scan {
		if &q[0] != &p[0] && cube.Dist0(q, p) {
			top = append(top, q)
		}
	}
	if s.index != nil {
		top = s.index.AppendMeeting(top, FD.Cubes[s.indexFrom:], p)
	}
	h.lists[0] = top
	h.want.Copy(p)
	if !h.search(1, top, h.box0.Copy(p)) {
		return res // p lies inside the others
	}
	res.Or(res, h.point)
	for h.want.Diff(p, res); !h.want.IsEmpty(); h.want.Diff(p, res) {
		h.nodes = h.searchNodes
		if !h.find(1, top, h.box0.Copy(p)) || h.point.Implies(res) {
			break
		}
		res.Or(res, h.point)
	}
	if len(h.helpers) > 0 && len(top) >= h.partsFrom {
		h.askParts(p, top, res)
		return res
	}
	for j := 0; j < cube.Size; j++ {
		if !p.Has(j) || res.Has(j) {
			continue
		}
		box := h.box0
		list := h.partQuestion(p, top, j, box)
		if h.search(2, list, box) {
			res.Or(res, h.point)
		}
	}
	return res
}

// partQuestion readies the question of reduceCube's last loop for part j
// of p: it stores in box p with j alone in its variable, and returns the
// cubes of top holding j, as the list of depth 1.
func (h *reducer) partQuestion(p cover.Set, top []cover.Set, j int, box cover.Set) []cover.Set {
	cube := h.cube
	v := cube.VarOfPart(j)
	box.Copy(p)
	for i := cube.FirstPart[v]; i <= cube.LastPart[v]; i++ {
		if i != j {
			box.Remove(i)
		}
	}
	list := h.list(1)
	for _, q := range top {
		if q.Has(j) {
			list = append(list, q)
		}
	}
	h.lists[1] = list
	return list
}

// askParts adds to res each part of p not in it that some hole of p
// holds (the loop at the end of reduceCube, whose answers they are),
// asking about the parts over h and its helpers, as many at a time. Each
// hole found brings its parts in every variable, so the parts are taken
// in order and those a hole has brought are not asked about. top is the
// cubes of the list meeting p.
func (h *reducer) askParts(p cover.Set, top []cover.Set, res cover.Set) {
	cube := h.cube
	team := append(append(h.team[:0], h), h.helpers...)
	h.team = team
	for len(h.holes) < len(team) {
		h.holes = append(h.holes, cube.NewSet())
	}
	for j := 0; ; {
		parts := h.parts[:0]
		for ; j < cube.Size && len(parts) < len(team); j++ {
			if p.Has(j) && !res.Has(j) {
				parts = append(parts, j)
			}
		}
		h.parts = parts
		if len(parts) == 0 {
			return
		}
		h.found = append(h.found[:0], make([]bool, len(parts))...)
		forEachParallel(len(parts), len(team), 1, func(w, k int) {
			x := team[w]
			box := x.box(1)
			list := x.partQuestion(p, top, parts[k], box)
			// The tautology check alone: a search would find the
			// hole in few of these questions (on chess2pla
			// --canonical KQkn, 6 % of 1.78 M; 81 % have one).
			h.found[k] = x.taut.Hole(cover.CubeList{Cof: x.none, Cubes: list}, box, h.holes[k])
		})
		for k, found := range h.found {
			if found {
				res.Or(res, h.holes[k])
			}
		}
	}
}

// list returns the empty list of depth d, keeping its storage.
func (h *reducer) list(d int) []cover.Set {
	for len(h.lists) <= d {
		h.lists = append(h.lists, nil)
	}
	return h.lists[d][:0]
}

// box returns the box of depth d.
func (h *reducer) box(d int) cover.Set {
	for len(h.boxes) <= d {
		h.boxes = append(h.boxes, h.cube.NewSet())
	}
	return h.boxes[d]
}

// search reports whether box has a point outside every cube of list, and
// if so stores a hole in h.point: a point found by a bounded search, or
// else a cube of them found by the tautology check.
func (h *reducer) search(d int, list []cover.Set, box cover.Set) bool {
	h.nodes = h.searchNodes
	if h.find(d, list, box) {
		return true
	}
	if h.nodes > 0 {
		return false // the search was complete
	}
	return h.taut.Hole(cover.CubeList{Cof: h.none, Cubes: list}, box, h.point)
}

// find reports whether some point of box lies in no cube of list, every
// one of which meets box, and stores one in h.point. d is the first depth
// whose list and box it may use.
func (h *reducer) find(d int, list []cover.Set, box cover.Set) bool {
	cube := h.cube
	if h.nodes <= 0 {
		return false
	}
	h.nodes--
	if len(list) == 0 {
		h.guess(box, nil)
		return true
	}
	for _, q := range list {
		if box.Implies(q) {
			return false
		}
	}
	// Guess: in each variable the part of box the most cubes lack.
	h.guess(box, list)
	covered := false
	for _, q := range list {
		if h.point.Implies(q) {
			covered = true
			break
		}
	}
	if !covered {
		return true
	}
	// Split the variable where the most cubes are not full in box: for a
	// binary one, the cubes without one of its parts, which the guess
	// counted (for others the sum is an estimate, enough to choose).
	best, bestCount := -1, -1
	for v := 0; v < cube.NumVars; v++ {
		parts, n := 0, 0
		for j := cube.FirstPart[v]; j <= cube.LastPart[v]; j++ {
			if box.Has(j) {
				parts++
				n += h.count[j]
			}
		}
		if parts >= 2 && n > bestCount {
			best, bestCount = v, n
		}
	}
	// Halves of box's parts in best, in order; the guessed part's half
	// first.
	parts, half, guessed := 0, 0, 0
	for j := cube.FirstPart[best]; j <= cube.LastPart[best]; j++ {
		if box.Has(j) {
			if h.point.Has(j) {
				guessed = parts
			}
			parts++
		}
	}
	half = parts / 2
	first := 0
	if guessed >= half {
		first = 1
	}
	mask := cube.VarMask[best]
	for _, k := range [2]int{first, 1 - first} {
		sub := h.box(d).Copy(box)
		i := 0
		for j := cube.FirstPart[best]; j <= cube.LastPart[best]; j++ {
			if box.Has(j) {
				if (i < half) != (k == 0) {
					sub.Remove(j)
				}
				i++
			}
		}
		next := h.list(d)
		for _, q := range list {
			for w := cube.FirstWord[best]; w <= cube.LastWord[best]; w++ {
				if q[w]&sub[w]&mask[w] != 0 {
					next = append(next, q)
					break
				}
			}
		}
		h.lists[d] = next
		if h.find(d+1, next, sub) {
			return true
		}
	}
	return false
}

// guess stores in h.point a point of box: in each variable, the part of
// box that the most cubes of list lack (the first of equals).
func (h *reducer) guess(box cover.Set, list []cover.Set) {
	cube := h.cube
	count := h.count
	clear(count)
	for _, q := range list {
		for w := 1; w < len(box); w++ {
			for x := box[w] &^ q[w]; x != 0; x &= x - 1 {
				count[(w-1)<<6+bits.TrailingZeros64(x)]++
			}
		}
	}
	pt := h.point.Clear()
	for v := 0; v < cube.NumVars; v++ {
		best := -1
		for j := cube.FirstPart[v]; j <= cube.LastPart[v]; j++ {
			if !box.Has(j) {
				continue
			}
			if best < 0 || h.want.Has(j) && !h.want.Has(best) ||
				h.want.Has(j) == h.want.Has(best) && count[j] > count[best] {
				best = j
			}
		}
		pt.Insert(best)
	}
}
