// Package implicit finds the primes of a multiple-output function
// through decision diagrams instead of ESPRESSO's consensus: [Count]
// counts them without listing them, which tells whether -Dprimes, -Dexact
// or -Dqm (which list every prime, as 2.3 does) can finish at all, and
// [Primes] lists them. Its cost follows the size of the diagrams, not the
// number of primes or of the consensus terms primes_consensus meets on
// the way.
//
// The model: the ON-set and DC-set of output o, read from a cover of
// binary inputs, are one Boolean function f_o. ESPRESSO's primes are
// those of the function with the outputs as one multiple-valued variable:
// a prime is a cube c of the inputs with the largest set O of outputs such
// that c lies in every f_o of O, and no larger cube has O. Those are the
// primes of the single function
//
//	H(x, z) = ∧_o (z_o ∨ f_o(x))
//
// that is positive in every z_o: the prime c·∏_{o∉O} z_o stands for c×O.
// One prime of H, the empty input cube with every z_o, stands for no
// output at all when no f_o is a tautology; it is not counted.
//
// H is held as a binary decision diagram (the inputs grouped by the
// outputs that read them, each z_o after its output's inputs), and its
// primes as a zero-suppressed one over the literals
// x_i' and x_i, built by the recursion of Coudert and Madre: with
// g = f|x=0 ∧ f|x=1,
//
//	P(f) = P(g) ∪ x'·(P(f|x=0) \ P(g)) ∪ x·(P(f|x=1) \ P(g)).
//
// Counting the diagram's paths gives the number of primes; walking them
// lists the primes.
package implicit

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"

	"github.com/espresso-go/espresso/cover"
)

// ErrTooLarge is returned when the diagrams would need more nodes than
// the limit given to [Count].
var ErrTooLarge = errors.New("implicit: node limit reached")

// Count returns the number of primes of the function whose ON-set is f
// and DC-set d (d may be nil), as ESPRESSO's -Dprimes would list them.
// The cube structure must have binary inputs and at most one
// multiple-valued variable, the outputs. maxNodes bounds the nodes of
// both diagrams together (0: only the bound of 2^30 that int32 node
// numbers need); past it Count returns [ErrTooLarge].
func Count(c *cover.Cube, f, d *cover.Cover, maxNodes int) (*big.Int, error) {
	m, p, err := primesOf(c, f, d, maxNodes)
	if err != nil {
		return nil, err
	}
	return m.primesOfFunction(m.count(p)), nil
}

// primesOfFunction returns the number of primes of the function, given
// the number n of primes of H.
func (m *manager) primesOfFunction(n *big.Int) *big.Int {
	n = new(big.Int).Set(n)
	if !m.someOutputTautology(m.h, m.nin, m.nout) {
		n.Sub(n, big.NewInt(1))
	}
	return n
}

// primesOf builds H for f and d and the ZDD of its primes.
func primesOf(c *cover.Cube, f, d *cover.Cover, maxNodes int) (*manager, int32, error) {
	if !Supported(c) {
		return nil, 0, errUnsupported
	}
	m := newManager(maxNodes)
	m.nout = 1
	if c.Output >= 0 {
		m.nout = c.PartSize[c.Output]
	}
	m.order(c, f, d, m.nout)
	h, err := m.characteristic(c, f, d, c.NumBinaryVars, m.nout)
	if err != nil {
		return nil, 0, err
	}
	m.h, m.nin = h, c.NumBinaryVars
	p, err := m.primes(h)
	if err != nil {
		return nil, 0, err
	}
	if m.full() {
		return nil, 0, ErrTooLarge
	}
	return m, p, nil
}

// CountOutput returns the number of primes of output o alone: the
// primes of f_o, the inputs where o is in the ON-set or DC-set. Each is
// the input part of a different prime that [Count] counts, so it is a
// lower bound that is often far cheaper to get.
func CountOutput(c *cover.Cube, f, d *cover.Cover, o, maxNodes int) (*big.Int, error) {
	if !Supported(c) {
		return nil, errUnsupported
	}
	nout := 1
	if c.Output >= 0 {
		nout = c.PartSize[c.Output]
	}
	if o < 0 || o >= nout {
		return nil, fmt.Errorf("implicit: output %d out of range 0..%d", o, nout-1)
	}
	m := newManager(maxNodes)
	m.order(c, f, d, nout)
	outs, err := m.outputs(c, f, d, c.NumBinaryVars, nout, func(i int) bool { return i == o })
	if err != nil {
		return nil, err
	}
	p, err := m.primes(outs[o])
	if err != nil {
		return nil, err
	}
	if m.full() {
		return nil, ErrTooLarge
	}
	return new(big.Int).Set(m.count(p)), nil
}

