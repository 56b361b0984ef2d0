package minimize

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/pla"
)

// TestDenseReduce checks REDUCE through a dense table against the
// reducer's recursion, cube by cube and flags included, over both of
// REDUCE's orders, on random covers over binary inputs and one output
// variable, with counts past wideCount among them; and that a count
// passing what the table holds falls back to the recursion.
func TestDenseReduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 3))
	calls, gaspTables, reduced, emptied, gasps := 0, 0, 0, 0, 0
	// 64 outputs are a word's bits; 65 have no table (the test fails if
	// they had one, a cube's last output lost).
	for _, sh := range []struct{ inputs, outputs, cubes int }{
		{3, 1, 6}, {5, 2, 12}, {6, 3, 30}, {8, 3, 60}, {10, 4, 150}, {3, 64, 20}, {3, 65, 20},
	} {
		c, err := cover.NewCube(sh.inputs, []int{sh.outputs})
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 30; iter++ {
			F, D := randomCubes(c, rng, 1+rng.IntN(sh.cubes)), randomCubes(c, rng, rng.IntN(sh.cubes/3+1))
			what := fmt.Sprintf("%d inputs, %d outputs, F=%v D=%v", sh.inputs, sh.outputs, F.Sets(), D.Sets())
			// The dense run reads the table over two goroutines.
			tree, dense := NewRun(c, nil), NewRun(c, twoWorkers())
			tree.denseFrom, dense.denseFrom, dense.parallelFrom = F.Count+1, 0, 0
			// reduce_gasp, each cube against the cover as given, through
			// the table denseTable makes (it has one for the dense run).
			if dense.denseTable(F, D) != nil {
				gaspTables++
			}
			wantG, wantErr := tree.reduceGasp(F.Clone(), D)
			gotG, gotErr := dense.reduceGasp(F.Clone(), D)
			if wantErr != gotErr || wantErr == nil && !sameWithFlags(wantG, gotG) {
				t.Fatalf("%s: dense reduce_gasp gives %v (%v), the recursion %v (%v)", what, gotG.Sets(), gotErr, wantG.Sets(), wantErr)
			}
			if wantErr == nil {
				gasps++
			}
			want, got := F.Clone(), F.Clone()
			for round := 0; round < 2; round++ {
				before := want.Count
				var treeWay, denseWay *watchedReductions
				want, treeWay = reduceWatched(t, tree, want, D)
				got, denseWay = reduceWatched(t, dense, got, D)
				if treeWay.isDense() {
					t.Fatalf("%s: the recursion's run counted in a dense table", what)
				}
				if denseWay.isDense() {
					calls++
				}
				if !sameWithFlags(want, got) {
					t.Fatalf("%s: round %d: dense REDUCE gives %v, the recursion %v", what, round, got.Sets(), want.Sets())
				}
				emptied += before - want.Count
				for i := 0; i < want.Count; i++ {
					if !want.At(i).Test(cover.Prime) {
						reduced++
					}
				}
			}
		}
	}
	if calls == 0 || gaspTables == 0 || reduced == 0 || emptied == 0 || gasps == 0 {
		t.Fatalf("%d dense REDUCEs and %d reduce_gasps, %d cubes reduced, %d to nothing, %d reduce_gasps without error: the test shows too little",
			calls, gaspTables, reduced, emptied, gasps)
	}
	t.Logf("%d dense REDUCEs and %d reduce_gasps, %d cubes reduced, %d to nothing, %d reduce_gasps without error: same results",
		calls, gaspTables, reduced, emptied, gasps)

	// Counts past wideCount: hundreds of copies of a point and of a
	// cube around it, among random cubes, against the recursion; and,
	// with the counts past wideCount bounded low, a count passing it.
	c, err := cover.NewCube(5, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	point := c.NewSet()
	for v := 0; v < c.NumVars; v++ {
		point.Insert(c.FirstPart[v])
	}
	around := point.Clone()
	around.Insert(c.FirstPart[2] + 1)
	limit := denseVolumeRatio * 64
	wide, overflowed := 0, 0
	for iter := 0; iter < 40; iter++ {
		F := c.NewCover(0)
		for range wideCount - 4 + rng.IntN(40) {
			F.Append(point)
		}
		for range rng.IntN(200) {
			F.Append(around)
		}
		for i := 0; i < rng.IntN(12); i++ {
			F.Append(randomCubes(c, rng, 1).At(0))
		}
		cubes := make([]cover.Set, F.Count)
		for i := range cubes {
			cubes[i] = F.At(i).Clone()
		}
		rng.Shuffle(len(cubes), func(i, j int) { cubes[i], cubes[j] = cubes[j], cubes[i] })
		F = c.NewCover(0)
		for _, p := range cubes {
			F.Append(p)
		}
		s, _ := denseSpaceOf(c)
		if s.coverVolume(c, F, limit) > limit {
			continue
		}
		D := randomCubes(c, rng, rng.IntN(2))
		what := fmt.Sprintf("%d cubes, D=%v", F.Count, D.Sets())
		tree, dense := NewRun(c, nil), NewRun(c, twoWorkers())
		tree.denseFrom, dense.denseFrom, dense.parallelFrom = F.Count+1, 0, 0
		bounded := iter%4 == 3
		if bounded {
			dense.denseExcessMax = 20
		}
		// The table reduce_gasp takes: denseTable's, which sets the
		// overflow if a count passes what it holds.
		gaspTable := dense.denseTable(F, D) != nil
		wantG, wantErr := tree.reduceGasp(F.Clone(), D)
		gotG, gotErr := dense.reduceGasp(F.Clone(), D)
		if wantErr != gotErr || wantErr == nil && !sameWithFlags(wantG, gotG) {
			t.Fatalf("%s: dense reduce_gasp gives %v (%v), the recursion %v (%v)", what, gotG.Sets(), gotErr, wantG.Sets(), wantErr)
		}
		want := must(t)(tree.Reduce(F.Clone(), D))
		got, way := reduceWatched(t, dense, F.Clone(), D)
		if !sameWithFlags(want, got) {
			t.Fatalf("%s: dense REDUCE gives %v, the recursion %v", what, got.Sets(), want.Sets())
		}
		switch {
		case dense.dense.overflowed == c:
			if !bounded || gaspTable || way.isDense() {
				t.Fatalf("%s: a count overflowed (excess bounded: %v), reduce_gasp through a table: %v, REDUCE: %v",
					what, bounded, gaspTable, way.isDense())
			}
			// No more tables for the cube structure in this run, not
			// even for one cube; another run makes one.
			if _, way := reduceWatched(t, dense, randomCubes(c, rng, 1), c.NewCover(0)); way.isDense() {
				t.Fatal("one cube after the overflow: REDUCE counts in a dense table, want not")
			}
			overflowed++
		case !gaspTable || !way.isDense():
			t.Fatalf("%s: reduce_gasp through a table: %v, REDUCE: %v, want both", what, gaspTable, way.isDense())
		case len(dense.dense.excess) > 0:
			wide++
		}
	}
	t.Logf("%d covers counted past wideCount, %d overflowed: same results", wide, overflowed)
	if wide == 0 || overflowed == 0 {
		t.Fatalf("%d covers counted past wideCount, %d overflowed: the test shows too little", wide, overflowed)
	}
	r2 := NewRun(c, nil)
	r2.denseFrom = 0
	if _, way := reduceWatched(t, r2, randomCubes(c, rng, 1), c.NewCover(0)); !way.isDense() {
		t.Fatal("one cube, another run: REDUCE does not count in a dense table")
	}
}

