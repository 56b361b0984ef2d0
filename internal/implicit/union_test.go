package implicit

import (
	"math/rand/v2"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestUnionCovers: a Union built cube by cube tells, after each cube,
// whether other cubes lie inside the cubes added so far exactly as the
// tautology check does.
func TestUnionCovers(t *testing.T) {
	for k, tc := range []struct {
		name    string
		binary  int
		outputs int // 0: no output variable
		n       int // cubes added
		pDash   float64
	}{
		{"single output", 8, 0, 60, 0.6},
		{"few outputs", 10, 3, 80, 0.6},
		{"many dashes", 20, 4, 120, 0.8},
		{"sparse", 12, 2, 150, 0.3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(61, uint64(k)))
			var mv []int
			if tc.outputs > 0 {
				mv = []int{tc.outputs}
			}
			c, err := cover.NewCube(tc.binary, mv)
			if err != nil {
				t.Fatal(err)
			}
			randomCube := func(s cover.Set, pDash float64) {
				for v := range tc.binary {
					switch {
					case rng.Float64() < pDash:
						cover.SetInput(s, v, cover.Dash)
					case rng.IntN(2) == 0:
						cover.SetInput(s, v, cover.Zero)
					default:
						cover.SetInput(s, v, cover.One)
					}
				}
				if tc.outputs > 0 {
					for o := range tc.outputs {
						if rng.IntN(3) > 0 {
							s.Insert(c.FirstPart[c.Output] + o)
						}
					}
				}
			}
			added := c.NewCover(tc.n)
			u, err := NewUnion(c, 0)
			if err != nil {
				t.Fatal(err)
			}
			taut := c.NewTautologyChecker()
			yes, no := 0, 0
			q := c.NewSet()
			for i := range tc.n {
				p := added.AppendEmpty()
				randomCube(p, tc.pDash)
				if err := u.Add(p); err != nil {
					t.Fatal(err)
				}
				for j := range 20 {
					q.Clear()
					if j%2 == 0 {
						// A cube of the union less some parts,
						// or with one input freed: often inside.
						q.Copy(added.At(rng.IntN(added.Count)))
						cover.SetInput(q, rng.IntN(tc.binary), cover.Dash)
					} else {
						randomCube(q, tc.pDash/2)
					}
					want := taut.CubeIsCoveredBy(q, cover.IndexedCover{Cover: added})
					if got := u.Covers(q); got != want {
						t.Fatalf("after %d cubes: Covers(%v) = %v, tautology says %v", i+1, q, got, want)
					}
					if want {
						yes++
					} else {
						no++
					}
				}
			}
			if yes == 0 || no == 0 {
				t.Fatalf("%d cubes inside, %d not: the test asks too little", yes, no)
			}
			t.Logf("%d cubes inside, %d not, as the tautology check says", yes, no)
		})
	}
}

// TestUnionTooLarge: past the node limit Add says so.
func TestUnionTooLarge(t *testing.T) {
	c, err := cover.NewCube(16, nil)
	if err != nil {
		t.Fatal(err)
	}
	u, err := NewUnion(c, 64)
	if err != nil {
		t.Fatal(err)
	}
	p := c.NewSet()
	for i := 0; i < 1000; i++ {
		for v := range 16 {
			cover.SetInput(p, v, cover.Zero+(i>>v)&1)
		}
		if err = u.Add(p); err != nil {
			break
		}
	}
	if err != ErrTooLarge {
		t.Fatalf("Add after 1000 minterms in 64 nodes: %v, want ErrTooLarge", err)
	}
}
