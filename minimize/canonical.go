package minimize

import (
	"slices"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
)

// findCanonicalCover returns the essential signature cubes of the function
// whose ON-set is F1 (prime and irredundant, essentials removed), DC-set D
// and unwrapped OFF-set R (find_canonical_cover). The cubes of F1 are taken
// from the last; each is reduced against the rest and the cubes found so
// far, and its signature cube is tested for essentiality: an essential one
// joins the result (and the don't-care set of the later tests), an
// inessential one is replaced by the signature cubes that cover it.
func (r *Run) findCanonicalCover(F1, D, R *cover.Cover) (*cover.Cover, error) {
	cube := r.cube
	F := F1.Clone()
	E := D.Clone()
	ESC := cube.NewCover(F.Count)
	s := r.newReducer()
	taut := cube.NewTautologyChecker()
	taut.SetTrace(r.tautTrace.writer()) // etr_order's cube_is_covered, for -v taut
	// 2.3 lists E ∪ F for each cube (cube2list) and cofactors the list by
	// it; only the cubes that meet the cube are kept, so those alone are
	// listed, in that order, found through E and F held part by part.
	// F is a stack: a cube is taken from its end and the cubes that cover
	// an inessential signature cube are pushed on it.
	sets := &canonicalSets{F: F, E: E, byF: coverindex.Transpose(cube, F), byE: coverindex.Transpose(cube, E)}
	splits := splitCounts(cube, R)
	scratch := &etrScratch{sigmas: newSigmaFinder(cube, R)}
	extendedDC := cover.CubeList{Cof: cube.NewSet()}
	for F.Count > 0 {
		c := F.At(F.Count - 1)
		sets.pop()
		c.ResetFlag(cover.NonEssential)
		extendedDC.Cubes = sets.meetingFirstE(extendedDC.Cubes[:0], c)
		d := s.reduceCube(extendedDC, c)
		if d.IsEmpty() {
			continue
		}
		sig, err := scratch.sigmas.sigma(d)
		if err != nil {
			return nil, err
		}
		t := Clock()
		COVER, err := r.etrOrder(taut, sets, scratch, splits, sig, d)
		r.sTotals(t, ETRTime)
		if err != nil {
			return nil, err
		}
		if sig.Test(cover.NonEssential) {
			sets.push(COVER)
		} else {
			sets.addE(sig)
			ESC.Append(sig)
		}
	}
	return ESC, nil
}

// canonicalSets holds the cubes of F and E of findCanonicalCover, each
// also held part by part for the lists of the cubes meeting a cube.
type canonicalSets struct {
	F, E     *cover.Cover
	byF, byE *coverindex.Transposed
	meeting  []cover.Set // the list etrOrder gives its first aux
}

// pop lets the last cube of F go.
func (cs *canonicalSets) pop() {
	cs.F.Truncate(cs.F.Count - 1)
	cs.byF.Truncate(cs.F.Count)
}

// push appends the cubes of C to F.
func (cs *canonicalSets) push(C *cover.Cover) {
	for i := 0; i < C.Count; i++ {
		cs.byF.Append(cs.F.Append(C.At(i)))
	}
}

// addE appends the cube s to E.
func (cs *canonicalSets) addE(s cover.Set) {
	cs.byE.Append(cs.E.Append(s))
}

// meetingFirstE appends to dst the cubes of E and then those of F that
// meet c, other than c itself, each in its cover's order.
func (cs *canonicalSets) meetingFirstE(dst []cover.Set, c cover.Set) []cover.Set {
	dst = cs.byE.AppendMeetingOf(dst, cs.E, c)
	return cs.byF.AppendMeetingOf(dst, cs.F, c)
}

// meetingFirstF is meetingFirstE with the cubes of F first.
func (cs *canonicalSets) meetingFirstF(dst []cover.Set, c cover.Set) []cover.Set {
	dst = cs.byF.AppendMeetingOf(dst, cs.F, c)
	return cs.byE.AppendMeetingOf(dst, cs.E, c)
}

// sTotals adds the time since start to timer i without printing anything
// (s_totals, 2.3's S_EXECUTE).
func (r *Run) sTotals(start int64, i Timer) {
	r.Stats.Time[i] += Clock() - start
	r.Stats.Calls[i]++
}

// varCount is a variable with the number of OFF-set cubes free in it
// (2.3's VAR of the signature method).
type varCount struct {
	variable, freeCount int
}