// TestEspressoDense checks that the loop gives the same cover with REDUCE
// counting in a dense table and without.
func TestEspressoDense(t *testing.T) {
	runs := 0
	forWorkerCovers(t, rand.New(rand.NewPCG(43, 19)), 10, 30, func(c *cover.Cube, F, D *cover.Cover, what string) {
		if _, ok := denseSpaceOf(c); !ok {
			return
		}
		R, err := c.Complement(c.NewCubeList(F, D), nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := NewRun(c, nil).Espresso(F.Clone(), D.Clone(), R.Clone())
		if err != nil {
			t.Fatal(err)
		}
		r := NewRun(c, nil)
		r.denseFrom = 0
		got, err := r.Espresso(F.Clone(), D.Clone(), R.Clone())
		if err != nil {
			t.Fatal(err)
		}
		if !sameCubes(want, got) {
			t.Fatalf("%s: espresso gives %v with a dense REDUCE, %v without", what, got.Sets(), want.Sets())
		}
		checkDenseHandOver(t, c, F, D, what)
		runs++
	})
	if runs == 0 {
		t.Fatal("no run")
	}
}

// checkDenseHandOver checks the ways the loop's IRREDUNDANT and REDUCE
// choose on F and D in a run with dense tables from the first cube:
// IRREDUNDANT's split counts in a dense table, which it leaves counting
// the cover it keeps (keepCounts), and the REDUCE after it takes that
// table.
func checkDenseHandOver(t *testing.T, c *cover.Cube, F, D *cover.Cover, what string) {
	t.Helper()
	r := NewRun(c, nil)
	r.denseFrom = 0
	dc := r.dcSet(D.Clone())
	G, err := r.irredundant(F.Clone(), dc)
	if err != nil {
		t.Fatal(err)
	}
	kept := r.dense.kept
	if kept == nil {
		t.Fatalf("%s: IRREDUNDANT's split left no dense table counting its cover", what)
	}
	G = r.reduceOrder(G)
	way, ok := r.reductionsFor(G, dc.points).(*denseReductions)
	if !ok || way.t != kept.t {
		t.Fatalf("%s: REDUCE after IRREDUNDANT does not take the table IRREDUNDANT left (through a table: %v)", what, ok)
	}
}

// randomCubes returns a cover of n random cubes of c, each part taken
// with probability 3/5 and each variable given one part at least.
func randomCubes(c *cover.Cube, rng *rand.Rand, n int) *cover.Cover {
	T := c.NewCover(n)
	for range n {
		s := c.NewSet()
		for v := 0; v < c.NumVars; v++ {
			for s.Disjoint(c.VarMask[v]) {
				for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
					if rng.IntN(5) < 3 {
						s.Insert(i)
					}
				}
			}
		}
		T.Append(s)
	}
	return T
}

