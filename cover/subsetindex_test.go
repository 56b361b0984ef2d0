package cover

import (
	"math/rand/v2"
	"testing"
)

// TestSubsetIndex compares the index's answer with a scan of every set,
// for subsets and supersets, on sets that are proper subsets of indexed
// ones, equal to them, and random.
func TestSubsetIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 1))
	c, err := NewCube(30, []int{6})
	if err != nil {
		t.Fatal(err)
	}
	b := randomCover(c, 3000, 0.45, rng)
	sets := b.Sets()
	dw := c.words
	for _, rev := range []bool{false, true} {
		ix := newSubsetIndex(sets, dw, rev)
		queries := c.NewCover(0)
		for i := 0; i < b.Count; i += 7 {
			q := queries.AppendEmpty()
			q.Copy(b.At(i))
			if i%3 != 0 { // drop or add parts; some stay equal
				for e := 0; e < c.Size; e++ {
					if rng.IntN(8) == 0 {
						if rev {
							q.Insert(e)
						} else {
							q.Remove(e)
						}
					}
				}
			}
		}
		for i := 0; i < 300; i++ {
			q := queries.AppendEmpty()
			for e := 0; e < c.Size; e++ {
				if rng.IntN(3) != 0 {
					q.Insert(e)
				}
			}
		}
		yes := 0
		for i := 0; i < queries.Count; i++ {
			q := queries.At(i)
			want := false
			for _, y := range sets {
				sub, super := q, y
				if rev {
					sub, super = y, q
				}
				if sub.Implies(super) && !equalWords(q, y) {
					want = true
					break
				}
			}
			if got := ix.properOf(q); got != want {
				t.Fatalf("rev %v, query %d: index says %v, scan says %v", rev, i, got, want)
			}
			if want {
				yes++
			}
		}
		if yes == 0 || yes == queries.Count {
			t.Errorf("rev %v: %d of %d queries yes: the test does not tell the answers apart", rev, yes, queries.Count)
		}
	}
}

func equalWords(a, b Set) bool {
	for i := 1; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestContainLarge checks Maximal, Minimal and ContainedUnion on covers
// long enough to use a subsetIndex against the definitions: the maximal
// (minimal) distinct sets, in Descend (Ascend) order.
func TestContainLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 2))
	c, err := NewCube(20, []int{5})
	if err != nil {
		t.Fatal(err)
	}
	a := randomCover(c, 3500, 0.5, rng)
	b := randomCover(c, 3500, 0.5, rng)
	for i := 0; i < 300; i++ { // duplicates across and within
		a.Append(b.At(rng.IntN(b.Count)))
		a.Append(a.At(rng.IntN(a.Count)))
	}
	if !useSubsetIndex(a.scanPairs(a.sortedIndex(Descend, true)), a.Count, c.words) {
		t.Fatal("covers too small to be indexed")
	}
	extreme := func(sets []Set, rev bool) []Set {
		var r []Set
		for i, x := range sets {
			keep := true
			for j, y := range sets {
				p, q := x, y
				if rev {
					p, q = y, x
				}
				if p.Implies(q) && (!equalWords(x, y) || j > i) {
					keep = false
					break
				}
			}
			if keep {
				r = append(r, x)
			}
		}
		return r
	}
	check := func(name string, got *Cover, want []Set, order func(a, b Set) int) {
		t.Helper()
		for _, w := range want {
			w.PutSize(w.Count())
		}
		sortSets(want, order)
		if got.Count != len(want) {
			t.Fatalf("%s: %d sets, want %d", name, got.Count, len(want))
		}
		for i, w := range want {
			if !equalWords(got.At(i), w) {
				t.Fatalf("%s: set %d differs", name, i)
			}
		}
	}
	check("Contain", a.Maximal(), extreme(a.Sets(), false), Descend)
	check("Minimal", a.Minimal(), extreme(a.Sets(), true), Ascend)
	ca, cb := a.Maximal(), b.Maximal()
	check("ContainedUnion", ContainedUnion(ca, cb), extreme(append(ca.Sets(), cb.Sets()...), false), Descend)
}

func sortSets(s []Set, cmp func(a, b Set) int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && cmp(s[j-1], s[j]) > 0; j-- {
			s[j-1], s[j] = s[j], s[j-1]
		}
	}
}
