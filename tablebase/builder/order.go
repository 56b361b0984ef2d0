package builder

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
)

// values are the three classes of stored positions, in the order win, draw, loss.
var values = [3]class{classWin, classDraw, classLoss}

// A value whose positions take clearRestFactor times the aligned blocks of each other
// value's, and clearRestJoinedFactor times theirs with the don't-cares joined (compacted),
// is the rest of the decision list without minimizing its first cover, which would only
// confirm it. That cover is the dearest of a slice: in KRBvKR's slice a8 (draws 2.46 times
// the blocks of the wins, 1.93 times with the don't-cares) it takes most of the slice's
// time (docs/CHESS.md gives the figures). The first factor keeps KQRvKR and KRRvKR
// out (at most 1.73 there, and the value with the most blocks is not the one with the
// most cubes); the second keeps out the values whose don't-cares make them simple
// (KQvK's wins: the most blocks, but one cube).
const (
	clearRestFactor       = 2
	clearRestJoinedFactor = 1.5
)

// chooseOrder minimizes the decision list of cls, over inputs index bits, under the
// orders the options ask for and returns the order and covers of the one whose size (in
// bytes) is the smallest, recording each trial in rep; name names the table in messages.
// Each value's first cover (its positions against those of the other two) is minimized
// once and shared by the orders that begin with it, except a clear rest's (clearRest);
// a second cover takes the first value's positions as don't-cares.
func (b *Builder) chooseOrder(ctx context.Context, name string, cls []class, inputs int, rep *Report,
	size func([3]chess.Status, [2][]format.Cube) (int, error)) ([3]chess.Status, [2][]format.Cube, error) {
	var bestOrder [3]chess.Status
	var best [2][]format.Cube
	start := time.Now()
	k, err := newClassCovers(cls, inputs)
	if err != nil {
		return bestOrder, best, err
	}
	b.logf("%s: covers of the classes (win %d, draw %d, loss %d, don't-care %d cubes) in %.1f s", name,
		k.of[classWin].Count, k.of[classDraw].Count, k.of[classLoss].Count, k.of[dontCare].Count, time.Since(start).Seconds())
	var firsts [4][]format.Cube
	rest := dontCare
	if !b.opt.AllOrders {
		rest = k.clearRest()
	}
	for _, v := range values {
		if v == rest {
			b.logf("%s: %s is the rest (%d blocks, over %d times each other value's)", name, v.status(), k.of[v].Count, clearRestFactor)
			continue
		}
		cubes, err := b.minimizeCover(ctx, name, inputs, k.first(v), v.status().String())
		if err != nil {
			return bestOrder, best, err
		}
		firsts[v] = cubes
	}
	for _, o := range b.orders(firsts, rest) {
		second, err := b.minimizeCover(ctx, name, inputs, k.second(o, firsts[o[0]]), o[1].status().String()+" after "+o[0].status().String())
		if err != nil {
			return bestOrder, best, err
		}
		order := [3]chess.Status{o[0].status(), o[1].status(), o[2].status()}
		covers := [2][]format.Cube{firsts[o[0]], second}
		n, err := size(order, covers)
		if err != nil {
			return bestOrder, best, err
		}
		tr := OrderTrial{Order: order, Cubes: [2]int{len(covers[0]), len(covers[1])}, Size: n}
		rep.Trials = append(rep.Trials, tr)
		if len(rep.Trials) == 1 || tr.Size < rep.Trials[rep.Chosen].Size {
			bestOrder, best, rep.Chosen = order, covers, len(rep.Trials)-1
		}
	}
	return bestOrder, best, nil
}

// others returns the two values other than v.
func others(v class) []class {
	var out []class
	for _, w := range values {
		if w != v {
			out = append(out, w)
		}
	}
	return out
}

