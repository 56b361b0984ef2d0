package minimize

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// The tests here check Primes and MinimizeExact against enumeration on
// small functions: the primes are the maximal cubes inside ON ∪ DC, and an
// exact minimization uses as few primes (or, weighted, as few literals)
// as any set of primes covering ON − DC. Byte identity with 2.3 (-Dprimes,
// -Dexact, -Dqm) is checked by the golden test of cmd/espresso.

// exactCubes lists every cube of c: a nonempty set of parts per variable.
func exactCubes(c *cover.Cube) []cover.Set {
	var out []cover.Set
	s := c.NewSet()
	var rec func(v int)
	rec = func(v int) {
		if v == c.NumVars {
			out = append(out, s.Clone())
			return
		}
		n := c.PartSize[v]
		for sub := 1; sub < 1<<n; sub++ {
			for i := 0; i < n; i++ {
				if sub>>i&1 != 0 {
					s.Insert(c.FirstPart[v] + i)
				} else {
					s.Remove(c.FirstPart[v] + i)
				}
			}
			rec(v + 1)
		}
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			s.Remove(i)
		}
	}
	rec(0)
	return out
}

// exactMinterms lists the minterms of c (one part per variable).
func exactMinterms(c *cover.Cube) []cover.Set {
	var out []cover.Set
	for _, s := range exactCubes(c) {
		if s.Count() == c.NumVars {
			out = append(out, s)
		}
	}
	return out
}

func exactInCover(F *cover.Cover, m cover.Set) bool {
	for i := 0; i < F.Count; i++ {
		if m.Implies(F.At(i)) {
			return true
		}
	}
	return false
}

// exactRandom returns a random ON-set and DC-set of nF and nD cubes and
// the OFF-set as the cover of the remaining minterms.
func exactRandom(c *cover.Cube, rng *rand.Rand, nF, nD int) (F, D, R *cover.Cover) {
	F, D, R = randomCubes(c, rng, nF), randomCubes(c, rng, nD), c.NewCover(0)
	for _, m := range exactMinterms(c) {
		if !exactInCover(F, m) && !exactInCover(D, m) {
			R.Append(m)
		}
	}
	return F, D, R
}

// exactRandomMinterms returns an ON-set of random minterms (each taken
// with probability p), no DC-set, and the OFF-set of the others.
func exactRandomMinterms(c *cover.Cube, rng *rand.Rand, p float64) (F, D, R *cover.Cover) {
	F, D, R = c.NewCover(0), c.NewCover(0), c.NewCover(0)
	for _, m := range exactMinterms(c) {
		if rng.Float64() < p {
			F.Append(m)
		} else {
			R.Append(m)
		}
	}
	return F, D, R
}

// exactImplicant reports whether every minterm of p is in ON ∪ DC.
func exactImplicant(ms []cover.Set, F, D *cover.Cover, p cover.Set) bool {
	for _, m := range ms {
		if m.Implies(p) && !exactInCover(F, m) && !exactInCover(D, m) {
			return false
		}
	}
	return true
}

// exactPrimes returns the maximal implicants of (F, D) by enumeration, as
// sorted strings.
func exactPrimes(c *cover.Cube, F, D *cover.Cover) []string {
	ms := exactMinterms(c)
	var imp []cover.Set
	for _, p := range exactCubes(c) {
		if exactImplicant(ms, F, D, p) {
			imp = append(imp, p)
		}
	}
	var out []string
	for _, p := range imp {
		maximal := true
		for _, q := range imp {
			if !q.Equal(p) && p.Implies(q) {
				maximal = false
				break
			}
		}
		if maximal {
			out = append(out, p.String())
		}
	}
	slices.Sort(out)
	return out
}

var exactShapes = []struct {
	binary int
	mv     []int
}{
	{2, []int{1}},
	{3, []int{1}},
	{4, []int{1}},
	{3, []int{2}},
	{4, []int{2}},
	{2, []int{3, 2}},
	{1, []int{4, 2}},
	{5, []int{1}},
	{4, []int{3}},
}

func TestPrimesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	n, void := 0, 0
	for _, sh := range exactShapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 40; iter++ {
			F, D, _ := exactRandom(c, rng, rng.IntN(6), rng.IntN(3))
			want := exactPrimes(c, F, D)
			Fs, Ds := F.Clone(), D.Clone()
			P := NewRun(c, nil).Primes(c.NewCubeList(F, D))
			// 2.3 may also return void cubes (empty in some variable):
			// for .i 4 .o 3 and F = {01-- 001, -00- 100, --00 101} its
			// -Dprimes prints "0-0- 000" too. The others must be exactly
			// the maximal implicants.
			var got []string
			for i := 0; i < P.Count; i++ {
				if p := P.At(i); c.Dist(p, c.FullSet) == 0 {
					got = append(got, p.String())
				} else {
					void++
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("cube %v: F=%v D=%v:\nprimes %v\nwant   %v", sh, F.Sets(), D.Sets(), got, want)
			}
			if !sameCubes(F, Fs) || !sameCubes(D, Ds) {
				t.Fatal("Primes changed F or D")
			}
			n++
		}
	}
	t.Logf("%d functions: primes = maximal implicants (plus %d void cubes)", n, void)
}

