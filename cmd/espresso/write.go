package main

import (
	"bufio"
	"fmt"
	"time"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// This file writes: the summary lines of -s and -t and the result.

// summary prints the PLA's sizes and costs (PLA_summary).
func summary(w *bufio.Writer, p *pla.PLA) error {
	c := p.Cube
	fmt.Fprintf(w, "# PLA is %s", p.Filename)
	if c.NumBinaryVars == c.NumVars-1 {
		fmt.Fprintf(w, " with %d inputs and %d outputs\n", c.NumBinaryVars, c.PartSize[c.NumVars-1])
	} else {
		fmt.Fprintf(w, " with %d variables (%d binary, mv sizes", c.NumVars, c.NumBinaryVars)
		for v := c.NumBinaryVars; v < c.NumVars; v++ {
			fmt.Fprintf(w, " %d", c.PartSize[v])
		}
		fmt.Fprintf(w, ")\n")
	}
	for _, x := range []struct {
		label string
		f     *cover.Cover
	}{{"# ON-set cost is  ", p.F}, {"# OFF-set cost is ", p.R}, {"# DC-set cost is  ", p.D}} {
		s, err := costString(c, x.f)
		if err != nil {
			return err
		}
		w.WriteString(x.label + s + "\n")
	}
	if p.Phase != nil {
		w.WriteString("# phase is " + pla.CubeString(c, p.Phase) + "\n")
	}
	if p.Pair != nil {
		w.WriteString("# two-bit decoders:")
		for i := range p.Pair.Var1 {
			fmt.Fprintf(w, " (%d %d)", p.Pair.Var1[i], p.Pair.Var2[i])
		}
		w.WriteString("\n")
	}
	for _, s := range p.Symbolic {
		w.WriteString("# symbolic: ")
		for _, it := range s.List {
			fmt.Fprintf(w, " %d", it.Variable)
		}
		w.WriteString("\n")
	}
	for _, s := range p.SymbolicOutput {
		w.WriteString("# output symbolic: ")
		for _, it := range s.List {
			fmt.Fprintf(w, " %d", it.Pos)
		}
		w.WriteString("\n")
	}
	return nil
}

// costString is print_cost.
func costString(c *cover.Cube, f *cover.Cover) (string, error) {
	return c.FormatCost(c.CoverCost(f)), nil
}

// writeResult ends a run that the command did not end: with -t the table
// of times, with -s or -t the run's summary line (its time since start),
// then the solution in the -o format.
func (e *env) writeResult(start time.Time) error {
	o, out := e.opts, e.out
	if o.Trace && e.mz != nil {
		e.mz.Stats.WriteRuntime(out)
	}
	if o.Summary || o.Trace {
		c, err := costString(e.pla.Cube, e.pla.F)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "# %s\tTime was %s, cost is %s\n", o.command.name, formatTime(time.Since(start)), c)
	}
	if o.printSolution {
		t := minimize.Clock()
		e.progress.Report("writing the result", -1, e.pla.F.Count)
		if err := pla.Write(out, e.pla, o.outType); err != nil {
			return err
		}
		if o.Trace {
			r := e.minimizer()
			r.SetCube(e.pla.Cube)
			r.Totals(t, minimize.WriteTime, e.pla.F)
		}
	}
	return nil
}