// orders returns the orders to try, given the first cover of each value: all six with
// AllOrders, else one: the value whose first cover has the most cubes is the rest, the
// hardest to describe, and the one with the fewest comes first, so that the second cover
// is the larger one and gains the first's positions as don't-cares (the first of equals
// in the order win, draw, loss). A clear rest (not dontCare) is the rest whatever its
// first cover, which was not minimized.
func (b *Builder) orders(firsts [4][]format.Cube, rest class) [][3]class {
	var out [][3]class
	if b.opt.AllOrders {
		for _, a := range values {
			for _, c := range others(a) {
				out = append(out, [3]class{a, c, 6 - a - c})
			}
		}
		return out
	}
	o := values
	slices.SortStableFunc(o[:], func(a, b class) int {
		switch rest {
		case a:
			return 1
		case b:
			return -1
		}
		return len(firsts[a]) - len(firsts[b])
	})
	return [][3]class{o}
}

// minimizeCover minimizes the single-output covers cv over inputs index bits. An empty
// ON-set gives an empty cover; an empty OFF-set the cube of every position.
func (b *Builder) minimizeCover(ctx context.Context, name string, inputs int, cv *covers, what string) ([]format.Cube, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	switch {
	case cv.F.Count == 0:
		return nil, nil
	case cv.R.Count == 0:
		return []format.Cube{{}}, nil
	}
	start := time.Now()
	nF, nD, nR := cv.F.Count, cv.D.Count, cv.R.Count
	F, err := minimizeCovers(cv, b.opt.Full, b.opt.Workers)
	if err != nil {
		return nil, err
	}
	cubes := make([]format.Cube, F.Count)
	for i := range cubes {
		cubes[i] = cubeOf(F.At(i), inputs)
	}
	b.logf("%s: %s: %d cubes (from F %d, D %d, R %d) in %.1f s", name, what, len(cubes), nF, nD, nR, time.Since(start).Seconds())
	return cubes, nil
}

// paperCubes minimizes the paper's encoding of cls (one cover, three outputs) and
// returns its number of cubes.
func (b *Builder) paperCubes(ctx context.Context, m chess.Material, cls []class) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	start := time.Now()
	cv, err := formCovers(cls, m.Inputs(), paperSpec)
	if err != nil {
		return 0, err
	}
	F, err := minimizeCovers(cv, b.opt.Full, b.opt.Workers)
	if err != nil {
		return 0, err
	}
	b.logf("%v: paper's encoding: %d cubes in %.1f s", m, F.Count, time.Since(start).Seconds())
	return F.Count, nil
}

// tableSize is the size by which the orders of a decision list are compared: the bytes
// of its file.
func tableSize(t *format.Table) (int, error) {
	var n byteCounter
	if err := format.Encode(&n, t); err != nil {
		return 0, err
	}
	return int(n), nil
}

// byteCounter is a writer that counts the bytes written to it.
type byteCounter int

func (n *byteCounter) Write(b []byte) (int, error) {
	*n += byteCounter(len(b))
	return len(b), nil
}

// minimizeList minimizes the decision list of order o over the classes' covers k: the
// first value's first cover, then the second value's cover with the first cover's
// positions as don't-cares.
func (b *Builder) minimizeList(ctx context.Context, name string, k *classCovers, o [3]class) ([2][]format.Cube, error) {
	var out [2][]format.Cube
	first, err := b.minimizeCover(ctx, name, k.inputs, k.first(o[0]), o[0].status().String())
	if err != nil {
		return out, err
	}
	second, err := b.minimizeCover(ctx, name, k.inputs, k.second(o, first), o[1].status().String()+" after "+o[0].status().String())
	if err != nil {
		return out, err
	}
	return [2][]format.Cube{first, second}, nil
}

// orderClasses returns order as classes, or an error when it is not a permutation of
// win, draw and loss.
func orderClasses(order [3]chess.Status) ([3]class, error) {
	var o [3]class
	seen := 0
	for i, s := range order {
		o[i] = classOf(s)
		if o[i] == dontCare || seen&(1<<o[i]) != 0 {
			return o, fmt.Errorf("decision-list order %v is not an order of win, draw and loss", order)
		}
		seen |= 1 << o[i]
	}
	return o, nil
}