// exactOptimum returns the least cost of a set of the primes P covering
// the minterms of F outside D, cost being 1 per prime or, if literals,
// c.Size less the parts of the prime; ok is false when P is too big to
// enumerate.
func exactOptimum(c *cover.Cube, F, D, P *cover.Cover, literals bool) (best int, ok bool) {
	if P.Count > 18 {
		return 0, false
	}
	var need []cover.Set
	for _, m := range exactMinterms(c) {
		if exactInCover(F, m) && !exactInCover(D, m) {
			need = append(need, m)
		}
	}
	if len(need) > 64 {
		return 0, false
	}
	covers := make([]uint64, P.Count)
	cost := make([]int, P.Count)
	for j := 0; j < P.Count; j++ {
		for i, m := range need {
			if m.Implies(P.At(j)) {
				covers[j] |= 1 << i
			}
		}
		cost[j] = 1
		if literals {
			cost[j] = c.Size - P.At(j).Count()
		}
	}
	all := uint64(1)<<len(need) - 1
	if len(need) == 64 {
		all = ^uint64(0)
	}
	best = -1
	for s := uint32(0); s < 1<<P.Count; s++ {
		var got uint64
		k := 0
		for v := s; v != 0; v &= v - 1 {
			j := bits.TrailingZeros32(v)
			got |= covers[j]
			k += cost[j]
		}
		if got == all && (best < 0 || k < best) {
			best = k
		}
	}
	return best, true
}

func TestMinimizeExactBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	checked, skipped, heurWorse := 0, 0, 0
	for _, sh := range exactShapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		ms := exactMinterms(c)
		for iter := 0; iter < 30; iter++ {
			F, D, R := exactRandom(c, rng, 1+rng.IntN(10), rng.IntN(3))
			if iter%2 == 1 {
				// Random minterms make cyclic covering problems, where a
				// heuristic cover can lose.
				F, D, R = exactRandomMinterms(c, rng, 0.5)
			}
			P := NewRun(c, nil).Primes(c.NewCubeList(F, D))
			for _, mode := range []struct {
				name     string
				exact    bool
				literals bool
			}{{"exact", true, false}, {"qm", false, false}, {"exact literals", true, true}} {
				opt, ok := exactOptimum(c, F, D, P, mode.literals)
				r := NewRun(c, nil)
				var G *cover.Cover
				var err error
				// Without R, no make_sparse: the result is a set of primes.
				if mode.literals {
					G, err = r.MinimizeExactLiterals(F.Clone(), D, nil, mode.exact)
				} else {
					G, err = r.MinimizeExact(F.Clone(), D, nil, mode.exact)
				}
				if err != nil {
					t.Fatal(err)
				}
				cost := 0
				for i := 0; i < G.Count; i++ {
					p := G.At(i)
					if !exactImplicant(ms, F, D, p) {
						t.Fatalf("%s: cube %v of the result meets the OFF-set", mode.name, p)
					}
					if mode.literals {
						cost += c.Size - p.Count()
					} else {
						cost++
					}
				}
				for _, m := range ms {
					if exactInCover(F, m) && !exactInCover(D, m) && !exactInCover(G, m) {
						t.Fatalf("%s: minterm %v of F not covered", mode.name, m)
					}
				}
				if !ok {
					skipped++
					continue
				}
				checked++
				if !mode.exact && cost > opt {
					heurWorse++
				}
				if (mode.exact && cost != opt) || cost < opt {
					t.Fatalf("%s: F=%v D=%v: cost %d, optimum %d", mode.name, F.Sets(), D.Sets(), cost, opt)
				}
			}

			// With R, the result also goes through make_sparse; it must
			// still be a cover of F inside ON ∪ DC.
			G, err := NewRun(c, nil).MinimizeExact(F.Clone(), D, R, true)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms {
				in := exactInCover(G, m)
				if exactInCover(F, m) && !exactInCover(D, m) && !in {
					t.Fatalf("make_sparse: minterm %v of F not covered", m)
				}
				if in && !exactInCover(F, m) && !exactInCover(D, m) {
					t.Fatalf("make_sparse: minterm %v of the OFF-set covered", m)
				}
			}
		}
	}
	t.Logf("cost checked against enumeration %d times (%d skipped: too many primes); the heuristic (qm) lost %d times", checked, skipped, heurWorse)
}

// TestMinimizeExactDebug checks that DebugExact turns on the covering
// trace of mincov (2.3's level 4) and the dump of the primes and table.
func TestMinimizeExactDebug(t *testing.T) {
	c, err := cover.NewCube(3, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	// The cyclic function of minterms 0, 1, 2, 5, 6, 7: no prime is
	// essential, so the table is not empty.
	F, D, R := c.NewCover(6), c.NewCover(0), c.NewCover(2)
	for m := 0; m < 8; m++ {
		s := c.NewSet()
		for v := 0; v < 3; v++ {
			s.Insert(2*v + (m>>(2-v))&1)
		}
		s.Insert(6)
		if m == 3 || m == 4 {
			R.Append(s)
		} else {
			F.Append(s)
		}
	}
	var buf strings.Builder
	opt := DefaultOptions()
	opt.Debug = DebugExact
	opt.Out = &buf
	r := NewRun(c, opt)
	if _, err := r.MinimizeExact(F, D, R, true); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Essential primes are\n", "# Partially redundant primes are\n", "cover cost = "} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("debug output lacks %q:\n%s", want, buf.String())
		}
	}
	if r.Options().Debug != DebugExact {
		t.Errorf("debug switches not restored: %#x", r.Options().Debug)
	}
}

