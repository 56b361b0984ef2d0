package minimize

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/coverindex"
	"github.com/espresso-go/espresso/internal/workpool"
)

// This file computes the first step of each expansion ahead, on the
// workers. expand1 (and expand1_gasp) begins every cube c the same way:
// every cube of the OFF-set BB active, FREESET all that c lacks (less the
// parts lowered from the start), then essen_parts: the cubes of BB at
// distance 1 from c force their parts low, and elim_lowering drops the
// cubes of BB that the overexpanded cube no longer meets. What that leaves
// (the active cubes of BB, FREESET, and whether some cube of BB meets c)
// depends on c and BB alone, not on the expansions before c, and on a
// large OFF-set it is most of the work: in the loop's later rounds the
// expansions start from cubes REDUCE has made small, and of 870 217 cubes
// of BB some 500 stay active after the first step. The workers work out
// that step for the cubes that come next while expand1 goes on with the
// rest of the current one; what expand1 then does is the same as before,
// in the same order.

// A firstStep is what the first step of expand1 leaves for one cube.
type firstStep struct {
	skipped bool                   // not computed: the cube had been covered
	met     bool                   // some cube of BB meets the cube: ON- and OFF-set overlap
	lowered bool                   // elim_lowering ran (FREESET lost parts)
	freeset cover.Set              // FREESET after the step
	active  []coverindex.GroupBits // the active cubes of BB after it
	count   int                    // how many they are
	ready   chan struct{}          // receives once the step is in (or skipped)
}

// lookahead hands out the first steps of the cubes todo lists (indices in
// F, in the order Expand expands them), computed by its workers.
type lookahead struct {
	todo   []int
	slots  [aheadWindow]firstStep
	left   []atomic.Uint64 // a bit for each cube of F that has left CC (expander.leave)
	next   atomic.Int64    // the next entry of todo a worker takes
	tokens chan struct{}   // one for each slot free to compute into
	stop   chan struct{}
	wg     sync.WaitGroup
	taken  int // the entries of todo expand1 has taken
	// failed is closed once a worker has panicked, err then the panic as
	// a *workpool.PanicError (the first, where more than one panicked).
	failed   chan struct{}
	failOnce sync.Once
	err      error
}

// indexedWork is EXPAND's work on the indexed BB (expand_index.go): a
// round's feasibility questions asked at once, over the workers on a long
// round (indexedBlocking.feasibleRound), and, where that pays, the first
// steps of the expansions worked out ahead by the workers (ahead).
type indexedWork struct {
	e     *expander
	bb    *indexedBlocking
	ahead *lookahead // nil: each first step is taken in place
}

// start starts the workers on the first steps, unless that does not pay
// (see indexedBlocking.startAhead) or -v expand1's lines are to be
// printed, which come in 2.3's order.
func (w *indexedWork) start(F, BB *cover.Cover, notPrime bool) {
	if w.e.trace.expand1 {
		return
	}
	w.ahead = w.bb.startAhead(F, BB, notPrime, w.e.initLower)
}

// firstStep takes the step the workers worked out for cube ci, or takes it
// in place where there is none: a cube the workers passed over (it had been
// covered) and is expanded after all, or no workers.
func (w *indexedWork) firstStep(BB *cover.Cover, ci int) error {
	if la := w.ahead; la != nil {
		s, err := la.stepOf(ci)
		if err != nil {
			return err
		}
		if s != nil {
			defer la.release()
			return w.takeFirst(s)
		}
	}
	return w.e.firstStep(BB)
}

func (w *indexedWork) leave(i int) {
	if w.ahead != nil {
		w.ahead.leave(i)
	}
}

func (w *indexedWork) feasibleRound(raise cover.Set, feas []cover.Set, ask []bool, newLower []cover.Set) error {
	return w.bb.feasibleRound(raise, feas, ask, newLower)
}

// end stops the workers and writes BB's Active flags.
func (w *indexedWork) end() error {
	var err error
	if w.ahead != nil {
		err = w.ahead.close()
		w.ahead = nil
	}
	w.bb.flush()
	return err
}

// takeFirst sets the expander up as setup_BB_CC's BB half and the first
// step of expand1 (or expand1_gasp) would for the cube RAISE holds, from s
// (the CC half of elim_lowering included).
func (w *indexedWork) takeFirst(s *firstStep) error {
	if s.met {
		return ErrNotOrthogonal
	}
	w.bb.takeFirst(s)
	e := w.e
	copy(e.freeset[1:], s.freeset[1:])
	if s.lowered && e.CC != nil {
		e.CC.keepWithin(e.tmp.Or(e.raise, e.freeset))
	}
	return nil
}

