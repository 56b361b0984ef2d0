package minimize

import (
	"bufio"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// The tests here check the properties every ESPRESSO result has, by
// enumerating minterms on small functions: the result covers the ON-set,
// stays inside ON ∪ DC, consists of primes (no part can be raised without
// meeting the OFF-set) and is irredundant (no cube can be dropped). Byte
// identity with 2.3 is checked by the golden test of cmd/espresso.

// minterms calls f with each minterm of the cube structure: one part per
// variable.
func minterms(c *cover.Cube, f func(m cover.Set)) {
	m := c.NewSet()
	var rec func(v int)
	rec = func(v int) {
		if v == c.NumVars {
			f(m)
			return
		}
		for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
			m.Insert(i)
			rec(v + 1)
			m.Remove(i)
		}
	}
	rec(0)
}

func inCover(F *cover.Cover, m cover.Set) bool {
	for i := 0; i < F.Count; i++ {
		if m.Implies(F.At(i)) {
			return true
		}
	}
	return false
}

// randomFunction returns a random ON-set and DC-set over c and the OFF-set
// as the cover of the remaining minterms.
func randomFunction(c *cover.Cube, rng *rand.Rand, nF, nD int) (F, D, R *cover.Cover) {
	randCube := func() cover.Set {
		s := c.NewSet()
		for v := 0; v < c.NumVars; v++ {
			for {
				for i := c.FirstPart[v]; i <= c.LastPart[v]; i++ {
					if rng.IntN(3) != 0 {
						s.Insert(i)
					}
				}
				if !s.Disjoint(c.VarMask[v]) {
					break
				}
			}
		}
		return s
	}
	F, D, R = c.NewCover(nF), c.NewCover(nD), c.NewCover(0)
	for i := 0; i < nF; i++ {
		F.Append(randCube())
	}
	for i := 0; i < nD; i++ {
		D.Append(randCube())
	}
	minterms(c, func(m cover.Set) {
		if !inCover(F, m) && !inCover(D, m) {
			R.Append(m)
		}
	})
	return F, D, R
}

// checkResult checks the properties of a minimized ON-set G of (F, D, R).
func checkResult(t *testing.T, c *cover.Cube, F, D, R, G *cover.Cover, wantPrime bool) {
	t.Helper()
	minterms(c, func(m cover.Set) {
		inF, inD, inG := inCover(F, m), inCover(D, m), inCover(G, m)
		if inF && !inD && !inG {
			t.Errorf("minterm %v of F not covered by the result", m)
		}
		if inG && !inF && !inD {
			t.Errorf("minterm %v of the result outside F ∪ D", m)
		}
	})
	for i := 0; i < G.Count; i++ {
		p := G.At(i)
		if wantPrime {
			for e := 0; e < c.Size; e++ {
				if p.Has(e) {
					continue
				}
				q := p.Clone()
				q.Insert(e)
				if !meets(c, q, R) {
					t.Errorf("cube %v of the result is not prime: part %d can be raised", p, e)
				}
			}
		}
		// Irredundant: some minterm of F − D is covered by p alone.
		alone := false
		minterms(c, func(m cover.Set) {
			if alone || !m.Implies(p) || inCover(D, m) {
				return
			}
			for j := 0; j < G.Count; j++ {
				if j != i && m.Implies(G.At(j)) {
					return
				}
			}
			alone = true
		})
		if !alone {
			t.Errorf("cube %v of the result is redundant", p)
		}
	}
}

func meets(c *cover.Cube, q cover.Set, R *cover.Cover) bool {
	for i := 0; i < R.Count; i++ {
		if c.Dist0(q, R.At(i)) {
			return true
		}
	}
	return false
}

var shapes = []struct {
	name   string
	binary int
	mv     []int
}{
	{"3in-1out", 3, []int{1}},
	{"4in-2out", 4, []int{2}},
	{"5in-3out", 5, []int{3}},
	{"3in-mv3-2out", 3, []int{3, 2}},
	{"6in-1out", 6, []int{1}},
	{"4in-no-output", 4, nil},
	{"mv4-mv3", 0, []int{4, 3}},
}