// Supported reports whether the cube structure is one this package
// handles: binary inputs and at most one multiple-valued variable, the
// outputs, last.
func Supported(c *cover.Cube) bool {
	return c.NumMVVars == 0 || (c.NumMVVars == 1 && c.Output == c.NumVars-1)
}

var errUnsupported = errors.New("implicit: only binary inputs and one output variable are supported")

// terminal is the variable index of the two terminal nodes: below every
// variable.
const terminal = int32(1 << 30)

// node is a decision diagram node: its variable and its two children.
// For the BDD, lo and hi are the cofactors at 0 and 1; for the ZDD, lo
// holds the sets without the variable and hi those with it (the
// variable taken out).
type node struct{ v, lo, hi int32 }

// manager holds both diagrams. In each, node 0 is the terminal false (the
// empty family) and node 1 the terminal true (the family of the empty
// set).
type manager struct {
	bdd, zdd []node
	bunique  uniqueTable
	zunique  uniqueTable
	and, or  opCache
	diff     opCache
	prime    []int32 // 1 + the ZDD of the primes of each BDD node, or 0
	maxNodes int
	// level is the place of each variable in the order of the
	// diagrams (inputs 0..nin-1, then z_o as nin+o), and varAt the
	// variable at each level; node.v holds levels.
	level, varAt []int32
	h            int32 // H, once built
	nin          int   // its number of inputs
	nout         int   // its number of z variables
	over         bool  // the node limit was passed: results are meaningless
}

// mostNodes is the most nodes both diagrams may hold together, whatever
// limit is asked for: node numbers are int32, and variable levels and
// ZDD literals (2·level+1) must stay below terminal.
const mostNodes = 1 << 30

func newManager(maxNodes int) *manager {
	if maxNodes <= 0 || maxNodes > mostNodes {
		maxNodes = mostNodes
	}
	term := []node{{terminal, 0, 0}, {terminal, 1, 1}}
	return &manager{
		bdd:      append([]node(nil), term...),
		zdd:      append([]node(nil), term...),
		maxNodes: maxNodes,
	}
}

// order sets the order of the variables. The inputs come in groups, one
// for each output: the outputs are taken one at a time, each time the one
// whose support (the inputs its cubes in f and d test) holds the fewest
// inputs not yet placed, ties to the lowest output; its new inputs follow
// in their own order, then z_o. Once the diagram has passed an output's
// inputs it knows whether f_o holds, and z_o settles it; with every z_o at
// the bottom, or with an output's inputs spread among those of others, the
// diagram would carry the values of all the outputs down to there, which
// for outputs of inputs apart from each other is a number of nodes
// exponential in the outputs. ex4's 28 outputs each read one input in
// every 8: in the inputs' own order H outgrows 2^28 nodes.
//
// Where every output reads every input, this is the inputs in their order
// and every z_o at the bottom; where the supports are prefixes of the
// inputs, each z_o comes right after the last input it reads.
func (m *manager) order(c *cover.Cube, f, d *cover.Cover, nout int) {
	nin := c.NumBinaryVars
	words := (nin + 63) / 64
	support := make([]uint64, nout*words)
	for _, cv := range []*cover.Cover{f, d} {
		if cv == nil {
			continue
		}
		for s := range cv.All() {
			for o := range nout {
				if c.Output >= 0 && !s.Has(c.FirstPart[c.Output]+o) {
					continue
				}
				sup := support[o*words : (o+1)*words]
				for v := range nin {
					if cover.Input(s, v) != cover.Dash {
						sup[v/64] |= 1 << (v % 64)
					}
				}
			}
		}
	}
	m.level = make([]int32, nin+nout)
	m.varAt = m.varAt[:0]
	place := func(v int) {
		m.level[v] = int32(len(m.varAt))
		m.varAt = append(m.varAt, int32(v))
	}
	placed := make([]uint64, words)
	done := make([]bool, nout)
	newInputs := func(o int) int {
		n := 0
		for w, x := range support[o*words : (o+1)*words] {
			n += bits.OnesCount64(x &^ placed[w])
		}
		return n
	}
	for range nout {
		best, fewest := -1, 0
		for o := range nout {
			if done[o] {
				continue
			}
			if n := newInputs(o); best < 0 || n < fewest {
				best, fewest = o, n
			}
		}
		done[best] = true
		for w, x := range support[best*words : (best+1)*words] {
			for x &^= placed[w]; x != 0; x &= x - 1 {
				place(w*64 + bits.TrailingZeros64(x))
			}
			placed[w] |= support[best*words+w]
		}
		place(nin + best)
	}
	for v := range nin {
		if placed[v/64]&(1<<(v%64)) == 0 {
			place(v)
		}
	}
}

