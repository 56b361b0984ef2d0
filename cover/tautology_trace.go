package cover

import (
	"fmt"
	"io"
)

// TautologyTrace prints the lines of 2.3's TAUT debugging (-v taut): each
// level of the tautology recursion with its list, its special cases and its
// splits. It keeps, as 2.3 does in statics, the depth of the recursions it
// traces, so one trace must serve the questions of one run in order; so it
// does for irredundant's ftautology (FIND_TAUTOLOGY), which package
// minimize traces through it.
type TautologyTrace struct {
	w         io.Writer
	level     int // taut_level
	findLevel int // ftaut_level
}

// NewTautologyTrace returns a trace printing to w.
func NewTautologyTrace(w io.Writer) *TautologyTrace { return &TautologyTrace{w: w} }

// EnterFindTautology prints the lines of a level of ftautology for the
// list T, as 2.3 does on entering it.
func (tr *TautologyTrace) EnterFindTautology(c *Cube, T CubeList) {
	c.WriteList(tr.w, "FIND_TAUTOLOGY", tr.findLevel, T)
	tr.findLevel++
}

// ExitFindTautology prints the line of ftautology leaving a level, with
// the size of its covering table.
func (tr *TautologyTrace) ExitFindTautology(rows, cols int) {
	tr.findLevel--
	fmt.Fprintf(tr.w, "exit FIND_TAUTOLOGY[%d]: table is %d by %d\n", tr.findLevel, rows, cols)
}

// PrintSplit prints binate_split_select's lines for a split against
// variable best into cl and cr.
func (tr *TautologyTrace) PrintSplit(c *Cube, best int, cl, cr Set) {
	c.WriteSplit(tr.w, best, cl, cr)
}

// PrintUnateReduction prints the line of a unate reduction to n cubes.
func (tr *TautologyTrace) PrintUnateReduction(unate, n int) {
	fmt.Fprintf(tr.w, "UNATE_REDUCTION: %d unate variables, reduced to %d\n", unate, n)
}

// SetTrace makes the checker print its questions' recursions to tr, or
// stops it when tr is nil. A traced checker follows 2.3's recursion
// step by step, more slowly than an untraced one.
func (k *TautologyChecker) SetTrace(tr *TautologyTrace) { k.trace = tr }

// traced answers the tautology question for T as 2.3's tautology does,
// printing its lines to tr.
func (t *tautology) traced(tr *TautologyTrace, T CubeList) bool {
	c := t.c
	c.WriteList(tr.w, "TAUTOLOGY", tr.level, T)
	tr.level++
	r := t.tracedSpecialCases(tr, &T)
	if r == maybe {
		cl, cr := c.NewSet(), c.NewSet()
		best := c.BinateSplitSelect(T, &t.d, cl, cr)
		tr.PrintSplit(c, best, cl, cr)
		r = no
		if t.traced(tr, c.SCofactor(T, cl, best)) && t.traced(tr, c.SCofactor(T, cr, best)) {
			r = yes
		}
	}
	tr.level--
	fmt.Fprintf(tr.w, "exit TAUTOLOGY[%d]: %s\n", tr.level, boolString(r == yes))
	return r == yes
}

// boolString is 2.3's print_bool.
func boolString(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}

// tracedSpecialCases is specialCases printing 2.3's lines to tr, its
// component reduction recurring through traced.
func (t *tautology) tracedSpecialCases(tr *TautologyTrace, T *CubeList) tristate {
	c := t.c
	for _, p := range T.Cubes {
		if c.FullRow(p, T.Cof) {
			return yes
		}
	}
	ceil, temp := c.NewSet(), c.NewSet()
	for {
		ceil.Copy(T.Cof)
		for _, p := range T.Cubes {
			ceil.Or(ceil, p)
		}
		if !ceil.Equal(c.FullSet) {
			return no
		}
		d := &t.d
		c.massiveCount(d, *T)
		switch {
		case d.VarsUnate == d.VarsActive:
			return no
		case d.VarsActive == 1:
			return yes
		case d.VarsUnate != 0:
			c.unateReduce(T, d, ceil, temp)
			tr.PrintUnateReduction(d.VarsUnate, len(T.Cubes))
			continue
		case d.VarZeros[d.Best] < len(T.Cubes)/2:
			a, b, n := c.partition(*T, make([]bool, len(T.Cubes)))
			fmt.Fprintf(tr.w, "COMPONENT_REDUCTION: split into %d %d\n", len(T.Cubes)-n, n)
			if n == 0 {
				return maybe
			}
			if t.traced(tr, a) || t.traced(tr, b) {
				return yes
			}
			return no
		}
		return maybe
	}
}