func TestEspressoProperties(t *testing.T) {
	optsets := []struct {
		name string
		set  []string
	}{
		{"default", nil},
		{"fast", []string{"fast"}},
		{"strong", []string{"strong"}},
		{"ness", []string{"ness"}},
		{"nirr", []string{"nirr"}},
		{"nunwrap", []string{"nunwrap"}},
	}
	for _, sh := range shapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		for _, os := range optsets {
			t.Run(sh.name+"/"+os.name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(1, uint64(len(os.name))))
				for trial := 0; trial < 20; trial++ {
					F, D, R := randomFunction(c, rng, 1+rng.IntN(8), rng.IntN(3))
					opt := DefaultOptions()
					for _, o := range os.set {
						if err := opt.SetEspressoOption(o); err != nil {
							t.Fatal(err)
						}
					}
					G, err := Espresso(c, F, D, R, opt)
					if err != nil {
						t.Fatalf("trial %d: %v", trial, err)
					}
					// make_sparse lowers sparse parts, so the result of a
					// full run need not be prime in the output part.
					checkResult(t, c, F, D, R, G, false)
				}
			})
		}
	}
}

func TestExpandIrredundantProperties(t *testing.T) {
	for _, sh := range shapes {
		c, err := cover.NewCube(sh.binary, sh.mv)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(sh.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2, 3))
			for trial := 0; trial < 30; trial++ {
				F, D, R := randomFunction(c, rng, 1+rng.IntN(8), rng.IntN(3))
				r := NewRun(c, nil)
				G, err := r.Expand(F.Clone(), R, false)
				if err != nil {
					t.Fatal(err)
				}
				G, err = r.Irredundant(G, D)
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, c, F, D, R, G, true)
			}
		})
	}
}

// An ON-set meeting the OFF-set is an error of the input, reported, not a
// crash (2.3 exits with "ON-set and OFF-set are not orthogonal").
func TestEspressoInconsistent(t *testing.T) {
	c, _ := cover.NewCube(2, []int{1})
	full := c.FullSet.Clone()
	F := cover.FromSets(c.Size, []cover.Set{full})
	D := c.NewCover(0)
	R := cover.FromSets(c.Size, []cover.Set{full})
	if _, err := Espresso(c, F, D, R, nil); err != ErrNotOrthogonal {
		t.Fatalf("Espresso of F meeting R: got %v, want ErrNotOrthogonal", err)
	}
}

func TestExpandNotOrthogonal(t *testing.T) {
	c, _ := cover.NewCube(2, []int{1})
	full := c.FullSet.Clone()
	F := cover.FromSets(c.Size, []cover.Set{full})
	R := cover.FromSets(c.Size, []cover.Set{full})
	if _, err := NewRun(c, nil).Expand(F, R, false); err != ErrNotOrthogonal {
		t.Fatalf("Expand of a cube meeting the OFF-set: got %v, want ErrNotOrthogonal", err)
	}
}

// Two minimizations at once must each give what they give alone.
func TestConcurrentRuns(t *testing.T) {
	c, _ := cover.NewCube(5, []int{3})
	rng := rand.New(rand.NewPCG(7, 7))
	type job struct{ F, D, R, want *cover.Cover }
	jobs := make([]job, 8)
	for i := range jobs {
		F, D, R := randomFunction(c, rng, 8, 2)
		want, err := Espresso(c, F, D, R, nil)
		if err != nil {
			t.Fatal(err)
		}
		jobs[i] = job{F, D, R, want}
	}
	var wg sync.WaitGroup
	for i := range jobs {
		wg.Add(1)
		go func(j job) {
			defer wg.Done()
			got, err := Espresso(c, j.F, j.D, j.R, nil)
			if err != nil {
				t.Error(err)
				return
			}
			if got.Count != j.want.Count {
				t.Errorf("concurrent run gave %d cubes, alone %d", got.Count, j.want.Count)
				return
			}
			for k := 0; k < got.Count; k++ {
				if !got.At(k).Equal(j.want.At(k)) {
					t.Errorf("concurrent run differs at cube %d", k)
					return
				}
			}
		}(jobs[i])
	}
	wg.Wait()
}

func TestSetEspressoOption(t *testing.T) {
	tests := []struct {
		name  string
		check func(o *Options) bool
	}{
		{"fast", func(o *Options) bool { return o.SingleExpand }},
		{"strong", func(o *Options) bool { return o.UseSuperGasp }},
		{"ness", func(o *Options) bool { return !o.RemoveEssential }},
		{"nirr", func(o *Options) bool { return !o.ForceIrredundant }},
		{"nunwrap", func(o *Options) bool { return !o.UnwrapOnset }},
		{"onset", func(o *Options) bool { return o.RecomputeOnset }},
		{"random", func(o *Options) bool { return o.UseRandomOrder }},
	}
	for _, tt := range tests {
		o := DefaultOptions()
		if tt.check(o) {
			t.Errorf("%s: default already has the effect", tt.name)
		}
		if err := o.SetEspressoOption(tt.name); err != nil || !tt.check(o) {
			t.Errorf("SetEspressoOption(%q) = %v, effect missing", tt.name, err)
		}
	}
	for _, name := range []string{"bogus", "eat", "eatdots", "kiss", "pos"} {
		if err := DefaultOptions().SetEspressoOption(name); err == nil {
			t.Errorf("SetEspressoOption(%q) succeeded", name)
		}
	}
}

