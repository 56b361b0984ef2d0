package implicit

import (
	"fmt"
	"math"
	"math/big"

	"github.com/espresso-go/espresso/cover"
)

// TooManyError reports that a function has more primes than [Primes] was
// allowed to list.
type TooManyError struct {
	Primes *big.Int // how many the function has
	Most   int      // how many could be listed
}

func (e *TooManyError) Error() string {
	return fmt.Sprintf("%v primes, more than the %d that can be listed", e.Primes, e.Most)
}

// Primes returns every prime of the function whose ON-set is f and
// DC-set d (d may be nil), as cubes of c, in no particular order: the
// same set as ESPRESSO's primes_consensus returns. maxNodes bounds the
// nodes of the diagrams as for [Count] (past it Primes returns
// [ErrTooLarge]), and maxPrimes the primes it lists (at most 2^31-1 in
// any case; past it Primes returns a [*TooManyError]).
func Primes(c *cover.Cube, f, d *cover.Cover, maxNodes, maxPrimes int) (*cover.Cover, error) {
	m, p, err := primesOf(c, f, d, maxNodes)
	if err != nil {
		return nil, err
	}
	n := m.count(p)
	if maxPrimes <= 0 || maxPrimes > math.MaxInt32 {
		maxPrimes = math.MaxInt32
	}
	// n may count the prime of H that stands for no output, which the
	// walk leaves out.
	if !n.IsInt64() || n.Int64() > int64(maxPrimes)+1 {
		return nil, &TooManyError{Primes: m.primesOfFunction(n), Most: maxPrimes}
	}
	P := c.NewCover(int(n.Int64()))
	nin := c.NumBinaryVars
	cur := c.NewSet()
	noOutput := false
	var walk func(z int32)
	walk = func(z int32) {
		if z == 0 {
			return
		}
		if z == 1 {
			cube := P.Append(cur)
			if c.Output >= 0 {
				// Output o is in the prime unless z_o is in the set.
				first := c.FirstPart[c.Output]
				empty := true
				for o := range c.PartSize[c.Output] {
					if cube.Has(first + o) {
						empty = false
						break
					}
				}
				if empty {
					// The prime of H that stands for no output.
					P.Truncate(P.Count - 1)
				}
			} else if noOutput {
				P.Truncate(P.Count - 1)
			}
			return
		}
		nd := m.zdd[z]
		walk(nd.lo)
		v := int(m.varAt[nd.v/2])
		neg := nd.v%2 == 0
		switch {
		case v < nin:
			old := cover.Input(cur, v)
			if neg {
				cover.SetInput(cur, v, cover.Zero)
			} else {
				cover.SetInput(cur, v, cover.One)
			}
			walk(nd.hi)
			cover.SetInput(cur, v, old)
		case c.Output >= 0:
			e := c.FirstPart[c.Output] + v - nin
			cur.Remove(e)
			walk(nd.hi)
			cur.Insert(e)
		default:
			// No output variable: the one z stands for no output.
			noOutput = true
			walk(nd.hi)
			noOutput = false
		}
	}
	cur.Copy(c.FullSet)
	walk(p)
	return P, nil
}