// TestSoleContainersSplit checks that testing only the primes soleContainers
// marks splits the primes into the same essential, totally redundant and
// partially redundant ones, in the same order, as testing them all.
func TestSoleContainersSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	n, essential := 0, 0
	for _, sh := range exactShapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for iter := 0; iter < 60; iter++ {
			F, D, _ := exactRandom(c, rng, 1+rng.IntN(7), rng.IntN(3))
			r := NewRun(c, nil)
			P := r.Primes(c.NewCubeList(F, D))
			marked := soleContainers(c, P, F)
			P2 := P.Clone()
			E, Rt, Rp := must3(t)(r.irredSplit(P, D, nil))
			E2, Rt2, Rp2 := must3(t)(r.irredSplit(P2, D, marked))
			for _, pair := range []struct {
				name string
				a, b *cover.Cover
			}{{"E", E, E2}, {"Rt", Rt, Rt2}, {"Rp", Rp, Rp2}} {
				if got, want := pair.b.Sets(), pair.a.Sets(); !slices.EqualFunc(got, want, func(x, y cover.Set) bool {
					return x.Size() == y.Size() && x.String() == y.String()
				}) {
					t.Fatalf("cube %v: F=%v D=%v: %s = %v, testing every prime gives %v", sh, F.Sets(), D.Sets(), pair.name, got, want)
				}
			}
			n++
			essential += E.Count
		}
	}
	if essential == 0 {
		t.Fatal("no essential prime in any function: the test shows nothing")
	}
	t.Logf("%d functions, %d essential primes: same split", n, essential)
}

// TestMinimizeExactSignatureTable: with AllPrimes's bounds made too small
// to count the primes, or the table's bound too small to hold them,
// MinimizeExact takes the signature cubes' table, and gives what
// Signature gives for -Dexact (a cover of minimum size: the same size as
// through the table of every prime) and a cover of the function for -Dqm.
// Without R there is no signature table, and the error says why.
func TestMinimizeExactSignatureTable(t *testing.T) {
	for _, way := range []struct {
		name    string
		bound   func(r *Run)
		counted bool // the error gives the count
	}{
		{"too many to count", func(r *Run) { r.primes.work, r.primes.nodes = 0, 1 }, false},
		{"too many for the table", func(r *Run) { r.primes.table = 0 }, true},
	} {
		t.Run(way.name, func(t *testing.T) {
			bounded := func(c *cover.Cube) *Run {
				r := NewRun(c, nil)
				way.bound(r)
				return r
			}
			taken := 0
			for _, sh := range shapes {
				c, err := cover.NewCube(sh.binary, sh.mv)
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(5, uint64(sh.binary)))
				for trial := 0; trial < 30; trial++ {
					F, D, R := randomFunction(c, rng, 1+rng.IntN(10), rng.IntN(3))
					r := bounded(c)
					G, err := r.MinimizeExact(F.Clone(), D, R, true)
					if err != nil {
						t.Fatalf("%s, trial %d: %v", sh.name, trial, err)
					}
					if r.primes.signature == 0 {
						continue // primes_consensus did no work, or the implicit way is not supported
					}
					taken++
					want, err := NewRun(c, nil).Signature(F, D, R)
					if err != nil {
						t.Fatal(err)
					}
					if !sameCubes(G, want) {
						t.Fatalf("%s, trial %d: -Dexact by the signature table\n%v\nSignature\n%v", sh.name, trial, G, want)
					}
					full, err := NewRun(c, nil).MinimizeExact(F.Clone(), D, R, true)
					if err != nil {
						t.Fatal(err)
					}
					checkResult(t, c, F, D, R, G, false)
					if G.Count != full.Count {
						t.Fatalf("%s, trial %d: %d cubes by the signature table, %d by the table of every prime", sh.name, trial, G.Count, full.Count)
					}
					H, err := bounded(c).MinimizeExact(F.Clone(), D, R, false)
					if err != nil {
						t.Fatal(err)
					}
					checkResult(t, c, F, D, R, H, false)

					_, err = bounded(c).MinimizeExact(F.Clone(), D, nil, true)
					var tooMany *TooManyPrimesError
					if !errors.As(err, &tooMany) || (tooMany.Primes != nil) != way.counted {
						t.Fatalf("%s, trial %d: without R: %v", sh.name, trial, err)
					}
				}
			}
			t.Logf("the signature table was taken %d times", taken)
			if taken < 100 {
				t.Fatalf("the signature table was taken %d times; want 100 or more", taken)
			}
		})
	}
}
