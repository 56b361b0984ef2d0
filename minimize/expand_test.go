package minimize

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/internal/workpool"
)

// TestSameQuestions checks sameQuestions against comparing RAISE ∪ c for
// every two candidates: each asked candidate points to the first earlier
// asked candidate with the same union, or asks itself if there is none,
// and the candidates not asked stay so. The candidates are few cubes
// drawn again and again, so most rounds have repeats, in tables of every
// size from 2 on.
func TestSameQuestions(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	c, err := cover.NewCube(9, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	b := newIndexedBlocking(c, 1, defaultTuning())
	raise := c.NewSet()
	repeats := 0
	for round := 0; round < 300; round++ {
		raise.Clear()
		for j := range c.Size {
			if rng.IntN(3) == 0 {
				raise.Insert(j)
			}
		}
		pool := make([]cover.Set, 1+rng.IntN(6))
		for k := range pool {
			pool[k] = c.NewSet()
			for j := range c.Size {
				if rng.IntN(2) == 0 {
					pool[k].Insert(j)
				}
			}
		}
		n := rng.IntN(40)
		feas := make([]cover.Set, n)
		asked, wantAsked := make([]bool, n), make([]bool, n)
		for i := range feas {
			feas[i] = pool[rng.IntN(len(pool))]
			asked[i] = rng.IntN(5) != 0
		}
		union := func(i int) cover.Set { return c.NewSet().Or(raise, feas[i]) }
		wantFirst := make([]int32, n)
		for i := range feas {
			wantFirst[i], wantAsked[i] = -1, asked[i]
			if !asked[i] {
				continue
			}
			for j := 0; j < i; j++ {
				if asked[j] && union(j).Equal(union(i)) {
					wantFirst[i], wantAsked[i] = int32(j), false
					repeats++
					break
				}
			}
		}
		b.sameQuestions(raise, feas, asked)
		for i := range feas {
			if b.askFirst[i] != wantFirst[i] || asked[i] != wantAsked[i] {
				t.Fatalf("round %d, candidate %d: first %d, asked %v; want %d, %v",
					round, i, b.askFirst[i], asked[i], wantFirst[i], wantAsked[i])
			}
		}
	}
	if repeats == 0 {
		t.Fatal("no round had a repeated question")
	}
}

// TestExpanderSortedBB checks indexedBlocking's record of the blocking
// family, held sorted: each cube once, the cubes alike in their first
// variables side by side, the active cubes listed in the family's order,
// and the Active flags written back to the right cubes.
func TestExpanderSortedBB(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 31))
	c, err := cover.NewCube(8, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 50; round++ {
		BB := c.NewCover(0)
		for range 1 + rng.IntN(300) {
			p := BB.AppendEmpty()
			for v := range c.NumBinaryVars {
				cover.SetInput(p, v, []int{cover.Zero, cover.One, cover.Dash}[rng.IntN(3)])
			}
			p.Insert(c.FirstPart[8] + rng.IntN(3))
			if rng.IntN(2) == 0 {
				p.SetFlag(cover.Active)
			}
		}
		e := newIndexedBlocking(c, 1, defaultTuning())
		e.use(BB)
		seen := make([]bool, BB.Count)
		runs := map[[2]int]bool{} // the values of variables 0 and 1 met, by run
		var last [2]int
		for k := range BB.Count {
			i := e.cols.Index(k)
			if seen[i] {
				t.Fatalf("round %d: cube %d held twice", round, i)
			}
			seen[i] = true
			p := BB.At(i)
			key := [2]int{cover.Input(p, 0), cover.Input(p, 1)}
			if k > 0 && key != last && runs[key] {
				t.Fatalf("round %d: the cubes with variables 0 and 1 at %v are not side by side", round, key)
			}
			runs[key], last = true, key
		}
		// Deactivate every third active cube through the bits, then
		// check the list and the flags written back.
		var want []cover.Set
		for k := range BB.Count {
			i := e.cols.Index(k)
			p := BB.At(i)
			if e.act[k/64]>>(k%64)&1 == 0 {
				if p.Test(cover.Active) {
					t.Fatalf("round %d: active cube %d not held active", round, i)
				}
				continue
			}
			if k%3 == 0 {
				e.deactivate(k/64, 1<<(k%64))
			}
		}
		at := make([]int, BB.Count) // the position of each cube
		for k := range BB.Count {
			at[e.cols.Index(k)] = k
		}
		for i, k := range at {
			if e.act[k/64]>>(k%64)&1 != 0 {
				want = append(want, BB.At(i))
			}
		}
		got := e.active()
		if len(got) != len(want) {
			t.Fatalf("round %d: %d active cubes listed, want %d", round, len(got), len(want))
		}
		for j := range got {
			if &got[j][0] != &want[j][0] {
				t.Fatalf("round %d: active cube %d listed out of BB's order", round, j)
			}
		}
		e.flush()
		n := 0
		for p := range BB.All() {
			if p.Test(cover.Active) {
				if n >= len(want) || &p[0] != &want[n][0] {
					t.Fatalf("round %d: Active flags written back to the wrong cubes", round)
				}
				n++
			}
		}
		if n != len(want) {
			t.Fatalf("round %d: %d cubes flagged Active, want %d", round, n, len(want))
		}
	}
}

