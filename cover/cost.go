package cover

import (
	"fmt"
	"io"
)

// Cost is the cost of a cover as ESPRESSO 2.3 reports it (cost_t). A Cost
// is a plain value: copying it is copy_cost.
type Cost struct {
	Cubes  int // number of cubes
	In     int // literals (zeros of the cube matrix) in the binary variables
	Out    int // ones in the output variable
	MV     int // literals in the other multiple-valued variables
	Total  int // In + Out + MV
	Primes int // number of cubes flagged Prime
}

// CoverCost returns the cost of f (cover_cost): a binary variable costs one
// literal per cube not full in it; a sparse multiple-valued variable (other
// than the output) one per part taken, a dense one one per part not taken;
// the output variable one per part taken.
func (c *Cube) CoverCost(f *Cover) Cost {
	// A variable's literals in a cube are counted from the parts the cube
	// takes: a binary variable has 2 less those (so a void one counts 2,
	// as massive_count's zeros do), a dense variable its size less those.
	cost := Cost{Cubes: f.Count}
	nb, out := c.NumBinaryVars, c.NumVars-1
	for p := range f.All() {
		if p.Test(Prime) {
			cost.Primes++
		}
		if nb > 0 {
			cost.In += 2*nb - p.Dist(c.BinaryMask)
		}
		for v := nb; v < c.NumVars; v++ {
			taken := p.Dist(c.VarMask[v])
			switch {
			case v == out:
				cost.Out += taken
			case c.Sparse[v]:
				cost.MV += taken
			default:
				cost.MV += c.PartSize[v] - taken
			}
		}
	}
	cost.Total = cost.In + cost.Out + cost.MV
	return cost
}

// FormatCost formats cost as 2.3 prints it (fmt_cost), e.g.
// "c=103(103) in=545 out=103 tot=648" when the only multiple-valued variable
// is the output, else "c=.. in=.. mv=.. out=..". The number in parentheses
// is the number of cubes not flagged Prime.
func (c *Cube) FormatCost(cost Cost) string {
	if c.NumBinaryVars == c.NumVars-1 {
		return fmt.Sprintf("c=%d(%d) in=%d out=%d tot=%d",
			cost.Cubes, cost.Cubes-cost.Primes, cost.In, cost.Out, cost.Total)
	}
	return fmt.Sprintf("c=%d(%d) in=%d mv=%d out=%d",
		cost.Cubes, cost.Cubes-cost.Primes, cost.In, cost.MV, cost.Out)
}

// printCost returns the formatted cost of f (print_cost).
func (c *Cube) printCost(f *Cover) string {
	return c.FormatCost(c.CoverCost(f))
}

// sizeStamp writes a line giving the cost of t under name (size_stamp).
func (c *Cube) sizeStamp(w io.Writer, t *Cover, name string) error {
	if _, err := fmt.Fprintf(w, "# %s\tCost is %s\n", name, c.printCost(t)); err != nil {
		return fmt.Errorf("size stamp: %w", err)
	}
	return nil
}