// TestDenseRuns checks zeroBytes on every byte in every place, and the
// updates of a run of counts against one count at a time, on random runs
// holding points of D and counts at wideCount, past it, and about to
// overflow.
func TestDenseRuns(t *testing.T) {
	for b := 0; b < 256; b++ {
		for k := 0; k < 8; k++ {
			x := ^uint64(0)&^(0xff<<(8*k)) | uint64(b)<<(8*k)
			want := uint64(0)
			if b == 0 {
				want = 0x80 << (8 * k)
			}
			if got := zeroBytes(x); got != want {
				t.Fatalf("zeroBytes(%#x) = %#x, want %#x", x, got, want)
			}
		}
	}
	// A run of a table of random counts, some of D, some about wideCount
	// and past it, the counts past it bounded by 1 to 3: the table is
	// made from the counts, a run of it counted once more and once less,
	// and read back.
	rng := rand.New(rand.NewPCG(5, 8))
	wide, overflows := 0, 0
	for iter := 0; iter < 4000; iter++ {
		from, n := rng.IntN(9), rng.IntN(40)
		max := 1 + rng.IntN(3)
		counts := make([]int, from+n+rng.IntN(9)) // -1 for D
		for i := range counts {
			switch rng.IntN(10) {
			case 0:
				counts[i] = -1
			case 1, 2:
				counts[i] = wideCount - 2 + rng.IntN(max+3)
			default:
				counts[i] = 1 + rng.IntN(5)
			}
		}
		var spare []uint16
		tb := &denseTable{count: make([]uint8, len(counts)), spare: &spare, excessMax: uint16(max)}
		if rng.IntN(2) == 0 {
			tb.makeExcess()
		}
		for i, k := range counts {
			switch {
			case k < 0:
				tb.count[i] = dcPoint
			case k < wideCount:
				tb.count[i] = uint8(k)
			default:
				tb.count[i] = wideCount
				if k > wideCount {
					if tb.excess == nil {
						tb.makeExcess()
					}
					tb.excess[i] = uint16(k - wideCount)
				}
			}
		}
		read := func() []int {
			got := make([]int, len(counts))
			for i, b := range tb.count {
				switch {
				case b == dcPoint:
					got[i] = -1
				case b == wideCount && tb.excess != nil:
					got[i] = wideCount + int(tb.excess[i])
				default:
					got[i] = int(b)
				}
			}
			return got
		}
		want := slices.Clone(counts)
		wantOK := true
		for i := from; i < from+n; i++ {
			switch k := want[i]; {
			case k < 0:
			case k == wideCount+max:
				wantOK = false
			default:
				if k >= wideCount {
					wide++
				}
				want[i] = k + 1
			}
		}
		if ok := tb.addRun(from, n); ok != wantOK || ok && !slices.Equal(read(), want) {
			t.Fatalf("addRun(%d, %d) on %v (excess bounded by %d) = %v, %v; want %v, %v", from, n, counts, max, read(), ok, want, wantOK)
		}
		if !wantOK {
			overflows++
			continue
		}
		tb.removeRun(from, n)
		if got := read(); !slices.Equal(got, counts) {
			t.Fatalf("removeRun(%d, %d) on %v = %v, want %v", from, n, want, got, counts)
		}
	}
	if wide == 0 || overflows == 0 {
		t.Fatalf("%d counts at wideCount or past it counted, %d overflows: the test shows too little", wide, overflows)
	}
}