// TestExpandAhead checks that EXPAND with the first step of each
// expansion worked out ahead by two workers gives the cover of one
// goroutine doing it all, with the same flags, on random functions
// against their OFF-set, expanding every variable and only the
// nonsparse ones; and that where a cube of F lies in the OFF-set both
// report the overlap. Under -race it also shows that the workers read
// only what Expand does not write.
func TestExpandAhead(t *testing.T) {
	expanded, overlaps := 0, 0
	forWorkerCovers(t, rand.New(rand.NewPCG(31, 7)), 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		R, err := c.Complement(c.NewCubeList(F, D), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, nonsparse := range []bool{false, true} {
			for _, pack := range []bool{false, true} {
				want, got := expandBoth(t, c, F, R, nonsparse, 2, func(r *Run) { r.aheadFrom, r.packAlways = 0, pack })
				if !sameWithFlags(want, got) {
					t.Fatalf("%s, nonsparse %v, packed always %v: expand gives %v with the first steps ahead, %v without", what, nonsparse, pack, got.Sets(), want.Sets())
				}
			}
			one, err := NewRun(c, &Options{Workers: 1}).Expand(F.Clone(), R.Clone(), nonsparse)
			if err != nil {
				t.Fatal(err)
			}
			expanded += F.Count - one.Count
		}
		// A cube of F put in the OFF-set, past the first few cubes.
		if F.Count > 4 {
			R2 := R.Clone()
			R2.Append(F.At(F.Count - 1))
			two := NewRun(c, &Options{Workers: 2})
			two.aheadFrom = 0
			_, err1 := NewRun(c, &Options{Workers: 1}).Expand(F.Clone(), R2.Clone(), false)
			_, err2 := two.Expand(F.Clone(), R2, false)
			if err1 != ErrNotOrthogonal || err2 != ErrNotOrthogonal {
				t.Fatalf("%s: with a cube of F in R, expand returns %v with the first steps ahead, %v without", what, err2, err1)
			}
			overlaps++
		}
	})
	if expanded == 0 || overlaps == 0 {
		t.Fatalf("%d cubes covered by expansions, %d overlaps: the test shows too little", expanded, overlaps)
	}
}

// expandBoth expands F against R (nonsparse as Expand takes it) in a run
// with one worker and in one with the given workers, which set readies,
// and returns both results.
func expandBoth(t *testing.T, c *cover.Cube, F, R *cover.Cover, nonsparse bool, workers int, set func(*Run)) (one, many *cover.Cover) {
	t.Helper()
	one = expandWith(t, c, F, R.Clone(), nonsparse, 1, func(*Run) {})
	many = expandWith(t, c, F, R.Clone(), nonsparse, workers, set)
	return one, many
}

// sameWithFlags reports whether a and b hold the same cubes in the same
// order, flags included.
func sameWithFlags(a, b *cover.Cover) bool {
	if a.Count != b.Count {
		return false
	}
	for i := range a.Count {
		if !slices.Equal(a.At(i), b.At(i)) {
			return false
		}
	}
	return true
}