// splitCount says of a binary variable which cubes of the OFF-set are free
// in it and whether it is unate in the OFF-set; etr_order counts these for
// each test, and they depend on the OFF-set alone.
type splitCount struct {
	free      int  // the cubes of R free in the variable
	freeInAll bool // every cube of R is free in it
	unate     bool // no cube of R has one literal of it and another the other
}

// splitCounts returns the splitCount of each binary variable for the
// OFF-set R. (2.3 skips the counts of a variable free in every cube.)
func splitCounts(cube *cover.Cube, R *cover.Cover) []splitCount {
	counts := make([]splitCount, cube.NumBinaryVars)
	for v := range counts {
		e0, e1 := 2*v, 2*v+1
		zeros, ones, free := 0, 0, 0
		for i := 0; i < R.Count; i++ {
			p := R.At(i)
			has0, has1 := p.Has(e0), p.Has(e1)
			switch {
			case has0 && has1:
				free++
			case has0:
				zeros++
			default:
				ones++
			}
		}
		counts[v] = splitCount{free: free, freeInAll: free == R.Count, unate: zeros == 0 || ones == 0}
	}
	return counts
}

// etrScratch is what the essentiality tests of one canonical cover keep
// from one test to the next: the lists of black_white and the finder of
// signature cubes, with their storage.
type etrScratch struct {
	bw     blackWhite
	sigmas *sigmaFinder
}

// etr is the state of one essentiality test and reduction of a signature
// cube (etr_order and aux_etr_order with the globals of essentiality.c and
// black_white.c).
type etr struct {
	cube  *cover.Cube
	run   *Run
	taut  *cover.TautologyChecker
	c     cover.Set // the signature cube under test
	order []int     // the variables to split on, in order
	head  int       // the next variable of order
	COVER *cover.Cover
	bw    *blackWhite
	sigma *sigmaFinder // its R is the OFF-set the test splits

	// 2.3 lists the cubes of F, E and COVER (cube3list). The cubes of F
	// and E that meet the cube first tested are given to the first call
	// of aux; dc lists the cubes of COVER. Each call of aux takes dc as it
	// stands on entry, the cubes added later being appended past its end.
	// (2.3's list points into COVER's storage, which sf_addset may move
	// while the list is still in use at the leaves; here the listed cubes
	// keep the values they had on entry, which is what the list meant.)
	dc    []cover.Set
	dcCof cover.Set
	// lists[k] holds, at depth k of aux, the cubes of its list that meet d.
	lists [][]cover.Set
}

// etrOrder tests whether the signature cube c of the cube d (d ⊆ c) is
// essential, and returns the signature cubes that cover d when it is not
// (etr_order). c is flagged NonEssential when it is inessential.
//
// The variables free in d but not in every cube of R are split on, binate
// ones before unate ones, each group in increasing order of the number of
// cubes of R free in them (splits, from splitCounts).
func (r *Run) etrOrder(taut *cover.TautologyChecker, sets *canonicalSets, scratch *etrScratch, splits []splitCount, c, d cover.Set) (*cover.Cover, error) {
	cube, R := r.cube, scratch.sigmas.R
	var unate, binate []varCount
	for v, sc := range splits {
		if !d.Has(2*v) || !d.Has(2*v+1) || sc.freeInAll {
			continue
		}
		if sc.unate {
			unate = append(unate, varCount{v, sc.free})
		} else {
			binate = append(binate, varCount{v, sc.free})
		}
	}
	ascending := func(a, b varCount) int {
		switch {
		case a.freeCount > b.freeCount:
			return 1
		case a.freeCount < b.freeCount:
			return -1
		}
		return 0
	}
	cover.Sort(unate, ascending)
	cover.Sort(binate, ascending)

	x := &etr{cube: cube, run: r, taut: taut, c: c, COVER: cube.NewCover(10), dcCof: cube.NewSet()}
	for _, b := range binate {
		x.order = append(x.order, b.variable)
	}
	for _, u := range unate {
		x.order = append(x.order, u.variable)
	}
	x.bw, x.sigma = &scratch.bw, scratch.sigmas
	x.bw.setup(cube, R, c)
	c.SetFlag(cover.NonEssential)
	sets.meeting = sets.meetingFirstF(sets.meeting[:0], d)
	if err := x.aux(d, sets.meeting, 0); err != nil {
		return nil, err
	}
	return x.COVER, nil
}