// TestDenseIrredSplit checks IRREDUNDANT's split through a dense table
// against the tautology checks, cube by cube and in order, with and
// without cubes known to be redundant.
func TestDenseIrredSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 29))
	var parts [3]int
	for _, sh := range []struct{ inputs, outputs, cubes int }{
		{3, 1, 8}, {5, 2, 16}, {6, 3, 40}, {8, 3, 80},
	} {
		c, err := cover.NewCube(sh.inputs, []int{sh.outputs})
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 40; iter++ {
			F, D := randomCubes(c, rng, 1+rng.IntN(sh.cubes)), randomCubes(c, rng, rng.IntN(sh.cubes/4+1))
			var maybe []bool
			if iter%2 == 1 {
				maybe = make([]bool, F.Count)
				for i := range maybe {
					maybe[i] = rng.IntN(4) != 0
				}
			}
			tree, dense := NewRun(c, nil), NewRun(c, twoWorkers())
			tree.denseFrom, dense.denseFrom, dense.parallelFrom = F.Count+1, 0, 0
			E, Rt, Rp := must3(t)(tree.irredSplit(F.Clone(), D, maybe))
			// The split through the table splitQuestionsFor chooses.
			F2 := F.Clone()
			q, _ := dense.splitQuestionsFor(F2, D)
			if _, ok := q.(*denseSplit); !ok {
				t.Fatalf("F=%v D=%v: the split's questions are %T, not through a dense table", F.Sets(), D.Sets(), q)
			}
			E2, Rt2, Rp2 := must3(t)(irredSplitBy(c, F2, maybe, q, nil))
			for k, pair := range [][2]*cover.Cover{{E, E2}, {Rt, Rt2}, {Rp, Rp2}} {
				if !sameWithFlags(pair[0], pair[1]) {
					t.Fatalf("F=%v D=%v maybe essential %v: part %d of the split is %v through the table, %v by the tautology checks",
						F.Sets(), D.Sets(), maybe, k, pair[1].Sets(), pair[0].Sets())
				}
				parts[k] += pair[0].Count
			}
		}
	}
	if parts[0] == 0 || parts[1] == 0 || parts[2] == 0 {
		t.Fatalf("E, Rt and Rp held %v cubes: the test shows too little", parts)
	}
	t.Logf("E, Rt and Rp held %v cubes: same split", parts)
}

// TestEspressoDenseChess minimizes chess2pla --canonical KPk (19 inputs,
// 3 outputs: a dense table of 1.5 million points) with REDUCE and
// IRREDUNDANT counting in a dense table from the first cube and with
// neither doing so, and compares the covers.
func TestEspressoDenseChess(t *testing.T) {
	if testing.Short() {
		t.Skip("minimizes a 2^19-row table twice (a few seconds)")
	}
	tb, err := chess.NewSolver().Solve(chess.MustParseMaterial("KPk"))
	if err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	if err := tb.WritePLA(&table, chess.PLAOptions{Canonical: true}); err != nil {
		t.Fatal(err)
	}
	p, err := pla.NewReader(&table, "KPk", io.Discard, io.Discard).Read(pla.ReadOptions{Type: pla.FD, NeedsOffset: true})
	if err != nil {
		t.Fatal(err)
	}
	var covers [2]*cover.Cover
	for k, from := range []int{math.MaxInt, 0} {
		r := NewRun(p.Cube, nil)
		r.denseFrom = from
		if covers[k], err = r.Espresso(p.F.Clone(), p.D.Clone(), p.R.Clone()); err != nil {
			t.Fatal(err)
		}
		// The ways the run's REDUCE and IRREDUNDANT choose on the table.
		probe := NewRun(p.Cube, nil)
		probe.denseFrom = from
		_, reduceDense := probe.reductionsFor(p.F, p.D).(*denseReductions)
		q, _ := probe.splitQuestionsFor(p.F, p.D)
		_, splitDense := q.(*denseSplit)
		if reduceDense != (from == 0) || splitDense != (from == 0) {
			t.Fatalf("dense from %d cubes: REDUCE through a dense table: %v, IRREDUNDANT's split: %v", from, reduceDense, splitDense)
		}
	}
	if !sameCubes(covers[0], covers[1]) {
		t.Fatalf("KPk: %d cubes with REDUCE and IRREDUNDANT through a dense table, %d without, or not the same",
			covers[1].Count, covers[0].Count)
	}
	checkDenseHandOver(t, p.Cube, covers[1], p.D, "KPk")
	t.Logf("KPk: the same %d cubes", covers[0].Count)
}

// twoWorkers returns the default options with two workers.
func twoWorkers() *Options {
	opt := DefaultOptions()
	opt.Workers = 2
	return opt
}
