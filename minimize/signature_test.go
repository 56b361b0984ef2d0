package minimize

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// allCubes calls f with every cube of c: a nonempty set of parts for each
// variable.
func allCubes(c *cover.Cube, f func(q cover.Set)) {
	q := c.NewSet()
	var rec func(v int)
	rec = func(v int) {
		if v == c.NumVars {
			f(q)
			return
		}
		first, n := c.FirstPart[v], c.PartSize[v]
		for mask := 1; mask < 1<<n; mask++ {
			for i := 0; i < n; i++ {
				if mask>>i&1 != 0 {
					q.Insert(first + i)
				} else {
					q.Remove(first + i)
				}
			}
			rec(v + 1)
		}
		for i := 0; i < n; i++ {
			q.Remove(first + i)
		}
	}
	rec(0)
}

// minimumCoverSize is the least number of implicants of (F, D, R) that
// cover the minterms of F outside D, found by trying every set of primes
// of each size in turn.
func minimumCoverSize(t *testing.T, c *cover.Cube, F, D, R *cover.Cover) int {
	var ms []cover.Set // the minterms to cover
	minterms(c, func(m cover.Set) {
		if inCover(F, m) && !inCover(D, m) {
			ms = append(ms, m.Clone())
		}
	})
	if len(ms) > 64 {
		t.Fatalf("%d minterms to cover; the brute force handles 64", len(ms))
	}
	var implicants []cover.Set
	allCubes(c, func(q cover.Set) {
		if !meets(c, q, R) {
			implicants = append(implicants, q.Clone())
		}
	})
	var primes []uint64 // each prime as the set of minterms it covers
	for i, p := range implicants {
		prime := true
		for j, q := range implicants {
			if i != j && p.Implies(q) && !p.Equal(q) {
				prime = false
				break
			}
		}
		if !prime {
			continue
		}
		var covers uint64
		for k, m := range ms {
			if m.Implies(p) {
				covers |= 1 << k
			}
		}
		primes = append(primes, covers)
	}
	all := uint64(1)<<len(ms) - 1
	if len(ms) == 64 {
		all = ^uint64(0)
	}
	var search func(left int, got uint64) bool
	search = func(left int, got uint64) bool {
		if got == all {
			return true
		}
		if left == 0 {
			return false
		}
		// Cover the first minterm not yet covered.
		k := bits.TrailingZeros64(^got & all)
		for _, p := range primes {
			if p>>k&1 != 0 && search(left-1, got|p) {
				return true
			}
		}
		return false
	}
	for n := 0; ; n++ {
		if search(n, 0) {
			return n
		}
	}
}

// The signature method finds a cover of minimum size: checked against a
// brute-force minimum on small random functions (the covering properties
// are checked too).
func TestSignatureMinimum(t *testing.T) {
	for _, sh := range []struct {
		name   string
		binary int
		mv     []int
	}{
		{"3in-1out", 3, []int{1}},
		{"4in-1out", 4, []int{1}},
		{"4in-2out", 4, []int{2}},
		{"3in-3out", 3, []int{3}},
		{"4in-no-output", 4, nil},
	} {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(sh.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(sh.binary)))
			for trial := 0; trial < 25; trial++ {
				F, D, R := randomFunction(c, rng, 1+rng.IntN(8), rng.IntN(3))
				G, err := NewRun(c, nil).Signature(F, D, R)
				if err != nil {
					t.Fatalf("trial %d: %v", trial, err)
				}
				checkResult(t, c, F, D, R, G, false)
				if want := minimumCoverSize(t, c, F, D, R); G.Count != want {
					t.Errorf("trial %d: %d cubes, the minimum is %d", trial, G.Count, want)
				}
			}
		})
	}
}

