package main

import (
	"io"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
)

// This file holds the commands of the cover algebra: containment,
// distance-one merges, union, intersection, sharp products, tautology,
// minterms, compaction and the summary commands.

func cmdEcho(e *env) error { return nil }

// cmdStats prints the summary of the PLA (KEY_stats).
func cmdStats(e *env) error {
	if !e.opts.Summary {
		if err := summary(e.out, e.pla); err != nil {
			return err
		}
	}
	e.opts.printSolution = false
	return nil
}

// cmdMap prints Karnaugh maps (KEY_map).
func cmdMap(e *env) error {
	e.opts.printSolution = false
	return e.pla.Cube.Map(e.out, e.pla.F)
}

// cmdContain removes contained cubes (KEY_contain).
func cmdContain(e *env) error {
	e.pla.F = e.pla.F.Maximal()
	return nil
}

// varRange is the -r range clipped to the variables, as 2.3 clips it.
func (e *env) varRange() (int, int) {
	first, last := e.opts.first, e.opts.last
	n := e.pla.Cube.NumVars
	if first < 0 || first >= n {
		first = 0
	}
	if last < 0 || last >= n {
		last = n - 1
	}
	return first, last
}

// cmdD1Merge merges over each variable of the range (KEY_d1merge).
func cmdD1Merge(e *env) error {
	first, last := e.varRange()
	for v := first; v <= last; v++ {
		e.pla.F = e.pla.F.Distance1Merge(e.pla.Cube.VarMask[v])
	}
	return nil
}

// cmdD1MergeIn merges over each binary variable (KEY_d1merge_in).
func cmdD1MergeIn(e *env) error {
	for v := 0; v < e.pla.Cube.NumBinaryVars; v++ {
		e.pla.F = e.pla.F.Distance1Merge(e.pla.Cube.VarMask[v])
	}
	return nil
}

// cmdUnion is the union of the two ON-sets (KEY_union).
func cmdUnion(e *env) error {
	e.pla.F = cover.ContainedUnion(e.pla.F, e.pla1.F)
	return nil
}

// cmdDisjoint makes the ON-set disjoint (KEY_disjoint).
func cmdDisjoint(e *env) error {
	e.pla.F = e.pla.Cube.MakeDisjoint(e.pla.F)
	return nil
}

// cmdDSharp is the disjoint sharp of the two ON-sets (KEY_dsharp).
func cmdDSharp(e *env) error {
	e.pla.F = e.pla.Cube.DSharpCover(e.pla.F, e.pla1.F)
	return nil
}

// cmdSharp is the sharp of the two ON-sets (KEY_sharp); -v sharp (and -d)
// trace its recursion.
func cmdSharp(e *env) error {
	var trace io.Writer // -v sharp
	if e.opts.Debug&minimize.DebugSharp != 0 {
		trace = e.out
	}
	e.pla.F = e.pla.Cube.SharpCover(e.pla.F, e.pla1.F, trace)
	return nil
}

// cmdIntersect is the intersection of the two ON-sets (KEY_intersect).
func cmdIntersect(e *env) error {
	e.pla.F = e.pla.Cube.Intersect(e.pla.F, e.pla1.F)
	return nil
}

// cmdLexSort sorts the ON-set (KEY_lexsort).
func cmdLexSort(e *env) error {
	e.pla.F = e.pla.F.LexSort()
	return nil
}

// cmdMinterms expands the ON-set into minterms of the variables of the
// range (KEY_minterms).
func cmdMinterms(e *env) error {
	first, last := e.varRange()
	f, err := e.pla.Cube.Unravel(e.pla.F, first, last)
	if err != nil {
		return err
	}
	e.pla.F = f.Distinct()
	return nil
}

// cmdTaut reports whether the ON-set is a tautology (KEY_taut).
func cmdTaut(e *env) error {
	c := e.pla.Cube
	k := c.NewTautologyChecker()
	k.SetTrace(e.tautTrace())
	if k.Tautology(c.NewCubeList(e.pla.F)) {
		e.out.WriteString("ON-set is a tautology\n")
	} else {
		e.out.WriteString("ON-set is not a tautology\n")
	}
	e.opts.printSolution = false
	return nil
}

// cmdSeparate removes the DC-set from the ON-set: F becomes the complement
// of D ∪ R (KEY_separate).
func cmdSeparate(e *env) error {
	c := e.pla.Cube
	f, err := c.Complement(c.NewCubeList(e.pla.D, e.pla.R), e.complTrace())
	if err != nil {
		return err
	}
	e.pla.F = f
	return nil
}

// cmdXor is the exclusive or of the two functions: (F ∩ R1) ∪ (F1 ∩ R)
// without contained cubes (KEY_xor).
func cmdXor(e *env) error {
	c := e.pla.Cube
	t1 := c.Intersect(e.pla.F, e.pla1.R)
	t2 := c.Intersect(e.pla1.F, e.pla.R)
	e.pla.F = cover.Join(t1, t2).Maximal()
	return nil
}

// cmdCompact compacts the covers of the PLA (-Dcompact, not in 2.3): the
// covers the -o type prints are compacted, each on its own, and printed.
func cmdCompact(e *env) error {
	compactPLA(e.pla)
	return nil
}
