package minimize

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// forRandomCovers calls f with 60 random pairs of an ON-set F and a
// DC-set D for each shape of exactShapes, with and without
// multiple-valued variables; what describes the pair for a failure.
func forRandomCovers(t *testing.T, rng *rand.Rand, f func(c *cover.Cube, F, D *cover.Cover, what string)) {
	t.Helper()
	for _, sh := range exactShapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 60; iter++ {
			F, D, _ := exactRandom(c, rng, 2+rng.IntN(14), rng.IntN(10))
			f(c, F, D, fmt.Sprintf("cube %v: F=%v D=%v", sh, F.Sets(), D.Sets()))
		}
	}
}

// forWorkerCovers calls f with 25 random pairs of an ON-set F, of minF to
// minF+spanF-1 cubes, and a DC-set D for each of a few shapes with more
// minterms than exactShapes, so that the primes or the irredundant covers
// made from them hold enough cubes for several goroutines to share; what
// describes the shape for a failure.
func forWorkerCovers(t *testing.T, rng *rand.Rand, minF, spanF int, f func(c *cover.Cube, F, D *cover.Cover, what string)) {
	t.Helper()
	for _, sh := range []struct {
		binary int
		mv     []int
	}{{5, []int{3}}, {6, []int{4}}, {7, []int{2}}, {4, []int{3, 5}}} {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 25; iter++ {
			F, D, _ := exactRandom(c, rng, minF+rng.IntN(spanF), rng.IntN(6))
			f(c, F, D, fmt.Sprintf("cube %v", sh))
		}
	}
}

// TestIrredSplitIndexed checks that finding the cubes that meet each cube
// through an index of D, of F (and E), or both, each in the cover's order
// or sorted, splits F as the scan does.
func TestIrredSplitIndexed(t *testing.T) {
	split := [3]int{}
	forRandomCovers(t, rand.New(rand.NewPCG(23, 5)), func(c *cover.Cube, F, D *cover.Cover, what string) {
		r := NewRun(c, nil)
		one := []*cover.TautologyChecker{r.checker()}
		E, Rt, Rp := must3(t)(irredSplitBy(c, F, nil, newIndexedSplit(c, one, F, D, D.Count+1, F.Count+1, 0), nil))
		for _, from := range [][3]int{{0, F.Count + 1, 0}, {D.Count + 1, 0, 0}, {0, 0, 0}, {0, 0, math.MaxInt}} {
			E2, Rt2, Rp2 := must3(t)(irredSplitBy(c, F, nil, newIndexedSplit(c, one, F, D, from[0], from[1], from[2]), nil))
			for k, pair := range [][2]*cover.Cover{{E, E2}, {Rt, Rt2}, {Rp, Rp2}} {
				if !sameCubes(pair[0], pair[1]) {
					t.Fatalf("%s: part %d of the split is %v with indexes from %v (sorted from %d), %v without",
						what, k, pair[1].Sets(), from[:2], from[2], pair[0].Sets())
				}
			}
		}
		split[0], split[1], split[2] = split[0]+E.Count, split[1]+Rt.Count, split[2]+Rp.Count
	})
	if split[0] == 0 || split[1] == 0 || split[2] == 0 {
		t.Fatalf("E, Rt and Rp held %v cubes: the test shows too little", split)
	}
}

// TestIrredSplitWorkers checks that spreading the questions of the split
// over two or three goroutines, with or without an index of D, splits F as
// one goroutine does, on the primes of random functions (enough cubes for
// the goroutines to share them). Run with -race, it also shows that the
// checkers write nothing they share.
func TestIrredSplitWorkers(t *testing.T) {
	parallel, split := 0, [3]int{}
	forWorkerCovers(t, rand.New(rand.NewPCG(53, 9)), 6, 20, func(c *cover.Cube, F, D *cover.Cover, what string) {
		P := NewRun(c, nil).Primes(c.NewCubeList(F, D))
		one := []*cover.TautologyChecker{c.NewTautologyChecker()}
		E, Rt, Rp := must3(t)(irredSplitBy(c, P, nil, newIndexedSplit(c, one, P, D, D.Count+1, P.Count+1, 0), nil))
		for _, workers := range []int{2, 3} {
			var many []*cover.TautologyChecker
			for range workers {
				many = append(many, c.NewTautologyChecker())
			}
			for _, from := range []int{0, D.Count + 1} {
				E2, Rt2, Rp2 := must3(t)(irredSplitBy(c, P, nil, newIndexedSplit(c, many, P, D, from, from, 0), nil))
				for k, pair := range [][2]*cover.Cover{{E, E2}, {Rt, Rt2}, {Rp, Rp2}} {
					if !sameCubes(pair[0], pair[1]) {
						t.Fatalf("%s, %d primes: part %d of the split is %v with %d workers, %v with one",
							what, P.Count, k, pair[1].Sets(), workers, pair[0].Sets())
					}
				}
			}
		}
		if P.Count > parallelChunk {
			parallel++
		}
		split[0], split[1], split[2] = split[0]+E.Count, split[1]+Rt.Count, split[2]+Rp.Count
	})
	if parallel < 80 || split[0] == 0 || split[1] == 0 || split[2] == 0 {
		t.Fatalf("%d splits of more than %d primes; E, Rt and Rp held %v cubes: the test shows too little",
			parallel, parallelChunk, split)
	}
}

