package main

import (
	"bufio"
	"fmt"
	"io"
	"time"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
	"github.com/espresso-go/espresso/verify"
)

// command is one -D subcommand (an entry of 2.3's option_table).
type command struct {
	name        string
	numPLAs     int  // PLAs read from the operands
	needsOffset bool // compute the OFF-set when reading
	needsDCSet  bool // compute the DC-set when reading
	run         func(*env) error
	help        string
}

// commands is 2.3's option_table, in its order (the order of the usage
// message). The first entry is the default.
var commands = []command{
	{"ESPRESSO", 1, true, true, cmdEspresso, "minimize the function (the default)"},
	{"many", 1, true, true, cmdMany, "minimize each PLA of the file in turn"},
	{"exact", 1, true, true, cmdExact, "exact minimization (minimum number of cubes)"},
	{"qm", 1, true, true, cmdQM, "exact minimization (Quine-McCluskey style)"},
	{"single_output", 1, true, true, cmdSingleOutput, "minimize each output separately (same as so)"},
	{"so", 1, true, true, cmdSingleOutput, "minimize each output separately"},
	{"so_both", 1, true, true, cmdSingleOutputBoth, "minimize each output in both phases"},
	{"simplify", 1, false, false, cmdSimplify, "quick heuristic minimization (simplify)"},
	{"echo", 1, false, false, cmdEcho, "print the PLA (in the -o format)"},
	{"signature", 1, true, true, cmdSignature, "minimize with the signature cube method"},

	{"opo", 1, true, true, cmdOpo, "output phase assignment (Sasao)"},
	{"opoall", 1, true, true, cmdOpoAll, "try every output phase assignment"},
	{"pair", 1, true, true, cmdPair, "assign inputs to two-bit decoders"},
	{"pairall", 1, true, true, cmdPairAll, "try every pairing of inputs"},

	{"check", 1, true, true, cmdCheck, "check that ON-set, OFF-set and DC-set are disjoint"},
	{"stats", 1, false, false, cmdStats, "print the size and cost of the PLA"},
	{"verify", 2, false, true, cmdVerify, "check two PLAs (ON-sets) for equivalence"},
	{"PLAverify", 2, false, true, cmdPLAVerify, "check two PLAs for equivalence"},

	{"equiv", 1, true, true, cmdEquiv, "find equivalent outputs"},
	{"map", 1, false, false, cmdMap, "print a Karnaugh map of the function"},
	{"mapdc", 1, false, false, cmdMapDC, "compute the don't-care set of a symbolic mapping"},
	{"fsm", 1, false, true, cmdFSM, "disassemble a finite state machine"},

	{"contain", 1, false, false, cmdContain, "remove cubes contained in another (single cube containment)"},
	{"d1merge", 1, false, false, cmdD1Merge, "distance-1 merge over the variables of -r (all by default)"},
	{"d1merge_in", 1, false, false, cmdD1MergeIn, "distance-1 merge over the inputs"},
	{"disjoint", 1, true, false, cmdDisjoint, "make the cover disjoint"},
	{"dsharp", 2, false, false, cmdDSharp, "disjoint sharp of two covers"},
	{"intersect", 2, false, false, cmdIntersect, "intersection of two covers"},
	{"minterms", 1, false, false, cmdMinterms, "expand into minterms over the variables of -r"},
	{"primes", 1, false, true, cmdPrimes, "generate all prime implicants"},
	{"separate", 1, true, true, cmdSeparate, "remove the DC-set from the ON-set"},
	{"sharp", 2, false, false, cmdSharp, "sharp of two covers"},
	{"union", 2, false, false, cmdUnion, "union of two covers"},
	{"xor", 2, true, true, cmdXor, "exclusive or of two functions"},

	{"essen", 1, false, true, cmdEssen, "find the essential primes (one step of espresso)"},
	{"expand", 1, true, false, cmdExpand, "expand step of espresso"},
	{"gasp", 1, true, true, cmdGasp, "last_gasp step of espresso"},
	{"irred", 1, false, true, cmdIrred, "irredundant step of espresso"},
	{"make_sparse", 1, true, true, cmdMakeSparse, "make_sparse step of espresso"},
	{"reduce", 1, false, true, cmdReduce, "reduce step of espresso"},
	{"taut", 1, false, false, cmdTaut, "check whether the ON-set is a tautology"},
	{"super_gasp", 1, true, true, cmdSuperGasp, "super_gasp step of espresso"},
	{"lexsort", 1, false, false, cmdLexSort, "sort the cubes in lexical order"},
	{"test", 1, true, true, cmdTest, "a test of complement, expand and irredundant"},

	// Beyond 2.3: the paper's compaction.
	{"compact", 1, false, false, cmdCompact, "merge cubes at distance one in an input, over each of F, D, R, until none remains (not in 2.3)"},
}

