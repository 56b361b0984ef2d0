package cover

import (
	"fmt"
	"io"
)

// The debugging trace of complement, simplify and simp_comp that ESPRESSO
// 2.3 prints with -v compl: each level's list on entry and its result on
// exit, the split variable and the merges. -v also turns on 2.3's verbose
// debugging, so the trace always lists the cubes.

// complTrace writes the trace of one recursion. Its depth is the level 2.3
// keeps in a static counter per function; a recursion that returns leaves
// it where it started, so each top-level call starts at 0 as in 2.3.
type complTrace struct {
	w     io.Writer
	cube  *Cube
	depth int
}

// WriteList writes the list T as 2.3's debug_print does with its verbose
// switch on (which every -v sets): a blank line at level 0, the name with
// the level and the number of cubes, the cofactor, and each cube united
// with the cofactor, numbered.
func (c *Cube) WriteList(w io.Writer, name string, level int, T CubeList) {
	if level == 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%s[%d]: ord(T)=%d\ncofactor=%s\n", name, level, len(T.Cubes), c.Format(T.Cof))
	temp := c.NewSet()
	for i, p := range T.Cubes {
		fmt.Fprintf(w, "%4d. %s\n", i+1, c.Format(temp.Or(p, T.Cof)))
	}
}

// WriteSplit writes the lines binate_split_select prints when verbose: the
// variable best split against and the two halves cl and cr.
func (c *Cube) WriteSplit(w io.Writer, best int, cl, cr Set) {
	fmt.Fprintf(w, "BINATE_SPLIT_SELECT: split against %d\ncl=%s\ncr=%s\n", best, c.Format(cl), c.Format(cr))
}

// enter prints a level's list T on entry (debug_print) and goes one level
// down.
func (t *complTrace) enter(name string, T CubeList) {
	t.cube.WriteList(t.w, name, t.depth, T)
	t.depth++
}

// result prints a level's result f at the given level (debug1_print).
func (t *complTrace) result(name string, f *Cover, level int) {
	if level == 0 {
		fmt.Fprintln(t.w)
	}
	fmt.Fprintf(t.w, "%s[%d]: ord(T)=%d\n", name, level, f.Count)
	for i := 0; i < f.Count; i++ {
		fmt.Fprintf(t.w, "%4d. %s\n", i+1, t.cube.Format(f.At(i)))
	}
}

// split prints the variable a level splits on and its two halves
// (binate_split_select).
func (t *complTrace) split(best int, cl, cr Set) {
	t.cube.WriteSplit(t.w, best, cl, cr)
}

// list prints the cubes of f, one a line (cprint).
func (t *complTrace) list(f *Cover) {
	for i := 0; i < f.Count; i++ {
		fmt.Fprintln(t.w, t.cube.Format(f.At(i)))
	}
}

// mergeStart prints the two halves compl_merge is given.
func (t *complTrace) mergeStart(l, r *Cover, cl, cr Set) {
	fmt.Fprintf(t.w, "compl_merge: left %d, right %d\n", l.Count, r.Count)
	fmt.Fprintf(t.w, "%s (cl)\n%s (cr)\nLeft is\n", t.cube.Format(cl), t.cube.Format(cr))
	t.list(l)
	fmt.Fprintln(t.w, "Right is")
	t.list(r)
}

// mergeEnd prints compl_merge's result.
func (t *complTrace) mergeEnd(f *Cover) {
	fmt.Fprintf(t.w, "Result %d\n", f.Count)
	t.list(f)
}

// complementPrinting is [Cube.Complement] printing 2.3's -v compl trace of
// the recursion to w, in the calling goroutine.
func (c *Cube) complementPrinting(T CubeList, w io.Writer) (*Cover, error) {
	x := newComplementer(c)
	x.traceTo(w)
	x.out = c.NewCover(2 * len(T.Cubes))
	if err := x.complement(T); err != nil {
		return nil, err
	}
	return x.out, nil
}

// traceTo makes x print 2.3's -v compl trace to w, unless w is nil.
func (x *complementer) traceTo(w io.Writer) {
	if w != nil {
		x.trace = &complTrace{w: w, cube: x.c}
	}
}

// complementTraced is complement with the trace of its level.
func (x *complementer) complementTraced(T CubeList) error {
	t := x.trace
	start := x.out.Count
	t.enter("COMPLEMENT", T)
	if err := x.complementLevel(T); err != nil {
		return err
	}
	t.depth--
	t.result("exit COMPLEMENT", x.out.window(start, x.out.Count, x.out.Count), t.depth)
	return nil
}