// TestEssentialWorkers checks that asking essen_cube's question of each
// cube from three goroutines, with or without indexes of F and D, finds the
// same essential cubes, and leaves the same F, as one goroutine, on the
// primes of random functions. Under -race it also shows that the
// goroutines share nothing they write.
func TestEssentialWorkers(t *testing.T) {
	parallel, essential := 0, 0
	forWorkerCovers(t, rand.New(rand.NewPCG(59, 11)), 6, 20, func(c *cover.Cube, F, D *cover.Cover, what string) {
		P := NewRun(c, nil).Primes(c.NewCubeList(F, D))
		for p := range P.All() {
			p.SetFlag(cover.RelativelyEssential)
			p.ResetFlag(cover.NonEssential)
		}
		one := NewRun(c, &Options{Workers: 1})
		wantF, _, wantE := must3(t)(one.essentialIndexed(P.Clone(), D, math.MaxInt))
		for _, from := range []int{0, math.MaxInt} {
			many := NewRun(c, &Options{Workers: 3})
			many.parallelFrom = 0
			gotF, _, gotE := must3(t)(many.essentialIndexed(P.Clone(), D, from))
			if !sameCubes(wantE, gotE) || !sameCubes(wantF, gotF) {
				t.Fatalf("%s, %d primes: essentials %v with three workers, %v with one",
					what, P.Count, gotE.Sets(), wantE.Sets())
			}
		}
		if P.Count > parallelChunk {
			parallel++
		}
		essential += wantE.Count
	})
	if parallel < 50 || essential == 0 {
		t.Fatalf("%d lists of more than %d primes, %d essential cubes: the test shows too little",
			parallel, parallelChunk, essential)
	}
}

// TestReduceGaspWorkers checks that reducing the cubes of an irredundant
// cover from three goroutines gives reduce_gasp's cover of one, on random
// functions. Under -race it also shows that the reducers share nothing
// they write.
func TestReduceGaspWorkers(t *testing.T) {
	parallel, reduced := 0, 0
	forWorkerCovers(t, rand.New(rand.NewPCG(67, 13)), 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		one := NewRun(c, &Options{Workers: 1})
		F, err := one.Irredundant(F, D)
		if err != nil {
			t.Fatal(err)
		}
		want, err := one.reduceGasp(F, D)
		if err != nil {
			t.Fatal(err)
		}
		many := NewRun(c, &Options{Workers: 3})
		many.parallelFrom = 0
		got, err := many.reduceGasp(F, D)
		if err != nil {
			t.Fatal(err)
		}
		if !sameCubes(want, got) {
			t.Fatalf("%s: reduce_gasp gives %v with three workers, %v with one", what, got.Sets(), want.Sets())
		}
		if F.Count > parallelChunk {
			parallel++
		}
		for p := range want.All() {
			if !p.Test(cover.Prime) {
				reduced++
			}
		}
	})
	if parallel < 30 || reduced == 0 {
		t.Fatalf("%d covers of more than %d cubes, %d cubes reduced: the test shows too little",
			parallel, parallelChunk, reduced)
	}
}

