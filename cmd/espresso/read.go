package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
	"github.com/espresso-go/espresso/plaops"
	"github.com/espresso-go/espresso/verify"
)

// This file reads the operands: each PLA with the reading options of the
// command and flags, the trace of reading (-t), and the steps before the
// command (-ecompact's compaction, the paper's relaxed overlap).

// getPLA reads PLA number n of the operands (standard input when absent or
// "-") as 2.3's getPLA does; prev is the first PLA when reading the second.
func (e *env) getPLA(operands []string, n int, prev *pla.PLA) (*pla.PLA, error) {
	var r io.Reader
	name := "(stdin)"
	if n >= len(operands) {
		r = e.stdin
	} else {
		name = operands[n]
		if name == "-" {
			r = e.stdin
		} else {
			path := name
			if e.dir != "" && !filepath.IsAbs(name) {
				path = filepath.Join(e.dir, name)
			}
			f, err := os.Open(path)
			if err != nil {
				return nil, exitf(1, "%s: Unable to open %s", e.prog, name)
			}
			// The file stays open for -Dmany until the run ends.
			e.files = append(e.files, f)
			r = f
		}
	}
	e.progress.Report("reading the PLA", -1, 0)
	rd := pla.NewReader(r, name, e.out, e.stderr)
	rd.Kiss = e.opts.kiss
	opt := e.readOptions(e.opts.inputType)
	if prev != nil {
		opt.Cube = prev.Cube
	}
	p, err := rd.Read(opt)
	if err == pla.ErrNoPLA {
		return nil, exitf(1, "%s: Unable to find PLA on file %s", e.prog, name)
	}
	var me *pla.MemoryError
	if errors.As(err, &me) {
		return nil, e.opts.memory.memoryError(name, me)
	}
	if err != nil {
		// 2.3 has printed the steps of reading done before the error
		// (a pairing that fails comes after READ and COMPL).
		e.traceRead()
		return nil, err
	}
	freeComplement(p)
	e.reader = rd
	e.filename = name
	return p, nil
}

// readOptions are the reading options of the command and flags.
func (e *env) readOptions(typ pla.Type) pla.ReadOptions {
	o := e.opts
	opt := pla.ReadOptions{
		Type:         typ,
		NeedsDCSet:   o.command.needsDCSet,
		NeedsOffset:  o.command.needsOffset,
		EchoComments: o.echoComments,
		EchoUnknown:  o.echoUnknown,
		Pos:          o.pos,
		Compact:      o.compact || o.command.name == "compact",
		Hooks:        readHooks(e.complTrace()),
		RowsRead:     freeReadGrowth,
	}
	opt.ComplTrace = e.complTrace()
	o.memory.readOptions(&opt)
	switch {
	case e.progress != nil:
		opt.Trace = e.readStepDone
	case o.Trace:
		opt.Trace = e.recordReadStep
	}
	if o.command.name == "echo" || o.command.name == "compact" {
		opt.NeedsDCSet = o.outType&pla.D != 0
		opt.NeedsOffset = o.outType&pla.R != 0
	}
	return opt
}

// readHooks are the minimizer's steps of read_pla: the mapping of
// .symbolic-output.
func readHooks(complTrace io.Writer) pla.Hooks {
	return pla.Hooks{MapOutputSymbolic: func(p *pla.PLA) error {
		return plaops.MapOutputSymbolic(p, complTrace)
	}}
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

// compactPLA runs the paper's compaction over each of F, D and R that the
// PLA holds (nil is allowed, and does nothing), in place.
func compactPLA(p *pla.PLA) { compactPLAFrom(p, 0) }

// compactPLAFrom is compactPLA for the covers of from cubes or more.
func compactPLAFrom(p *pla.PLA, from int) {
	if p == nil {
		return
	}
	for _, f := range []**cover.Cover{&p.F, &p.D, &p.R} {
		if *f != nil && (*f).Count >= from {
			*f, _ = p.Cube.Compact(*f)
		}
	}
}

// relaxOverlap applies the paper's relaxed consistency before a command
// that minimizes against the OFF-set. When the file gave the OFF-set
// explicitly (.type fr, dr or fdr) and it meets the DC-set, the OFF-set is
// replaced by R − D: every don't-care is free, and the ON-set may overlap
// the OFF-set inside D (2.3 blocks the don't-cares that R also holds, and
// stops with "ON-set and OFF-set are not orthogonal" on any overlap). An
// overlap of F and R outside D stays an error, which names a minterm that
// shows it. Under -epos the reader has exchanged the ON- and OFF-sets, so
// the same step gives F − D while R is minimized. Files whose OFF-set was
// computed as a complement cannot meet D and are left alone, as are
// explicit OFF-sets disjoint from D: every 2.3-consistent input runs
// exactly as in 2.3.
func (e *env) relaxOverlap() error {
	p := e.pla
	if p == nil || p.R == nil || p.F == nil || p.D == nil || p.Type&pla.R == 0 {
		return nil
	}
	// -Dcheck reports overlaps itself.
	if !e.opts.command.needsOffset || e.opts.command.name == "check" {
		return nil
	}
	c := p.Cube
	if verify.Overlaps(c, p.R, p.D) {
		p.R = c.SharpCover(p.R, p.D, nil)
	}
	if w := verify.OverlapWitness(c, p.F, p.R); w != nil {
		return fmt.Errorf("%s: ON-set and OFF-set overlap outside the DC-set, e.g. at minterm %s",
			p.Filename, verify.FormatMinterm(c, w))
	}
	return nil
}

// readOperands reads the PLAs the command takes from the operands (or
// standard input), printing the trace of reading each and, with -s or -t,
// its summary.
func (e *env) readOperands(operands []string) error {
	n := e.opts.command.numPLAs
	if n > 0 && len(operands) > n {
		return errors.New("trailing arguments on command line")
	}
	var err error
	if n >= 1 {
		if e.pla, err = e.getPLA(operands, 0, nil); err != nil {
			return err
		}
		e.traceRead()
	}
	if n == 2 {
		if e.pla1, err = e.getPLA(operands, 1, e.pla); err != nil {
			return err
		}
		e.traceRead()
	}
	if e.opts.Summary || e.opts.Trace {
		for _, p := range []*pla.PLA{e.pla, e.pla1} {
			if p == nil {
				continue
			}
			if err := summary(e.out, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// prepare readies the PLAs read for the command: the compaction of
// -ecompact, and the paper's relaxed overlap of ON- and OFF-set.
func (e *env) prepare() error {
	if e.opts.compact {
		compactPLA(e.pla)
		compactPLA(e.pla1)
	}
	return e.relaxOverlap()
}
