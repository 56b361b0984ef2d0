package chess

// This file answers, for the positions of one material, what the side to move attains by
// a capture: what a probe that searches the captures one ply deep finds, and so which
// positions a table probed that way may store with a lower value.

import (
	"fmt"
	"runtime/debug"
)

// Captures gives the best value the side to move attains by a capture in each position of
// one material, from the values of the smaller materials the captures lead to. It is safe
// for concurrent use.
type Captures struct {
	b *builder
}

// Captures returns the Captures of material m (in m's piece order). The values of the
// materials m's captures lead to (one piece fewer, a capture-promotion's piece promoted)
// come as SolveValues' dependencies do: from s.Deps, or solved in memory by a Solver of
// its own, dropped once they are read; they are held at two bits an entry for the
// Captures' lifetime. No table of m itself is needed, so a slice job of five pieces can
// ask for them beside its values file.
func (s *Solver) Captures(m Material) (*Captures, error) {
	if err := checkMaterial(m); err != nil {
		return nil, fmt.Errorf("captures: %w", err)
	}
	b := newBuilder(m, s.Progress, s.Workers)
	l := &depLoader{s: s, mat: m}
	err := b.setSubs(func(d Material, r depRestriction) (*subTable, error) {
		if r.on {
			return nil, nil // a promotion without a capture: not looked up
		}
		return l.load(d, r)
	})
	if err != nil {
		return nil, fmt.Errorf("captures: %w", err)
	}
	if l.mem != nil {
		l.mem, l.memV = nil, nil
		debug.FreeOSMemory()
	}
	return &Captures{b: b}, nil
}

// Material returns the material whose positions c answers for.
func (c *Captures) Material() Material { return c.b.t.mat }

// Best returns the best value for the side to move of position x (an index of c's
// material) over its legal captures, capture-promotions included — the value after the
// capture, seen from the side that made it — and true; or Invalid and false when the
// position is not legal or has no capture. Positions carry no en passant square, so en
// passant captures are not among the captures.
func (c *Captures) Best(x int) (Status, bool) {
	b := c.b
	if x < 0 || x >= b.size {
		return Invalid, false
	}
	var p position
	b.decode(uint32(x), &p)
	if _, bad := b.notLegal(&p); bad {
		return Invalid, false
	}
	r := b.scan(uint32(x), &p, nil, scanCaptures)
	if !r.hasExit {
		return Invalid, false
	}
	return decodeValue(r.exitBest).Status, true
}

// LowestStored returns the lowest value for the side to move that a table probed with its
// captures resolved (the better of the stored value and the best capture's) may store at
// a position of value v (Win, Draw or Loss) whose best capture attains best (has: the
// side to move has a capture, see Captures.Best): Loss when a capture attains v, v itself
// otherwise. Any value from it up to v may be stored — a win that a capture wins is free,
// a draw that a capture draws may be stored as a draw or a loss — and never one above v:
// a loss stays a loss, and a position whose captures fall short of its value keeps it.
func LowestStored(v, best Status, has bool) Status {
	if has && best == v {
		return Loss
	}
	return v
}
