package minimize

import (
	"fmt"
	"io"

	"github.com/espresso-go/espresso/cover"
)

// tautTrace prints the lines of 2.3's TAUT debugging (-v taut) that
// irredundant's ftautology (FIND_TAUTOLOGY) prints: each level's list on
// entry, its unate reductions and splits, and the size of its covering
// table on exit. Its level is 2.3's static ftaut_level. The tautology
// questions the steps ask print their own lines through a checker traced
// to the same writer ([cover.TautologyChecker.SetTrace]).
type tautTrace struct {
	w         io.Writer
	findLevel int
}

// writer returns where tr prints, or nil when tr is nil (no -v taut).
func (tr *tautTrace) writer() io.Writer {
	if tr == nil {
		return nil
	}
	return tr.w
}

// EnterFindTautology prints the lines of a level of ftautology for the
// list T, as 2.3 does on entering it.
func (tr *tautTrace) EnterFindTautology(c *cover.Cube, T cover.CubeList) {
	c.WriteList(tr.w, "FIND_TAUTOLOGY", tr.findLevel, T)
	tr.findLevel++
}

// ExitFindTautology prints the line of ftautology leaving a level, with
// the size of its covering table.
func (tr *tautTrace) ExitFindTautology(rows, cols int) {
	tr.findLevel--
	fmt.Fprintf(tr.w, "exit FIND_TAUTOLOGY[%d]: table is %d by %d\n", tr.findLevel, rows, cols)
}

// PrintSplit prints binate_split_select's lines for a split against
// variable best into cl and cr.
func (tr *tautTrace) PrintSplit(c *cover.Cube, best int, cl, cr cover.Set) {
	c.WriteSplit(tr.w, best, cl, cr)
}

// PrintUnateReduction prints the line of a unate reduction to n cubes.
func (tr *tautTrace) PrintUnateReduction(unate, n int) {
	fmt.Fprintf(tr.w, "UNATE_REDUCTION: %d unate variables, reduced to %d\n", unate, n)
}