func (m *manager) full() bool {
	if len(m.bdd)+len(m.zdd) > m.maxNodes {
		m.over = true
	}
	return m.over
}

// bnode returns the BDD node testing v with those cofactors.
func (m *manager) bnode(v, lo, hi int32) int32 {
	if lo == hi {
		return lo
	}
	return m.bunique.intern(&m.bdd, node{v, lo, hi})
}

// znode returns the ZDD node for the family lo ∪ {v}×hi.
func (m *manager) znode(v, lo, hi int32) int32 {
	if hi == 0 {
		return lo
	}
	return m.zunique.intern(&m.zdd, node{v, lo, hi})
}

// cofactors returns f's cofactors at variable v (f itself twice when f
// does not test v).
func (m *manager) cofactors(f, v int32) (int32, int32) {
	if n := m.bdd[f]; n.v == v {
		return n.lo, n.hi
	}
	return f, f
}

func (m *manager) apply(memo *opCache, isAnd bool, f, g int32) int32 {
	switch {
	case f == g:
		return f
	case isAnd && (f == 0 || g == 0):
		return 0
	case !isAnd && (f == 1 || g == 1):
		return 1
	case f == 0 || f == 1:
		return g
	case g == 0 || g == 1:
		return f
	}
	if f > g {
		f, g = g, f
	}
	if m.full() {
		return 0
	}
	if r, ok := memo.get(f, g); ok {
		return r
	}
	v := min(m.bdd[f].v, m.bdd[g].v)
	f0, f1 := m.cofactors(f, v)
	g0, g1 := m.cofactors(g, v)
	lo := m.apply(memo, isAnd, f0, g0)
	hi := m.apply(memo, isAnd, f1, g1)
	r := m.bnode(v, lo, hi)
	memo.put(f, g, r, len(m.bdd))
	return r
}

func (m *manager) andB(f, g int32) int32 { return m.apply(&m.and, true, f, g) }
func (m *manager) orB(f, g int32) int32  { return m.apply(&m.or, false, f, g) }

// cubeBDD returns the BDD of the input part of cube s.
func (m *manager) cubeBDD(s cover.Set, nin int) int32 {
	r := int32(1)
	for l := len(m.varAt) - 1; l >= 0; l-- { // from the bottom up
		v := int(m.varAt[l])
		if v >= nin {
			continue
		}
		switch cover.Input(s, v) {
		case cover.Zero:
			r = m.bnode(int32(l), r, 0)
		case cover.One:
			r = m.bnode(int32(l), 0, r)
		case 0:
			return 0
		}
	}
	return r
}

// outputs returns the BDD of f_o for each output o that want selects
// (every one when want is nil), from the cubes of f and d.
func (m *manager) outputs(c *cover.Cube, f, d *cover.Cover, nin, nout int, want func(int) bool) ([]int32, error) {
	outs := make([]int32, nout)
	for _, cv := range []*cover.Cover{f, d} {
		if cv == nil {
			continue
		}
		for s := range cv.All() {
			cb := m.cubeBDD(s, nin)
			for o := range nout {
				if (want != nil && !want(o)) || (c.Output >= 0 && !s.Has(c.FirstPart[c.Output]+o)) {
					continue
				}
				outs[o] = m.orB(outs[o], cb)
			}
			if m.full() {
				return nil, ErrTooLarge
			}
		}
	}
	return outs, nil
}