// TestExpandAheadPanic checks that a worker working out first steps ahead
// that panics fails the lookahead: take returns the panic as an error
// instead of waiting for a step that never comes.
func TestExpandAheadPanic(t *testing.T) {
	c, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	F := c.NewCover(1)
	F.Append(c.FullSet)
	// Cube 5 of a cover of one cube: the worker's F.At panics.
	la := &lookahead{todo: []int{5}, tokens: make(chan struct{}, 1), stop: make(chan struct{}),
		failed: make(chan struct{}), left: make([]atomic.Uint64, 1)}
	for k := range la.slots {
		la.slots[k].ready = make(chan struct{}, 1)
	}
	la.tokens <- struct{}{}
	w := &aheadWorker{cube: c, c: c.NewSet()}
	la.wg.Go(func() { w.run(la, F) })
	first, err := la.take()
	la.close()
	var pe *workpool.PanicError
	if first != nil || !errors.As(err, &pe) {
		t.Fatalf("take = %v, %v; want the worker's panic", first, err)
	}
}

// TestExpandPlain holds the indexed answers to EXPAND's questions
// (expand_index.go), in one goroutine and spread over workers, with the
// first steps worked out ahead, packed or not, to 2.3's (expand_plain.go):
// on random functions against their OFF-set, Expand gives the same cover
// with the same flags and leaves the same Active flags on the OFF-set,
// expanding every variable and only the nonsparse ones; and the whole
// ESPRESSO loop, LAST_GASP's expansions and SUPER_GASP's all_primes
// included, gives the same cover.
func TestExpandPlain(t *testing.T) {
	modes := []struct {
		name    string
		workers int
		set     func(r *Run)
	}{
		{"indexed", 1, func(*Run) {}},
		{"workers", 3, func(r *Run) { r.feasibleFrom = 0 }},
		{"ahead", 2, func(r *Run) { r.aheadFrom = 0 }},
		{"ahead packed", 2, func(r *Run) { r.aheadFrom, r.packAlways = 0, true }},
	}
	plain := func(r *Run) { r.plainExpand = true }
	expanded := 0
	forWorkerCovers(t, rand.New(rand.NewPCG(41, 3)), 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		R, err := c.Complement(c.NewCubeList(F, D), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, nonsparse := range []bool{false, true} {
			wantR := R.Clone()
			want := expandWith(t, c, F, wantR, nonsparse, 1, plain)
			expanded += F.Count - want.Count
			for _, m := range modes {
				gotR := R.Clone()
				got := expandWith(t, c, F, gotR, nonsparse, m.workers, m.set)
				if !sameWithFlags(want, got) {
					t.Fatalf("%s, nonsparse %v, %s: expand gives %v, plain %v", what, nonsparse, m.name, got.Sets(), want.Sets())
				}
				if !sameWithFlags(wantR, gotR) {
					t.Fatalf("%s, nonsparse %v, %s: the OFF-set's flags differ from plain's", what, nonsparse, m.name)
				}
			}
		}
		for _, strong := range []bool{false, true} {
			opt := DefaultOptions()
			opt.UseSuperGasp, opt.Workers = strong, 1
			r := NewRun(c, opt)
			r.plainExpand = true
			want, err := r.Espresso(F.Clone(), D.Clone(), R.Clone())
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range modes {
				opt.Workers = m.workers
				r := NewRun(c, opt)
				m.set(r)
				got, err := r.Espresso(F.Clone(), D.Clone(), R.Clone())
				if err != nil {
					t.Fatal(err)
				}
				if !sameCubes(want, got) {
					t.Fatalf("%s, strong %v, %s: espresso gives %v, with plain expand %v", what, strong, m.name, got.Sets(), want.Sets())
				}
			}
		}
	})
	if expanded == 0 {
		t.Fatal("no cube of F was covered by an expansion: the test shows too little")
	}
}

// expandWith expands a copy of F against R (nonsparse as Expand takes it)
// in a run with the given workers, which set readies.
func expandWith(t *testing.T, c *cover.Cube, F, R *cover.Cover, nonsparse bool, workers int, set func(*Run)) *cover.Cover {
	t.Helper()
	r := NewRun(c, &Options{Workers: workers})
	set(r)
	got, err := r.Expand(F.Clone(), R, nonsparse)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
