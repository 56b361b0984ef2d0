package minimize

import (
	"os"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// TestIrredundantPast16Bits runs IRREDUNDANT on 66 536 cubes, past the
// 65 535 where ESPRESSO 2.3's 16-bit cube indices overflow (the paper's
// KPkp assertion failure). F is every minterm of a 16-input function plus
// 1 000 cubes that each join two of them; the result must cover the same
// minterms, keep no cube covered by the others (checked on a sample), and
// drop at least one cube per joining cube, since each joining cube and its
// two minterms cannot all be needed.
func TestIrredundantPast16Bits(t *testing.T) {
	if os.Getenv("ESPRESSO_LONG") == "" {
		t.Skip("IRREDUNDANT on 66 536 cubes (about 2 CPU minutes) runs with ESPRESSO_LONG=1")
	}
	const inputs = 16
	c, err := cover.NewCube(inputs, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	out := c.FirstPart[c.Output]
	F := c.NewCover(1<<inputs + 1000)
	for m := 0; m < 1<<inputs; m++ {
		p := F.AppendEmpty()
		for v := 0; v < inputs; v++ {
			cover.SetInput(p, v, 1+(m>>v)&1)
		}
		p.Insert(out)
	}
	for k := 0; k < 1000; k++ {
		m := (k * 65) % (1 << inputs)
		p := F.AppendEmpty()
		for v := 0; v < inputs; v++ {
			cover.SetInput(p, v, 1+(m>>v)&1)
		}
		cover.SetInput(p, k%inputs, cover.Dash) // joins m and its neighbour in one variable
		p.Insert(out)
	}
	if F.Count <= 65535 {
		t.Fatalf("only %d cubes", F.Count)
	}
	want, err := c.Minterms(F)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRun(c, nil)
	G, err := r.Irredundant(F.Clone(), c.NewCover(0))
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Minterms(G)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) {
		t.Fatal("IRREDUNDANT changed the function")
	}
	if G.Count > F.Count-1000 {
		t.Errorf("%d cubes in, %d out: expected at least 1000 dropped", F.Count, G.Count)
	}
	for i := 0; i < G.Count; i += G.Count / 50 {
		rest := c.NewCover(G.Count)
		for j := 0; j < G.Count; j++ {
			if j != i {
				rest.Append(G.At(j))
			}
		}
		if c.NewTautologyChecker().CubeIsCovered(c.NewCubeList(rest), G.At(i)) {
			t.Fatalf("cube %d (%s) is redundant in the result", i, G.At(i))
		}
	}
	t.Logf("IRREDUNDANT: %d cubes in, %d out", F.Count, G.Count)
}