// startAhead starts workers computing the first steps of the cubes of F
// (with notPrime, of those not prime) against BB, INIT_LOWER lowered from
// the start, or returns nil where that does not pay: one worker, a small
// BB, or fewer than two cubes.
func (b *indexedBlocking) startAhead(F, BB *cover.Cover, notPrime bool, initLower cover.Set) *lookahead {
	if b.workers <= 1 || BB.Count < b.aheadFrom {
		return nil
	}
	var todo []int
	for i := range F.Count {
		if !notPrime || !F.At(i).Test(cover.Prime) {
			todo = append(todo, i)
		}
	}
	if len(todo) < 2 {
		return nil
	}
	b.use(BB)
	la := &lookahead{todo: todo, tokens: make(chan struct{}, aheadWindow), stop: make(chan struct{}), failed: make(chan struct{}),
		left: make([]atomic.Uint64, (F.Count+63)/64)}
	for k := range la.slots {
		la.slots[k].ready = make(chan struct{}, 1)
		la.slots[k].freeset = b.cube.NewSet()
		la.tokens <- struct{}{}
	}
	for range b.workers {
		w := &aheadWorker{
			cube: b.cube, cols: b.all.Shared(), initLower: initLower,
			act: make([]uint64, b.all.Groups()),
			d0:  make([]uint64, b.all.Groups()),
			d1:  make([]uint64, b.all.Groups()),
			c:   b.cube.NewSet(), over: b.cube.NewSet(), xlower: b.cube.NewSet(),
		}
		la.wg.Go(func() { w.run(la, F) })
	}
	return la
}

// stepOf returns the first step the workers worked out for cube ci of F,
// passing over the steps of the cubes before it (not expanded: prime or
// covered); nil where there is none, ci not being in todo or its step not
// computed (the cube had left CC). A step returned must be released once
// read. If a worker has panicked, stepOf may return its panic as an error
// instead.
func (la *lookahead) stepOf(ci int) (*firstStep, error) {
	for la.taken < len(la.todo) && la.todo[la.taken] < ci {
		if _, err := la.take(); err != nil {
			return nil, err
		}
		la.release()
	}
	if la.taken == len(la.todo) || la.todo[la.taken] != ci {
		return nil, nil
	}
	s, err := la.take()
	if err != nil {
		return nil, err
	}
	if s.skipped {
		la.release()
		return nil, nil
	}
	return s, nil
}

// take returns the first step of the next cube of todo, waiting for it;
// release must follow once expand1 has read it. If a worker has
// panicked, take may return its panic as an error instead (then no release).
func (la *lookahead) take() (*firstStep, error) {
	s := &la.slots[la.taken%aheadWindow]
	la.taken++
	select {
	case <-s.ready:
		return s, nil
	case <-la.failed:
		return nil, la.err
	}
}

// release lets a worker compute into the slot of the step take returned
// last.
func (la *lookahead) release() { la.tokens <- struct{}{} }

// leave records that cube i of F has left CC: covered, its first step
// is not wanted.
func (la *lookahead) leave(i int) { la.left[i/64].Or(1 << (i % 64)) }

// close stops the workers and waits for them; its error is the panic of
// a worker, if one panicked.
func (la *lookahead) close() error {
	close(la.stop)
	la.wg.Wait()
	select {
	case <-la.failed:
		return la.err
	default:
		return nil
	}
}

// An aheadWorker computes first steps with scratch of its own and a view
// of BB's index.
type aheadWorker struct {
	cube            *cover.Cube
	cols            *coverindex.Transposed
	initLower       cover.Set
	act, d0, d1     []uint64
	c, over, xlower cover.Set
}

// run computes first steps until the cubes run out or the lookahead
// stops, passing over the cubes that have left CC. It copies each cube's
// parts, not its flags, which Expand may be setting meanwhile (Covered).
//
// A panic ends the worker and fails the lookahead (see take).
func (w *aheadWorker) run(la *lookahead, F *cover.Cover) {
	var err error
	defer func() {
		if err != nil {
			la.failOnce.Do(func() {
				la.err = err
				close(la.failed)
			})
		}
	}()
	defer workpool.Recover(&err)
	for {
		select {
		case <-la.stop:
			return
		case <-la.tokens:
		}
		k := int(la.next.Add(1) - 1)
		if k >= len(la.todo) {
			return
		}
		s := &la.slots[k%aheadWindow]
		i := la.todo[k]
		if s.skipped = la.left[i/64].Load()>>(i%64)&1 != 0; !s.skipped {
			copy(w.c[1:], F.At(i)[1:])
			w.first(w.c, s)
		}
		s.ready <- struct{}{}
	}
}