// aux is the recursion of the essentiality test (aux_etr_order): d, a cube
// inside the signature cube, is covered by F, E and the signature cubes
// found so far; or it has a part whose signature cube differs from c
// (found by black_white), which then joins COVER; or, once every variable
// is split, its minterms are tested one by one; otherwise d is split on
// the next variable, the 0 half first. It returns as soon as c is found
// essential (a minterm of d has signature c), leaving the state behind.
//
// The cover tests take only the cubes of the list that meet d, which is
// what cofactoring against d keeps: those of the caller's list (cand, the
// cubes that met the caller's larger d, or those of F and E for the first
// call) and those added since the caller took its list (dc[from:]).
func (x *etr) aux(d cover.Set, cand []cover.Set, from int) error {
	cube := x.cube
	depth := x.head
	if depth == len(x.lists) {
		x.lists = append(x.lists, nil)
	}
	n := len(x.dc)
	list := x.lists[depth][:0]
	for _, q := range cand {
		if cube.Dist0(q, d) {
			list = append(list, q)
		}
	}
	for _, q := range x.dc[from:n] {
		if cube.Dist0(q, d) {
			list = append(list, q)
		}
	}
	x.lists[depth] = list
	localDC := cover.CubeList{Cof: x.dcCof, Cubes: list[:len(list):len(list)]}
	if x.taut.CubeIsCovered(localDC, d) {
		return nil
	}
	if !x.bw.blackWhite() {
		s, err := x.sigma.sigma(d)
		if err != nil {
			return err
		}
		x.addCover(s)
		return nil
	}
	if x.head == len(x.order) {
		mins := getMins(cube, d)
		for i := 0; i < mins.Count; i++ {
			m := mins.At(i)
			if x.taut.CubeIsCovered(localDC, m) {
				continue
			}
			s, err := x.sigma.sigma(m)
			if err != nil {
				return err
			}
			if s.Equal(x.c) {
				x.c.ResetFlag(cover.NonEssential)
				break
			}
			x.addCover(s)
		}
		return nil
	}
	v := x.order[x.head]
	e0, e1 := 2*v, 2*v+1
	x.head++

	for _, half := range [2][2]int{{e1, e0}, {e0, e1}} {
		drop, keep := half[0], half[1]
		d.Remove(drop)
		x.bw.resetBlack()
		x.bw.split(x.sigma.R, keep)
		x.bw.pushBlack()
		t := Clock()
		err := x.aux(d, list, n)
		x.run.sTotals(t, ETRAuxTime)
		if err != nil {
			return err
		}
		if !x.c.Test(cover.NonEssential) {
			return nil
		}
		x.bw.popBlack()
		x.bw.merge()
		d.Insert(drop)
	}
	x.head--
	return nil
}

// addCover adds the signature cube s to COVER.
func (x *etr) addCover(s cover.Set) {
	x.dc = append(x.dc, x.COVER.Append(s))
}

// getMins returns, for each part of each multiple-valued variable in c,
// the binary part of c with that one part (get_mins). With no
// multiple-valued variable (a cube of the API's, never of a PLA, which has
// its outputs) it returns c itself: 2.3 would return nothing, and no
// cube at the leaves of the essentiality test would ever be tested.
func getMins(cube *cover.Cube, c cover.Set) *cover.Cover {
	M := cube.NewCover(1)
	if cube.NumMVVars == 0 {
		M.Append(c)
		return M
	}
	m := cube.NewSet().Copy(c)
	m.And(m, cube.BinaryMask)
	for v := cube.NumBinaryVars; v < cube.NumVars; v++ {
		for j := cube.FirstPart[v]; j <= cube.LastPart[v]; j++ {
			if c.Has(j) {
				m.Insert(j)
				M.Append(m)
				m.Remove(j)
			}
		}
	}
	return M
}

// blackWhite holds the OFF-set cubes split into a white list and a black
// list (doubly linked through forward and backward), a stack of black
// lists, and the complemented blocking matrix of the signature cube
// (black_white.c).
type blackWhite struct {
	forward, backward    []int
	whiteHead, whiteTail int
	blackHead, blackTail int
	stackHead, stackTail []int
	BB                   *cover.Cover
	outPart              cover.Set // scratch of the blocking matrix
}

