package cover

import (
	"fmt"
	"io"
)

// tautTrace prints the lines of 2.3's TAUT debugging (-v taut) for the
// tautology recursion: each level's list on entry, its unate and component
// reductions, its split and its answer on exit. Its level is 2.3's static
// taut_level; each question leaves it where it started, so every question
// starts at level 0 as in 2.3.
type tautTrace struct {
	w     io.Writer
	level int
}

// SetTrace makes the checker print the recursion of each question it
// answers to w as 2.3's -v taut does, or stops it when w is nil. A traced
// checker asks 2.3's questions as 2.3 does; untraced, it pays nothing for
// the trace.
func (k *TautologyChecker) SetTrace(w io.Writer) {
	k.t.trace = nil
	if w != nil {
		k.t.trace = &tautTrace{w: w}
	}
}

// enter prints the list T of a level on entering it and goes one level
// down.
func (tr *tautTrace) enter(c *Cube, T CubeList) {
	c.WriteList(tr.w, "TAUTOLOGY", tr.level, T)
	tr.level++
}

// exit goes one level up and prints the level's answer.
func (tr *tautTrace) exit(taut bool) {
	tr.level--
	fmt.Fprintf(tr.w, "exit TAUTOLOGY[%d]: %s\n", tr.level, boolString(taut))
}

// unateReduction prints the line of a unate reduction to n cubes.
func (tr *tautTrace) unateReduction(unate, n int) {
	fmt.Fprintf(tr.w, "UNATE_REDUCTION: %d unate variables, reduced to %d\n", unate, n)
}

// componentReduction prints the line of a component reduction into lists
// of a and b cubes (b is 0 when the cubes form one component).
func (tr *tautTrace) componentReduction(a, b int) {
	fmt.Fprintf(tr.w, "COMPONENT_REDUCTION: split into %d %d\n", a, b)
}

// boolString is 2.3's print_bool.
func boolString(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}
