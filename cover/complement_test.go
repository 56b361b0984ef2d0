package cover

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestComplementTable(t *testing.T) {
	c := tbCube(t, 2, 3)
	tests := []struct {
		name  string
		cubes []string
		want  []string // the complement 2.3's algorithm gives, by the stated rule
	}{
		// No cubes: the universe.
		{"empty", nil, []string{"-- 111"}},
		// One cube: De Morgan, one cube per variable not full.
		{"single cube", []string{"1- 110"}, []string{"0- 111", "-- 001"}},
		// A full row: empty complement.
		{"full row", []string{"1- 100", "-- 111"}, nil},
	}
	for _, tc := range tests {
		f := tbCover(t, c, tc.cubes...)
		got, err := c.Complement(c.NewCubeList(f), nil)
		if err != nil {
			t.Fatal(err)
		}
		want := tbCover(t, c, tc.want...)
		if got.Count != want.Count {
			t.Fatalf("%s: Complement = %v, want %v", tc.name, got.Sets(), want.Sets())
		}
		for i := 0; i < got.Count; i++ {
			if !got.At(i).Equal(want.At(i)) {
				t.Errorf("%s: cube %d = %s, want %s", tc.name, i, got.At(i), want.At(i))
			}
		}
	}
}

func TestComplementRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, c := range tbSmallShapes(t) {
		ms := tbMinterms(c)
		for n := 0; n < 300; n++ {
			f := tbRandCover(r, c, r.IntN(12), 0.4+0.5*r.Float64())
			T := c.NewCubeList(f)
			g, err := c.Complement(T, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Rule: the complement holds exactly the minterms outside F.
			tbCheckFunction(t, "Complement", ms, g, func(m Set) bool { return !tbIn(f, m) })

			// With a cofactor, the list stands for a function on the
			// minterms without a part in the cofactor. Rule: there, the
			// complement holds those outside the cubes p ∪ cof.
			T = c.NewCubeList(f)
			T.Cof = tbRandSet(r, c, 0.1)
			cof := T.Cof.Clone()
			on := c.Unlist(T)
			g, err = c.Complement(T, nil)
			if err != nil {
				t.Fatal(err)
			}
			var sub []Set
			for _, m := range ms {
				if m.Disjoint(cof) {
					sub = append(sub, m)
				}
			}
			tbCheckFunction(t, "Complement with cofactor", sub, g, func(m Set) bool { return !tbIn(on, m) })

			T = c.NewCubeList(f)
			s := c.Simplify(T, nil)
			// Rule: Simplify keeps the function, with no more cubes.
			tbCheckFunction(t, "Simplify", ms, s, func(m Set) bool { return tbIn(f, m) })
			if s.Count > f.Count {
				t.Fatalf("Simplify grew %d cubes to %d", f.Count, s.Count)
			}

			tnew, tbar, err := c.SimplifyAndComplement(c.NewCubeList(f), nil)
			if err != nil {
				t.Fatal(err)
			}
			tbCheckFunction(t, "SimplifyAndComplement on-set", ms, tnew, func(m Set) bool { return tbIn(f, m) })
			tbCheckFunction(t, "SimplifyAndComplement off-set", ms, tbar, func(m Set) bool { return !tbIn(f, m) })
		}
	}
}

func TestComplementLarger(t *testing.T) {
	// Larger covers take the lifting paths; checked on 2^10 * 6 minterms.
	r := rand.New(rand.NewPCG(25, 26))
	c := tbCube(t, 10, 6)
	ms := tbMinterms(c)
	for n := 0; n < 40; n++ {
		f := tbRandCover(r, c, 10+r.IntN(60), 0.75)
		g, err := c.Complement(c.NewCubeList(f), nil)
		if err != nil {
			t.Fatal(err)
		}
		tbCheckFunction(t, "Complement", ms, g, func(m Set) bool { return !tbIn(f, m) })
		// Complementing twice gives the function back.
		h, err := c.Complement(c.NewCubeList(g), nil)
		if err != nil {
			t.Fatal(err)
		}
		tbCheckFunction(t, "Complement twice", ms, h, func(m Set) bool { return tbIn(f, m) })
	}
}

// TestComplementWorkers checks that complementing the first splits' right
// halves in other goroutines gives the same cubes, in the same order, as
// one goroutine, on random lists large enough to fork at two levels.
// Under -race it also shows that the goroutines share nothing they write.
func TestComplementWorkers(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 72))
	for _, c := range []*Cube{tbCube(t, 14, 5), tbCube(t, 11, 4, 6)} {
		for n := 0; n < 2; n++ {
			f := tbRandCover(r, c, 2*complementForkFrom+r.IntN(100), 0.7)
			want, err := c.complementWorkers(c.NewCubeList(f), 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{2, 4} {
				got, err := c.complementWorkers(c.NewCubeList(f), workers)
				if err != nil {
					t.Fatal(err)
				}
				if got.Count != want.Count || !slices.Equal(got.data[:got.Count*got.wsize], want.data[:want.Count*want.wsize]) {
					t.Fatalf("%d vars, %d cubes, %d workers: %d cubes, one goroutine %d (or not the same cubes in order)",
						c.NumVars, f.Count, workers, got.Count, want.Count)
				}
			}
		}
	}
}
