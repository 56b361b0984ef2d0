package cover

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// randomCover returns n random cubes of cube c; each literal is full with
// probability pFull, otherwise a random non-empty subset of its parts.
func randomCover(c *Cube, n int, pFull float64, rng *rand.Rand) *Cover {
	f := c.NewCover(n)
	each := make([]float64, c.NumVars)
	for v := range each {
		each[v] = pFull
	}
	for range n {
		f.Append(randomCubeFull(c, each, rng))
	}
	return f
}

// randomCubeFull returns a random cube of c, full in variable v with
// probability pFull[v] and otherwise holding a random nonempty set of its
// parts.
func randomCubeFull(c *Cube, pFull []float64, rng *rand.Rand) Set {
	p := c.NewSet()
	for v := range c.NumVars {
		full := rng.Float64() < pFull[v]
		for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
			if full || rng.IntN(2) == 0 {
				p.Insert(e)
			}
		}
		if p.Disjoint(c.VarMask[v]) {
			p.Insert(c.FirstPart[v] + rng.IntN(c.PartSize[v]))
		}
	}
	return p
}

// forEachMinterm calls f with every minterm of c: one part of each variable.
func forEachMinterm(c *Cube, f func(m Set)) {
	m := c.NewSet()
	var rec func(v int)
	rec = func(v int) {
		if v == c.NumVars {
			f(m)
			return
		}
		for e := c.FirstPart[v]; e <= c.LastPart[v]; e++ {
			m.Insert(e)
			rec(v + 1)
			m.Remove(e)
		}
	}
	rec(0)
}

// covers reports whether some cube of f contains minterm m.
func covers(f *Cover, m Set) bool {
	for i := 0; i < f.Count; i++ {
		if m.Implies(f.At(i)) {
			return true
		}
	}
	return false
}

// sameFunction reports the first minterm on which f and g differ, or nil.
func sameFunction(c *Cube, f, g *Cover) Set {
	var bad Set
	forEachMinterm(c, func(m Set) {
		if bad == nil && covers(f, m) != covers(g, m) {
			bad = m.Clone()
		}
	})
	return bad
}

func TestCompact(t *testing.T) {
	shapes := []struct {
		name     string
		binary   int
		mv       []int
		n        int
		pFull    float64
		trials   int
		maxCubes int
	}{
		{"binary, one output", 6, []int{1}, 40, 0.3, 50, 0},
		{"binary, three outputs", 5, []int{3}, 30, 0.4, 50, 0},
		{"multiple-valued", 3, []int{3, 4, 2}, 30, 0.3, 50, 0},
		{"no outputs", 6, nil, 40, 0.3, 30, 0},
		{"wide cubes", 40, []int{30, 2}, 25, 0.95, 20, 0},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			c, err := NewCube(s.binary, s.mv)
			if err != nil {
				t.Fatal(err)
			}
			for trial := 0; trial < s.trials; trial++ {
				f := randomCover(c, s.n, s.pFull, rng)
				orig := f.Clone()
				g, merges := c.Compact(f)
				if g.Count+merges != orig.Count {
					t.Fatalf("%d cubes out + %d merges != %d in", g.Count, merges, orig.Count)
				}
				if c.Size <= 24 {
					if m := sameFunction(c, orig, g); m != nil {
						t.Fatalf("function changed at minterm %s", m)
					}
				}
				if i, j, ok := mergeablePair(c, g); ok {
					t.Fatalf("not a fixpoint: cubes %d %s and %d %s can merge", i, g.At(i), j, g.At(j))
				}
				h, again := c.Compact(g.Clone())
				if again != 0 || h.Count != g.Count {
					t.Fatalf("second compaction merged %d more", again)
				}
			}
		})
	}
}

// mergeablePair finds, by comparing all pairs, two cubes equal outside one
// input variable.
func mergeablePair(c *Cube, f *Cover) (int, int, bool) {
	inputs := c.NumVars
	if c.Output >= 0 {
		inputs--
	}
	x := c.NewSet()
	for i := 0; i < f.Count; i++ {
		for j := i + 1; j < f.Count; j++ {
			x.Xor(f.At(i), f.At(j))
			differ := 0
			for v := 0; v < c.NumVars; v++ {
				if !x.Disjoint(c.VarMask[v]) {
					differ++
					if v >= inputs {
						differ += 2 // outputs must agree
					}
				}
			}
			if differ <= 1 {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

func TestCompactMintermsToCube(t *testing.T) {
	// All 2^8 minterms of 8 inputs with output 1 compact to the universe.
	c, _ := NewCube(8, []int{1})
	f := c.NewCover(256)
	for m := 0; m < 256; m++ {
		p := f.AppendEmpty()
		for v := 0; v < 8; v++ {
			SetInput(p, v, 1+(m>>v)&1)
		}
		p.Insert(c.FirstPart[c.Output])
	}
	g, merges := c.Compact(f)
	if g.Count != 1 || merges != 255 || !g.At(0).Equal(c.FullSet) {
		t.Fatalf("got %d cubes (%d merges), first %s", g.Count, merges, g.At(0))
	}
}

// BenchmarkCompact compacts 2^22 minterms (4 194 304) of a 22-input
// function minus a scattered sixteenth of them, so much merges but not
// everything.
func BenchmarkCompact(b *testing.B) {
	const inputs = 22
	c, _ := NewCube(inputs, []int{1})
	build := func() *Cover {
		f := c.NewCover(1 << inputs)
		for m := 0; m < 1<<inputs; m++ {
			if (m*2654435761)>>7&3 == 0 && m&15 == 3 {
				continue
			}
			p := f.AppendEmpty()
			for v := 0; v < inputs; v++ {
				SetInput(p, v, 1+(m>>v)&1)
			}
			p.Insert(c.FirstPart[c.Output])
		}
		return f
	}
	f := build()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g := f.Clone()
		b.StartTimer()
		g, _ = c.Compact(g)
		b.ReportMetric(float64(f.Count), "minterms")
		b.ReportMetric(float64(g.Count), "cubes")
	}
	// The process's peak resident set: the input (16 bytes a minterm),
	// its copy, and what compaction needs on top.
	if kb := peakRSSKB(); kb > 0 {
		b.ReportMetric(float64(kb)/1024, "peak-RSS-MB")
	}
}

// peakRSSKB is this process's VmHWM from /proc/self/status, or 0 where
// there is none.
func peakRSSKB() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n
			}
		}
	}
	return 0
}

// TestCompacted checks Compacted: F itself below the limit or where no
// cubes merge, and otherwise a new cover holding the same minterms in
// fewer cubes, F untouched.
func TestCompacted(t *testing.T) {
	c, err := NewCube(4, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	F := c.NewCover(0)
	for m := range 16 { // the minterms of the first output
		p := F.AppendEmpty()
		for v := range 4 {
			SetInput(p, v, []int{Zero, One}[m>>v&1])
		}
		p.Insert(c.FirstPart[4])
	}
	if got := c.Compacted(F, F.Count+1); got != F {
		t.Errorf("below the limit: a new cover")
	}
	C := c.Compacted(F, 0)
	if C == F || C.Count != 1 || F.Count != 16 {
		t.Fatalf("16 minterms compact to %d cubes (F now %d)", C.Count, F.Count)
	}
	want, _ := c.Minterms(F)
	got, _ := c.Minterms(C)
	if !got.Equal(want) {
		t.Errorf("compacted cover holds other minterms")
	}
	if again := c.Compacted(C, 0); again != C {
		t.Errorf("nothing to merge: a new cover")
	}
}
