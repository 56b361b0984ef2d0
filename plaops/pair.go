package plaops

import (
	"errors"
	"fmt"
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// This file ports pair.c: the assignment of binary inputs to two-bit
// decoders (T. Sasao's technique), and the pairing of .pair.

// Pairer finds the assignment of binary inputs to two-bit decoders of
// ESPRESSO 2.3's -Dpair and -Dpairall.
type Pairer struct {
	// Run minimizes; its cube structure is switched as the PLA's changes.
	Run *minimize.Run
	// Out receives the results and the summary and trace lines.
	Out io.Writer
	// Summary, Trace and DebugMincov are 2.3's -s, -t and the mincov bit
	// of its debug word.
	Summary, Trace, DebugMincov bool
}

// printPair prints "pair is (a b) ..." (print_pair).
func printPair(w io.Writer, pair *pla.Pair) {
	fmt.Fprintf(w, "pair is")
	for i := range pair.Var1 {
		fmt.Fprintf(w, " (%d %d)", pair.Var1[i], pair.Var2[i])
	}
	fmt.Fprintf(w, "\n")
}

// FindOptimalPairing estimates the worth of pairing each two binary
// inputs with the given strategy (0 algebraic division, 1 strong division
// by reduce/expand/irredundant, 2 espresso, 3 exact minimization), picks
// the pairing of largest total worth (exhaustively for up to 14 inputs,
// greedily beyond), applies it and minimizes (find_optimal_pairing).
func (s *Pairer) FindOptimalPairing(p *pla.PLA, strategy int) error {
	costs, err := s.findPairingCost(p, strategy)
	if err != nil {
		return err
	}
	c := p.Cube
	n := c.NumBinaryVars
	if s.Summary {
		fmt.Fprintf(s.Out, "    ")
		for i := 0; i < n; i++ {
			fmt.Fprintf(s.Out, "%3d ", i+1)
		}
		fmt.Fprintf(s.Out, "\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(s.Out, "%3d ", i+1)
			for j := 0; j < n; j++ {
				fmt.Fprintf(s.Out, "%3d ", costs[i][j])
			}
			fmt.Fprintf(s.Out, "\n")
		}
	}
	if n <= 14 {
		p.Pair = s.pairBestCost(costs, n)
	} else {
		if p.Pair, _, err = greedyBestCost(costs, n); err != nil {
			return err
		}
	}
	if p.Pair == nil {
		return errors.New("find_optimal_pairing: no pairing found")
	}
	fmt.Fprintf(s.Out, "# ")
	printPair(s.Out, p.Pair)
	if err := p.SetPair(true); err != nil {
		return err
	}
	return minimizePLA(s.Run, p, false, summary(s.Out, s.Summary), "ESPRESSO  ", minimize.Clock())
}

// findPairingCost returns the worth of pairing each two binary inputs
// i < j in costs[i][j] (find_pairing_cost).
func (s *Pairer) findPairingCost(p *pla.PLA, strategy int) ([][]int, error) {
	c := p.Cube
	n := c.NumBinaryVars
	costs := make([][]int, n)
	for i := range costs {
		costs[i] = make([]int, n)
	}
	cost := 0
	r := s.Run
	for v1 := 0; v1 < n-1; v1++ {
		for v2 := v1 + 1; v2 < n; v2++ {
			var Fsave, Dsave, Rsave *cover.Cover
			if strategy > 0 {
				Fsave, Dsave, Rsave = p.F, p.D, p.R
				p.F, p.D, p.R = p.F.Clone(), p.D.Clone(), p.R.Clone()
				p.Pair = &pla.Pair{Var1: []int{v1 + 1}, Var2: []int{v2 + 1}}
				if err := p.SetPair(false); err != nil {
					return nil, err
				}
				r.SetCube(p.Cube)
			}
			var err error
			switch strategy {
			case 3:
				if p.F, err = r.MinimizeExact(p.F, p.D, p.R, true); err != nil {
					return nil, err
				}
				cost = Fsave.Count - p.F.Count
			case 2:
				if p.F, err = r.Espresso(p.F, p.D, p.R); err != nil {
					return nil, err
				}
				cost = Fsave.Count - p.F.Count
			case 1:
				if p.F, err = r.Reduce(p.F, p.D); err != nil {
					return nil, err
				}
				if p.F, err = r.Expand(p.F, p.R, false); err != nil {
					return nil, err
				}
				if p.F, err = r.Irredundant(p.F, p.D); err != nil {
					return nil, err
				}
				cost = Fsave.Count - p.F.Count
			case 0:
				mask := c.NewSet().Or(c.VarMask[v1], c.VarMask[v2])
				T := p.F.Clone().Distance1Merge(mask)
				cost = p.F.Count - T.Count
			}
			costs[v1][v2] = cost
			if strategy > 0 {
				// 2.3 sets the cube structure up again: the sparse flags
				// return to their defaults.
				if c, err = freshCube(c); err != nil {
					return nil, err
				}
				p.Cube = c
				r.SetCube(c)
				p.F, p.D, p.R = Fsave, Dsave, Rsave
			}
		}
	}
	p.Pair = nil
	return costs, nil
}

// greedyBestCost pairs the two candidates of largest worth until fewer
// than two are left (greedy_best_cost).
func greedyBestCost(costs [][]int, n int) (*pla.Pair, int, error) {
	pair := &pla.Pair{}
	cand := make([]bool, n)
	left := n
	for i := range cand {
		cand[i] = true
	}
	total := 0
	besti, bestj := -1, -1
	for left >= 2 {
		maxcost := -1
		found := false
		for i := 0; i < n; i++ {
			if !cand[i] {
				continue
			}
			for j := i + 1; j < n; j++ {
				if cand[j] && costs[i][j] > maxcost {
					maxcost = costs[i][j]
					besti, bestj = i, j
					found = true
				}
			}
		}
		if !found {
			// 2.3 loops for ever here: every pair left costs less than -1.
			return nil, 0, errors.New("greedy_best_cost: no pair of positive worth is left")
		}
		pair.Var1 = append(pair.Var1, besti+1)
		pair.Var2 = append(pair.Var2, bestj+1)
		if cand[besti] {
			left--
		}
		if cand[bestj] {
			left--
		}
		cand[besti], cand[bestj] = false, false
		total += maxcost
	}
	return pair, total, nil
}

// pairBestCost tries every pairing and returns the first of largest total
// worth (pair_best_cost, find_best_cost).
func (s *Pairer) pairBestCost(costs [][]int, n int) *pla.Pair {
	bestCost := -1
	var best *pla.Pair
	cand := make([]bool, n)
	for i := range cand {
		cand[i] = true
	}
	generateAllPairs(&pla.Pair{}, n, cand, func(pair *pla.Pair) error {
		cost := 0
		for i := range pair.Var1 {
			cost += costs[pair.Var1[i]-1][pair.Var2[i]-1]
		}
		if cost > bestCost {
			bestCost = cost
			best = copyPair(pair)
		}
		if s.DebugMincov && s.Trace {
			fmt.Fprintf(s.Out, "cost is %d ", cost)
			printPair(s.Out, pair)
		}
		return nil
	})
	return best
}

// copyPair returns a copy of pair (pair_save).
func copyPair(pair *pla.Pair) *pla.Pair {
	return &pla.Pair{Var1: append([]int(nil), pair.Var1...), Var2: append([]int(nil), pair.Var2...)}
}

// generateAllPairs calls action with every pairing of the candidates
// (leaving one out when their number is odd), in 2.3's order
// (generate_all_pairs); it stops at the first error.
func generateAllPairs(pair *pla.Pair, n int, cand []bool, action func(*pla.Pair) error) error {
	ord := 0
	for _, x := range cand {
		if x {
			ord++
		}
	}
	if ord < 2 {
		return action(pair)
	}
	rp := copyPair(pair)
	rc := append([]bool(nil), cand...)
	i := 0
	for i < n && !cand[i] {
		i++
	}
	for j := i + 1; j < n; j++ {
		if !cand[j] {
			continue
		}
		rc[i], rc[j] = false, false
		rp.Var1 = append(rp.Var1, i+1)
		rp.Var2 = append(rp.Var2, j+1)
		if err := generateAllPairs(rp, n, rc, action); err != nil {
			return err
		}
		rp.Var1 = rp.Var1[:len(rp.Var1)-1]
		rp.Var2 = rp.Var2[:len(rp.Var2)-1]
		rc[i], rc[j] = true, true
	}
	if ord%2 == 1 {
		rc[i] = false
		return generateAllPairs(rp, n, rc, action)
	}
	return nil
}

// PairAll minimizes p under every pairing of its binary inputs and keeps
// the one with fewest cubes (pair_all). strategy selects the minimization:
// 0 espresso, 1 exact, 2 output phase assignment; any other value leaves
// the covers as paired.
func (s *Pairer) PairAll(p *pla.PLA, strategy int) error {
	c := p.Cube
	bestCost := p.F.Count + 1
	var bestPair *pla.Pair
	var bestPhase cover.Set
	var bestF, bestD, bestR *cover.Cover
	cand := make([]bool, c.NumBinaryVars)
	for i := range cand {
		cand[i] = true
	}
	err := generateAllPairs(&pla.Pair{}, c.NumBinaryVars, cand, func(pair *pla.Pair) error {
		Fsave, Dsave, Rsave := p.F, p.D, p.R
		p.F, p.D, p.R = p.F.Clone(), p.D.Clone(), p.R.Clone()
		p.Pair = pair
		if err := p.SetPair(false); err != nil {
			return err
		}
		if s.Summary {
			printPair(s.Out, pair)
		}
		t := minimize.Clock()
		s.Run.SetCube(p.Cube)
		switch strategy {
		case 2:
			ph := &Phaser{Run: s.Run, Out: s.Out, Summary: s.Summary, Trace: s.Trace}
			if err := ph.PhaseAssignment(p, 0); err != nil {
				return err
			}
			if s.Summary {
				minimize.PrintTrace(s.Out, p.Cube, p.F, "OPO       ", minimize.Clock()-t)
				fmt.Fprintf(s.Out, "# phase is %s\n", pla.CubeString(p.Cube, p.Phase))
			}
		case 1:
			if err := minimizePLA(s.Run, p, true, summary(s.Out, s.Summary), "EXACT     ", t); err != nil {
				return err
			}
		case 0:
			if err := minimizePLA(s.Run, p, false, summary(s.Out, s.Summary), "ESPRESSO  ", t); err != nil {
				return err
			}
		}
		if p.F.Count < bestCost {
			bestCost = p.F.Count
			bestPair = copyPair(pair)
			bestPhase = nil
			if p.Phase != nil {
				bestPhase = p.Phase.Clone()
			}
			bestF, bestD, bestR = p.F.Clone(), p.D.Clone(), p.R.Clone()
		}
		// 2.3 sets the cube structure up again: the sparse flags return
		// to their defaults.
		var err error
		if c, err = freshCube(c); err != nil {
			return err
		}
		p.Cube = c
		s.Run.SetCube(c)
		p.F, p.D, p.R = Fsave, Dsave, Rsave
		p.Pair = nil
		p.Phase = nil
		return nil
	})
	if err != nil {
		return err
	}
	if bestPair == nil {
		return errors.New("pair_all: no pairing gave a smaller cover")
	}
	p.Pair = bestPair
	p.Phase = bestPhase
	if err := p.SetPair(true); err != nil {
		return err
	}
	fmt.Fprintf(s.Out, "# ")
	printPair(s.Out, p.Pair)
	p.F, p.D, p.R = bestF, bestD, bestR
	return nil
}