// The single-output drivers give, for each output, a cover of that output
// alone (SingleOutput) or of it or its complement (SingleOutputBoth, as
// the phase says).
func TestSingleOutput(t *testing.T) {
	c, err := cover.NewCube(4, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := 0; trial < 20; trial++ {
		F, D, R := randomFunction(c, rng, 1+rng.IntN(8), rng.IntN(3))
		G, err := NewRun(c, nil).SingleOutput(F.Clone(), D, R)
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, c, F, D, R, G, false)
		for i := 0; i < G.Count; i++ {
			if n := cover.NewSet(c.Size).And(G.At(i), c.VarMask[c.Output]).Count(); n != 1 {
				t.Errorf("trial %d: cube %v has %d outputs, want 1", trial, G.At(i), n)
			}
		}

		G, err = NewRun(c, nil).SingleOutputExact(F.Clone(), D, R)
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, c, F, D, R, G, false)

		G, phase, err := NewRun(c, nil).SingleOutputBoth(F.Clone(), D, R)
		if err != nil {
			t.Fatal(err)
		}
		// On an output of positive phase G covers the minterms of F, on
		// one of negative phase those of the OFF-set (outside D both).
		minterms(c, func(m cover.Set) {
			if inCover(D, m) {
				return
			}
			o := firstPart(m.Clone().And(m, c.VarMask[c.Output]))
			want := inCover(F, m) == phase.Has(o)
			if got := inCover(G, m); got != want {
				t.Errorf("trial %d: minterm %v (phase %v) covered %v, want %v", trial, m, phase.Has(o), got, want)
			}
		})
	}
}

// blackWhiteLists returns the white and the black list of bw in order.
func blackWhiteLists(bw *blackWhite) (white, black []int) {
	for i := bw.whiteHead; i != -1; i = bw.forward[i] {
		white = append(white, i)
	}
	for i := bw.blackHead; i != -1; i = bw.forward[i] {
		black = append(black, i)
	}
	return white, black
}

// The lists of black_white.c: split moves the white cubes lacking a part to
// the head of the black list, one by one (so their order reverses); merge
// appends the black list to the white one; push and pop save and restore
// the black list.
func TestBlackWhiteLists(t *testing.T) {
	c, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	// Six OFF-set cubes; cube i has part 0 (x0 = 0) when i is even.
	R := c.NewCover(6)
	for i := 0; i < 6; i++ {
		p := R.AppendEmpty()
		p.Insert(2) // x1 = 0
		p.Insert(4) // the output
		if i%2 == 0 {
			p.Insert(0)
		} else {
			p.Insert(1)
		}
	}
	var bw blackWhite
	bw.setup(c, R, c.FullSet)
	steps := []struct {
		name         string
		do           func()
		white, black []int
	}{
		{"setup", func() {}, []int{0, 1, 2, 3, 4, 5}, nil},
		{"split on part 0", func() { bw.resetBlack(); bw.split(R, 0) }, []int{0, 2, 4}, []int{5, 3, 1}},
		{"push", func() { bw.pushBlack() }, []int{0, 2, 4}, []int{5, 3, 1}},
		{"split on part 1", func() { bw.resetBlack(); bw.split(R, 1) }, []int{}, []int{4, 2, 0}},
		{"merge", func() { bw.merge() }, []int{4, 2, 0}, nil},
		{"pop", func() { bw.popBlack() }, []int{4, 2, 0}, []int{5, 3, 1}},
		{"merge again", func() { bw.merge() }, []int{4, 2, 0, 5, 3, 1}, nil},
		{"split on part 2", func() { bw.resetBlack(); bw.split(R, 2) }, []int{4, 2, 0, 5, 3, 1}, nil},
	}
	for _, s := range steps {
		s.do()
		white, black := blackWhiteLists(&bw)
		if !slices.Equal(white, s.white) && !(len(white) == 0 && len(s.white) == 0) {
			t.Errorf("after %s: white %v, want %v", s.name, white, s.white)
		}
		if !slices.Equal(black, s.black) {
			t.Errorf("after %s: black %v, want %v", s.name, black, s.black)
		}
	}
}