func TestFormatTime(t *testing.T) {
	// util_print_time: seconds, then hundredths truncated.
	tests := []struct {
		ms   int64
		want string
	}{{0, "0.00 sec"}, {1234, "1.23 sec"}, {999, "0.99 sec"}, {60009, "60.00 sec"}}
	for _, tt := range tests {
		if got := FormatTime(tt.ms); got != tt.want {
			t.Errorf("FormatTime(%d) = %q, want %q", tt.ms, got, tt.want)
		}
	}
}

func BenchmarkEspresso(b *testing.B) {
	c, _ := cover.NewCube(8, []int{4})
	rng := rand.New(rand.NewPCG(11, 13))
	F, D, R := randomFunction(c, rng, 40, 4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Espresso(c, F, D, R, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// twoCubeFunction returns f(a, b) = a'b + ab with one output, as two
// cubes, and its OFF-set b': the package example's function.
func twoCubeFunction() (c *cover.Cube, F, R *cover.Cover) {
	c, _ = cover.NewCube(2, []int{1})
	cubeOf := func(a, b int) cover.Set {
		s := c.NewSet()
		cover.SetInput(s, 0, a)
		cover.SetInput(s, 1, b)
		s.Insert(4)
		return s
	}
	F = cover.FromSets(c.Size, []cover.Set{cubeOf(cover.Zero, cover.One), cubeOf(cover.One, cover.One)})
	R = cover.FromSets(c.Size, []cover.Set{cubeOf(cover.Dash, cover.Zero)})
	return c, F, R
}

func TestDebugOutput(t *testing.T) {
	// The lines 2.3 prints under -v expand and -v essen: one per cube
	// expanded, "EXPAND: <cube before> (covered <n>)", and one per
	// essential prime found.
	c, F, R := twoCubeFunction()
	var b strings.Builder
	opt := DefaultOptions()
	opt.Debug = DebugExpand
	opt.Out = &b
	r := NewRun(c, opt)
	G, err := r.Expand(F, R, false)
	if err != nil {
		t.Fatal(err)
	}
	// mini_sort ascending puts equal weights in input order; the first cube
	// expands to -1 and covers the second.
	if want := "EXPAND: 01 1 (covered 1)\n"; b.String() != want || G.Count != 1 {
		t.Errorf("debug output %q (%d cubes), want %q (1 cube)", b.String(), G.Count, want)
	}
}

// TestTraceLinesFlushed checks that each -t line reaches the writer under
// a bufio.Writer as soon as its step ends: a minimization of hours shows
// its progress, not everything at the end.
func TestTraceLinesFlushed(t *testing.T) {
	c, F, R := twoCubeFunction()
	var under strings.Builder
	out := bufio.NewWriterSize(&under, 1<<16)
	opt := DefaultOptions()
	opt.Trace, opt.Out = true, out
	if _, err := Espresso(c, F, c.NewCover(0), R, opt); err != nil {
		t.Fatal(err)
	}
	if n := out.Buffered(); n != 0 {
		t.Errorf("%d bytes of the trace still buffered after the run; written so far:\n%s", n, under.String())
	}
	if !strings.Contains(under.String(), "# EXPAND     \tTime was") {
		t.Errorf("no EXPAND line in the trace:\n%s", under.String())
	}
}

// must returns the cover a step returned, failing the test if the step
// returned an error: must(t)(r.Reduce(F, D)).
func must(t testing.TB) func(F *cover.Cover, err error) *cover.Cover {
	return func(F *cover.Cover, err error) *cover.Cover {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return F
	}
}

// must3 is must for the steps that return three covers.
func must3(t testing.TB) func(A, B, C *cover.Cover, err error) (_, _, _ *cover.Cover) {
	return func(A, B, C *cover.Cover, err error) (_, _, _ *cover.Cover) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return A, B, C
	}
}