// TestMVReduceWorkers checks that mv_reduce with the output variable's
// parts spread over three goroutines leaves the cover one goroutine
// leaves, on irredundant covers of random functions. Under -race it also
// shows that the parts' runs share nothing they write.
func TestMVReduceWorkers(t *testing.T) {
	removed := 0
	forWorkerCovers(t, rand.New(rand.NewPCG(73, 17)), 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		if !c.Sparse[c.Output] {
			t.Fatalf("%s: the output variable is not sparse", what)
		}
		one := NewRun(c, &Options{Workers: 1})
		F, err := one.Irredundant(F, D)
		if err != nil {
			t.Fatal(err)
		}
		before := 0
		for p := range F.All() {
			before += p.Dist(c.VarMask[c.Output])
		}
		want, err := one.MVReduce(F.Clone(), D)
		if err != nil {
			t.Fatal(err)
		}
		many := NewRun(c, &Options{Workers: 3})
		many.parallelFrom = 0
		got, err := many.MVReduce(F.Clone(), D)
		if err != nil {
			t.Fatal(err)
		}
		if !sameCubes(want, got) {
			t.Fatalf("%s: mv_reduce gives %v with three workers, %v with one", what, got.Sets(), want.Sets())
		}
		// With IRREDUNDANT's debugging lines, the parts stay in one
		// goroutine so that the lines come in 2.3's order.
		var wantLines, gotLines bytes.Buffer
		one = NewRun(c, &Options{Workers: 1, Debug: DebugIrred1, Out: &wantLines})
		many = NewRun(c, &Options{Workers: 3, Debug: DebugIrred1, Out: &gotLines})
		many.parallelFrom = 0
		if _, err := one.MVReduce(F.Clone(), D); err != nil {
			t.Fatal(err)
		}
		if _, err := many.MVReduce(F.Clone(), D); err != nil {
			t.Fatal(err)
		}
		noTime := regexp.MustCompile(`time=[0-9.]+ sec`)
		if w, g := noTime.ReplaceAllString(wantLines.String(), ""), noTime.ReplaceAllString(gotLines.String(), ""); w != g || !strings.Contains(w, "IRRED1: ") {
			t.Fatalf("%s: mv_reduce with three workers prints\n%s\nwith one\n%s", what, g, w)
		}
		for p := range want.All() {
			before -= p.Dist(c.VarMask[c.Output])
		}
		removed += before
	})
	if removed == 0 {
		t.Fatalf("no output part removed: the test shows too little")
	}
}

// TestExpandWorkers checks that EXPAND with select_feasible's questions
// asked from three goroutines gives the cover of one, with the same flags,
// on random functions (against their OFF-set). Under -race it also shows
// that the workers share nothing they write.
func TestExpandWorkers(t *testing.T) {
	expanded := 0
	forWorkerCovers(t, rand.New(rand.NewPCG(79, 19)), 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		R, err := c.Complement(c.NewCubeList(F, D), nil)
		if err != nil {
			t.Fatal(err)
		}
		want, got := expandBoth(t, c, F, R, false, 3, func(r *Run) { r.feasibleFrom = 0 })
		if !sameWithFlags(want, got) {
			t.Fatalf("%s: expand gives %v with three workers, %v with one", what, got.Sets(), want.Sets())
		}
		expanded += F.Count - want.Count
	})
	if expanded == 0 {
		t.Fatalf("no cube of F was covered by an expansion: the test shows too little")
	}
}

// TestEssentialIndexed checks that finding the cubes of F and of D near
// each cube through indexes of them, in the covers' order or sorted, finds
// the same essential cubes as the scans.
func TestEssentialIndexed(t *testing.T) {
	essential, not := 0, 0
	forRandomCovers(t, rand.New(rand.NewPCG(29, 3)), func(c *cover.Cube, F, D *cover.Cover, what string) {
		for p := range F.All() {
			p.SetFlag(cover.RelativelyEssential)
			p.ResetFlag(cover.NonEssential)
		}
		r := NewRun(c, nil)
		newF, _, E := must3(t)(r.essentialIndexed(F.Clone(), D, math.MaxInt))
		for _, sortedFrom := range []int{0, math.MaxInt} {
			r.sortedFrom = sortedFrom
			newF2, _, E2 := must3(t)(r.essentialIndexed(F.Clone(), D, 0))
			if !sameCubes(E, E2) || !sameCubes(newF, newF2) {
				t.Fatalf("%s: essentials %v with indexes of F and D (sorted from %d), %v without",
					what, E2.Sets(), sortedFrom, E.Sets())
			}
		}
		essential += E.Count
		not += newF.Count
	})
	if essential == 0 || not == 0 {
		t.Fatalf("%d essential cubes, %d not: the test shows too little", essential, not)
	}
}