// characteristic builds H(x, z) = ∧_o (z_o ∨ f_o(x)) from the cubes of f
// and d.
func (m *manager) characteristic(c *cover.Cube, f, d *cover.Cover, nin, nout int) (int32, error) {
	outs, err := m.outputs(c, f, d, nin, nout, nil)
	if err != nil {
		return 0, err
	}
	h := int32(1)
	for o := nout - 1; o >= 0; o-- {
		z := m.bnode(m.level[nin+o], 0, 1)
		h = m.andB(h, m.orB(z, outs[o]))
		if m.full() {
			return 0, ErrTooLarge
		}
	}
	return h, nil
}

// someOutputTautology reports whether some f_o is 1 everywhere: then H
// is 1 at every input with z_o = 0 and the others 1.
func (m *manager) someOutputTautology(h int32, nin, nout int) bool {
	// Walk H along the all-ones z assignment but for one z_o = 0, for
	// every input: H's restriction to the inputs is a tautology iff
	// every path over the input variables reaches true.
	for o := range nout {
		if m.tautologyAt(h, nin, o, map[int32]bool{}) {
			return true
		}
	}
	return false
}

func (m *manager) tautologyAt(f int32, nin, o int, seen map[int32]bool) bool {
	if f == 1 {
		return true
	}
	if f == 0 {
		return false
	}
	if r, ok := seen[f]; ok {
		return r
	}
	n := m.bdd[f]
	var r bool
	if v := int(m.varAt[n.v]); v < nin {
		r = m.tautologyAt(n.lo, nin, o, seen) && m.tautologyAt(n.hi, nin, o, seen)
	} else if v == nin+o {
		r = m.tautologyAt(n.lo, nin, o, seen)
	} else {
		r = m.tautologyAt(n.hi, nin, o, seen)
	}
	seen[f] = r
	return r
}

// primes returns the ZDD of the primes of f: variable 2v stands for the
// literal x_v', 2v+1 for x_v.
func (m *manager) primes(f int32) (int32, error) {
	if f == 0 || f == 1 {
		return f, nil
	}
	if int(f) < len(m.prime) && m.prime[f] != 0 {
		return m.prime[f] - 1, nil
	}
	if m.full() {
		return 0, ErrTooLarge
	}
	n := m.bdd[f]
	g := m.andB(n.lo, n.hi)
	p, err := m.primes(g)
	if err != nil {
		return 0, err
	}
	p0, err := m.primes(n.lo)
	if err != nil {
		return 0, err
	}
	p1, err := m.primes(n.hi)
	if err != nil {
		return 0, err
	}
	p0 = m.zdiff(p0, p)
	p1 = m.zdiff(p1, p)
	if m.full() {
		return 0, ErrTooLarge
	}
	r := m.znode(2*n.v, m.znode(2*n.v+1, p, p1), p0)
	if int(f) >= len(m.prime) {
		m.prime = append(m.prime, make([]int32, len(m.bdd)-len(m.prime))...)
	}
	m.prime[f] = r + 1
	return r, nil
}

// zdiff returns the family p \ q.
func (m *manager) zdiff(p, q int32) int32 {
	switch {
	case p == 0 || p == q:
		return 0
	case q == 0:
		return p
	}
	if m.full() {
		return 0
	}
	if r, ok := m.diff.get(p, q); ok {
		return r
	}
	np, nq := m.zdd[p], m.zdd[q]
	var r int32
	switch {
	case np.v < nq.v:
		r = m.znode(np.v, m.zdiff(np.lo, q), np.hi)
	case np.v > nq.v:
		r = m.zdiff(p, nq.lo)
	default:
		r = m.znode(np.v, m.zdiff(np.lo, nq.lo), m.zdiff(np.hi, nq.hi))
	}
	m.diff.put(p, q, r, len(m.zdd))
	return r
}

// count returns the number of sets in family p. Children are made before
// their parents, so one pass in the order of the nodes counts them all.
func (m *manager) count(p int32) *big.Int {
	if p <= 1 {
		return big.NewInt(int64(p))
	}
	counts := make([]big.Int, p+1)
	counts[1].SetInt64(1)
	for i := int32(2); i <= p; i++ {
		n := m.zdd[i]
		counts[i].Add(&counts[n.lo], &counts[n.hi])
	}
	return &counts[p]
}