// lookupCommand finds a -D subcommand by name.
func lookupCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

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
	e.pla.F = e.pla.F.Contain()
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
		e.pla.F = e.pla.Cube.D1Merge(e.pla.F, v)
	}
	return nil
}

// cmdD1MergeIn merges over each binary variable (KEY_d1merge_in).
func cmdD1MergeIn(e *env) error {
	for v := 0; v < e.pla.Cube.NumBinaryVars; v++ {
		e.pla.F = e.pla.Cube.D1Merge(e.pla.F, v)
	}
	return nil
}

// cmdUnion is the union of the two ON-sets (KEY_union).
func cmdUnion(e *env) error {
	e.pla.F = cover.ContainedUnion(e.pla.F, e.pla1.F)
	return nil
}

// cmdCheck checks that the three covers are disjoint and cover the space
// (KEY_check, check_consistency).
func cmdCheck(e *env) error {
	e.opts.printSolution = false
	p := e.pla
	_, err := verify.CheckConsistency(e.out, p.Cube, p.F, p.D, p.R, e.opts.verboseDebug, e.complTrace(), e.tautTrace())
	return err
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
	f, err := e.pla.Cube.UnravelRange(e.pla.F, first, last)
	if err != nil {
		return err
	}
	e.pla.F = f.Dupl()
	return nil
}

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
	return c.PrintCost(f), nil
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
	e.pla.F = cover.Join(t1, t2).Contain()
	return nil
}

// cmdMany minimizes each PLA of the input in turn, printing each result
// (KEY_MANY_ESPRESSO): every PLA after the first is read from the same
// stream, as the type the previous one had, with its own cube structure.
// Each PLA is minimized by manyEspresso. The run ends when the stream holds no more PLAs, with status 0
// and nothing more printed.
func cmdMany(e *env) error {
	for {
		if err := e.opts.manyStep(e); err != nil {
			return err
		}
		if e.exit != nil {
			return nil
		}
		if e.opts.printSolution {
			if err := pla.Write(e.out, e.pla, e.opts.outType); err != nil {
				return err
			}
			if err := e.out.Flush(); err != nil {
				return err
			}
		}
		opt := e.readOptions(e.pla.Type)
		opt.NeedsDCSet, opt.NeedsOffset = true, true
		next, err := e.reader.Read(opt)
		if err == pla.ErrNoPLA {
			break
		}
		if err != nil {
			return err
		}
		e.pla = next
		if e.mz != nil {
			e.mz.SetCube(next.Cube)
		}
		e.traceRead()
	}
	e.exit = &exitError{status: 0}
	return nil
}

// manyEspresso minimizes one PLA of -Dmany: espresso without the
// verification the ESPRESSO command adds, as 2.3's many loop does.
func manyEspresso(e *env) error {
	r := e.minimizer()
	t := minimize.Clock()
	F, err := r.Espresso(e.pla.F, e.pla.D, e.pla.R)
	if err != nil {
		return err
	}
	e.pla.F = F
	r.Exec(t, "ESPRESSO   ", F)
	return nil
}

// readStep is a step of reading a PLA that -t reports.
type readStep struct {
	name    string // READ and COMPL are totalled; the rest only printed
	elapsed time.Duration
	cube    *cover.Cube // the cube structure at the step (before .pair reshapes it)
	t       *cover.Cover
}

// recordReadStep keeps a timed step of reading for traceRead.
func (e *env) recordReadStep(step string, elapsed time.Duration, c *cover.Cube, t *cover.Cover) {
	e.readSteps = append(e.readSteps, readStep{step, elapsed, c, t})
}

// traceRead reports and accounts the steps of reading the last PLA, as
// read_pla's totals calls do with -t: each with the cube structure of its
// time, which -Dpair's pairing and symbolic outputs change later.
func (e *env) traceRead() {
	if len(e.readSteps) == 0 {
		return
	}
	r := e.minimizerOn(e.readSteps[0].cube)
	for _, s := range e.readSteps {
		switch s.name {
		case "READ", "COMPL":
			timer := minimize.ReadTime
			if s.name == "COMPL" {
				timer = minimize.ComplTime
			}
			r.SetCube(s.cube)
			r.Totals(minimize.Clock()-s.elapsed.Milliseconds(), timer, s.t)
		default:
			minimize.PrintTrace(e.out, s.cube, s.t, s.name, s.elapsed.Milliseconds())
		}
	}
	if e.pla != nil {
		r.SetCube(e.pla.Cube)
	}
	e.readSteps = nil
}