// first computes the first step of expand1 for cube c into s: what
// setupBBCC, elimLowering for the parts lowered from the start, and
// essenParts leave.
//
// Without parts lowered from the start (every EXPAND but MAKE_SPARSE's)
// the step asks BB two questions and keeps the answers as lists: whether
// some cube meets c, with the parts its cubes at distance 1 force low
// (Feasible, over every cube), and, if some were, which cubes meet c
// grown by what is left of FREESET. Those are the active cubes: a cube at
// distance 1 meets that grown cube in no part of the variable it conflicts
// in, whose parts it forced low, so none is left to drop.
func (w *aheadWorker) first(c cover.Set, s *firstStep) {
	t := w.cols
	freeset := s.freeset.Diff(w.cube.FullSet, c)
	s.met, s.lowered = false, false
	s.active, s.count = s.active[:0], 0
	if !w.initLower.IsEmpty() {
		w.firstLowered(c, s)
		return
	}
	xlower := w.xlower.Clear()
	if !t.Feasible(c, nil, xlower) {
		s.met = true
		return
	}
	if xlower.IsEmpty() {
		for g, a := range t.All(w.act) {
			s.active = append(s.active, coverindex.GroupBits{G: int32(g), Mask: a})
		}
		s.count = t.Len()
		return
	}
	freeset.Diff(freeset, xlower)
	s.lowered = true
	s.active = t.AppendMeetingGroups(s.active, w.over.Or(c, freeset))
	for _, a := range s.active {
		s.count += bits.OnesCount64(a.Mask)
	}
}

// firstLowered is first where parts are lowered from the start: the
// cubes of BB that meet c grown by the rest of FREESET are active from
// the start, and only those are asked about.
func (w *aheadWorker) firstLowered(c cover.Set, s *firstStep) {
	t := w.cols
	act := t.All(w.act)
	freeset := s.freeset
	freeset.Diff(freeset, w.initLower)
	w.keepMeeting(c, freeset)
	s.lowered = true
	t.Near(c, act, w.d0, w.d1)
	for g, a := range act {
		if a&w.d0[g] != 0 {
			s.met = true
			return
		}
	}
	xlower := w.xlower.Clear()
	t.Lower(c, act, w.d1, xlower)
	for g, a := range act {
		act[g] = a &^ w.d1[g]
	}
	if !xlower.IsEmpty() {
		freeset.Diff(freeset, xlower)
		w.keepMeeting(c, freeset)
	}
	for g, a := range act {
		if a != 0 {
			s.active = append(s.active, coverindex.GroupBits{G: int32(g), Mask: a})
			s.count += bits.OnesCount64(a)
		}
	}
}

// keepMeeting keeps active the cubes of BB that meet c ∪ freeset (the BB
// half of elimLowering).
func (w *aheadWorker) keepMeeting(c, freeset cover.Set) {
	over := w.over.Or(c, freeset)
	// Near leaves in each group's mask the cubes meeting over (what it
	// finds are some of the mask's cubes), and groups without one alone.
	w.cols.Near(over, w.act, w.act, nil)
}

// takeFirst makes the active cubes those s leaves. Where the step left a
// few active cubes in each of many groups of BB's index, the questions of
// the rest of the expansion go through those cubes packed (packed), as
// askAgainst packs them for a round of questions.
func (b *indexedBlocking) takeFirst(s *firstStep) {
	if b.packAlways || packPays(s.count, len(s.active)) && len(s.active) < b.all.Groups() {
		b.packedFrom = append(b.packedFrom[:0], s.active...)
		b.all.PackList(b.packedFrom, &b.packed)
		g := b.packed.Groups()
		b.packedAct = slices.Grow(b.packedAct[:0], g)[:g]
		b.cols, b.act = &b.packed, b.packed.All(b.packedAct)
	} else {
		b.cols, b.act = b.all, b.allAct
		clear(b.act)
		for _, a := range s.active {
			b.act[a.G] = a.Mask
		}
	}
	b.bb.ActiveCount = s.count
	b.listOK = false
}