// setup starts the lists for the OFF-set R and the signature cube c: every
// cube of R white, in order, none black (setup_bw).
func (bw *blackWhite) setup(cube *cover.Cube, R *cover.Cover, c cover.Set) {
	size := R.Count
	bw.forward = slices.Grow(bw.forward[:0], size)[:size]
	bw.backward = slices.Grow(bw.backward[:0], size)[:size]
	for i := 0; i < size; i++ {
		bw.forward[i] = i + 1
		bw.backward[i] = i - 1
	}
	bw.whiteHead, bw.whiteTail = -1, -1
	if size > 0 {
		bw.forward[size-1] = -1
		bw.whiteHead, bw.whiteTail = 0, size-1
	}
	bw.blackHead, bw.blackTail = -1, -1
	bw.stackHead, bw.stackTail = bw.stackHead[:0], bw.stackTail[:0]
	if bw.BB == nil {
		bw.BB, bw.outPart = cube.NewCover(size), cube.NewSet()
	}
	bw.BB = blockingMatrixInto(cube, bw.BB, R, c, bw.outPart)
	for i := 0; i < bw.BB.Count; i++ {
		b := bw.BB.At(i)
		b.Diff(cube.FullSet, b)
	}
}

// blackWhite reports whether every black row of the complemented blocking
// matrix is contained in some white row (black_white).
func (bw *blackWhite) blackWhite() bool {
	for b := bw.blackHead; b != -1; b = bw.forward[b] {
		black := bw.BB.At(b)
		contained := false
		for w := bw.whiteHead; w != -1; w = bw.forward[w] {
			if black.Implies(bw.BB.At(w)) {
				contained = true
				break
			}
		}
		if !contained {
			return false
		}
	}
	return true
}

// remove unlinks element from the white list (delete).
func (bw *blackWhite) remove(element int) {
	next, prev := bw.forward[element], bw.backward[element]
	switch {
	case next != -1 && prev != -1:
		bw.forward[prev] = next
		bw.backward[next] = prev
	case next != -1:
		bw.whiteHead = next
		bw.backward[next] = -1
	case prev != -1:
		bw.whiteTail = prev
		bw.forward[prev] = -1
	default:
		bw.whiteHead, bw.whiteTail = -1, -1
	}
}

// insert puts element at the head of the black list (insert).
func (bw *blackWhite) insert(element int) {
	if bw.blackHead != -1 {
		bw.forward[element] = bw.blackHead
		bw.backward[element] = -1
		bw.backward[bw.blackHead] = element
		bw.blackHead = element
	} else {
		bw.blackHead, bw.blackTail = element, element
		bw.forward[element], bw.backward[element] = -1, -1
	}
}

// merge appends the black list to the white list and empties it
// (merge_list).
func (bw *blackWhite) merge() {
	if bw.whiteHead != -1 {
		if bw.blackHead != -1 {
			bw.forward[bw.whiteTail] = bw.blackHead
			bw.backward[bw.blackHead] = bw.whiteTail
			bw.whiteTail = bw.blackTail
			bw.blackHead, bw.blackTail = -1, -1
		}
	} else {
		bw.whiteHead, bw.whiteTail = bw.blackHead, bw.blackTail
		bw.blackHead, bw.blackTail = -1, -1
	}
}

// split moves the white cubes of R without part e to the black list
// (split_list).
func (bw *blackWhite) split(R *cover.Cover, e int) {
	for i := bw.whiteHead; i != -1; {
		next := bw.forward[i]
		if !R.At(i).Has(e) {
			bw.remove(i)
			bw.insert(i)
		}
		i = next
	}
}

// resetBlack empties the black list (reset_black_list).
func (bw *blackWhite) resetBlack() { bw.blackHead, bw.blackTail = -1, -1 }

// pushBlack saves the black list (push_black_list).
func (bw *blackWhite) pushBlack() {
	bw.stackHead = append(bw.stackHead, bw.blackHead)
	bw.stackTail = append(bw.stackTail, bw.blackTail)
}

// popBlack restores the black list last saved (pop_black_list).
func (bw *blackWhite) popBlack() {
	n := len(bw.stackHead) - 1
	bw.blackHead, bw.blackTail = bw.stackHead[n], bw.stackTail[n]
	bw.stackHead, bw.stackTail = bw.stackHead[:n], bw.stackTail[:n]
}