// black_white fails when a black row of the complemented blocking matrix
// is in no white row.
func TestBlackWhiteContainment(t *testing.T) {
	c, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	set := func(parts ...int) cover.Set {
		s := c.NewSet()
		for _, p := range parts {
			s.Insert(p)
		}
		return s
	}
	sig := set(0, 2, 4) // x0=0, x1=0
	for _, tc := range []struct {
		name string
		R    []cover.Set
		want bool
	}{
		// Blocking rows (before complementing): r0 → {1}, r1 → {1, 3};
		// r1, lacking part 2, turns black, and its complement {0,2,4} is
		// in r0's {0,2,3,4}.
		{"contained", []cover.Set{set(1, 2, 3, 4), set(1, 3, 4)}, true},
		// r0 → {3}, r1 → {1}; r0 turns black, and its complement
		// {0,1,2,4} is not in r1's {0,2,3,4}.
		{"not contained", []cover.Set{set(0, 1, 3, 4), set(1, 2, 3, 4)}, false},
	} {
		R := cover.FromSets(c.Size, tc.R)
		var bw blackWhite
		bw.setup(c, R, sig)
		bw.resetBlack()
		bw.split(R, 2)
		if got := bw.blackWhite(); got != tc.want {
			t.Errorf("%s: black_white %v, want %v", tc.name, got, tc.want)
		}
	}
}

// BenchmarkSignature minimizes a random function of 8 inputs and 3 outputs
// with the signature method.
func BenchmarkSignature(b *testing.B) {
	c, err := cover.NewCube(8, []int{3})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 8))
	F, D, R := randomFunction(c, rng, 40, 4)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewRun(c, nil).Signature(F, D, R); err != nil {
			b.Fatal(err)
		}
	}
}

// generatePrimes gives what 2.3's schedule of sf_contain gives (all the
// cubes found, then sf_contain) whenever it applies it, and with Distinct
// instead of Contain where the output is the only multiple-valued
// variable, where it also gives the cubes of F inside each prime. With a
// second one, Distinct would keep cubes that Maximal removes.
func TestGeneratePrimes(t *testing.T) {
	for _, sh := range []struct {
		binary int
		mv     []int
	}{
		{6, []int{1}}, {6, []int{3}}, {5, []int{4}}, {4, []int{3, 2}}, {3, []int{2, 3}},
	} {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, uint64(sh.binary)))
		differ := 0
		for trial := 0; trial < 40; trial++ {
			F, _, R := randomFunction(c, rng, 1+rng.IntN(12), rng.IntN(3))
			all := c.NewCover(0)
			for i := 0; i < F.Count; i++ {
				BB, err := cover.UnateComplement(blockingMatrix(c, R, F.At(i)))
				if err != nil {
					t.Fatal(err)
				}
				for j := 0; j < BB.Count; j++ {
					BB.At(j).Diff(c.FullSet, BB.At(j))
				}
				all = all.AppendCover(BB)
			}
			want := all.Clone().Maximal()
			if !sameCubes(all.Clone().Distinct(), want) {
				differ++
			}
			for _, from := range []int{1, 3, containFrom} {
				got, err := generatePrimes(c, F, R, from)
				if err != nil {
					t.Fatal(err)
				}
				if !sameCubes(got.primes, want) {
					t.Errorf("%d inputs, parts %v, trial %d, tidied from %d: %d primes, want %d",
						sh.binary, sh.mv, trial, from, got.primes.Count, want.Count)
				}
				if (got.rows != nil) != (len(sh.mv) == 1) {
					t.Fatalf("%d inputs, parts %v: rows known %v", sh.binary, sh.mv, got.rows != nil)
				}
				if got.rows == nil {
					continue
				}
				// The rows of each prime are the cubes of F inside it.
				for j := 0; j < got.primes.Count; j++ {
					var inside []int
					for i := 0; i < F.Count; i++ {
						if F.At(i).Implies(got.primes.At(j)) {
							inside = append(inside, i)
						}
					}
					if rows := got.rows[got.start[j]:got.start[j+1]]; !slices.Equal(rows, inside) {
						t.Errorf("%d inputs, parts %v, trial %d: prime %d holds cubes %v of F, rows %v",
							sh.binary, sh.mv, trial, j, inside, rows)
					}
				}
			}
		}
		if len(sh.mv) == 1 && differ != 0 {
			t.Errorf("%d inputs, parts %v: Distinct and Maximal differ in %d trials", sh.binary, sh.mv, differ)
		}
		if len(sh.mv) > 1 && differ == 0 {
			t.Errorf("%d inputs, parts %v: Distinct and Maximal never differ: the test shows nothing", sh.binary, sh.mv)
		}
	}
}

// firstPart returns the smallest part s holds, or -1 if it holds none.
func firstPart(s cover.Set) int {
	first := -1
	s.Elements(func(e int) bool { first = e; return false })
	return first
}
