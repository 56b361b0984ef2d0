package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// This file holds the minimizing commands: the minimization session, the
// ESPRESSO loop and its single steps, the exact minimizations, the
// signature cubes and primes, the single-output modes and -Dmany.

// errVerify is 2.3's fatal error after a result failed verification.
var errVerify = errors.New("cover verification failed")

// minimizer returns the minimization session of this run, started on first
// use with the options of the command line; it holds what 2.3 keeps in
// globals between calls (statistics, reduce's alternation).
func (e *env) minimizer() *minimize.Run { return e.minimizerOn(e.pla.Cube) }

// minimizerOn is minimizer, starting the session, if it has not started,
// on the cube structure c.
func (e *env) minimizerOn(c *cover.Cube) *minimize.Run {
	if e.mz == nil {
		mo := e.opts.Options
		mo.Out = e.out
		mo.DumpFile = e.openDump
		if e.progress != nil {
			mo.Progress = e.reportStep
		}
		e.mz = minimize.NewRun(c, &mo)
	}
	return e.mz
}

// openDump opens NAME.suffix beside the input file NAME for the debugging
// output of an exact minimization, as 2.3's dump_irredundant does. Reading
// standard input, or where the file cannot be created (which 2.3 reports
// on stderr), the output goes to stdout: openDump returns nil.
func (e *env) openDump(suffix string) io.WriteCloser {
	if e.filename == "(stdin)" {
		return nil
	}
	name := e.filename + "." + suffix
	path := name
	if e.dir != "" && !filepath.IsAbs(name) {
		path = filepath.Join(e.dir, name)
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "espresso: Unable to open %s\n", name)
		return nil
	}
	return &dumpFile{Writer: bufio.NewWriter(f), f: f, name: name, stderr: e.stderr}
}

// A dumpFile is a file openDump created, buffered.
type dumpFile struct {
	*bufio.Writer
	f      *os.File
	name   string
	stderr io.Writer
}

// Close flushes and closes the file; 2.3 does not check these writes, so
// a failure is only reported on stderr.
func (d *dumpFile) Close() error {
	err := d.Flush()
	if cerr := d.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(d.stderr, "espresso: %s: %v\n", d.name, err)
	}
	return err
}

// offsetComplete reports whether the OFF-set of p is the complement of its
// ON- and DC-sets: the reader computed it (the file gave no OFF-set, or
// under -epos no ON-set).
func offsetComplete(p *pla.PLA) bool { return p.Type&pla.R == 0 }

// cmdEspresso minimizes the ON-set (KEY_ESPRESSO).
func cmdEspresso(e *env) error {
	r := e.minimizer()
	p := e.pla
	Fold := p.F.Clone()
	r.SetOffsetComplete(offsetComplete(p))
	F, err := r.Espresso(p.F, p.D, p.R)
	if err != nil {
		return err
	}
	p.F = F
	return e.verifyResult(Fold)
}

// cmdSimplify is the quick heuristic minimization (KEY_simplify).
func cmdSimplify(e *env) error {
	r := e.minimizer()
	t := minimize.Clock()
	e.pla.F = e.pla.Cube.Simplify(e.pla.Cube.NewCubeList(e.pla.F), e.complTrace())
	r.Exec(t, "SIMPLIFY  ", e.pla.F)
	return nil
}

// cmdExpand runs the expand step (KEY_expand).
func cmdExpand(e *env) error {
	r := e.minimizer()
	t := minimize.Clock()
	F, err := r.Expand(e.pla.F, e.pla.R, false)
	if err != nil {
		return err
	}
	e.pla.F = F
	r.Totals(t, minimize.ExpandTime, F)
	return nil
}

// cmdIrred runs the irredundant step (KEY_irred).
func cmdIrred(e *env) error {
	r := e.minimizer()
	t := minimize.Clock()
	F, err := r.Irredundant(e.pla.F, e.pla.D)
	if err != nil {
		return err
	}
	e.pla.F = F
	r.Totals(t, minimize.IrredTime, F)
	return nil
}

// cmdReduce runs the reduce step (KEY_reduce).
func cmdReduce(e *env) error {
	r := e.minimizer()
	t := minimize.Clock()
	F, err := r.Reduce(e.pla.F, e.pla.D)
	if err != nil {
		return err
	}
	e.pla.F = F
	r.Totals(t, minimize.ReduceTime, F)
	return nil
}

// cmdEssen takes the essential primes out of the ON-set into the DC-set,
// testing every cube (KEY_essen).
func cmdEssen(e *env) error {
	r := e.minimizer()
	p := e.pla
	for i := 0; i < p.F.Count; i++ {
		c := p.F.At(i)
		c.SetFlag(cover.RelativelyEssential)
		c.ResetFlag(cover.NonEssential)
	}
	t := minimize.Clock()
	F, D, _, err := r.Essential(p.F, p.D)
	if err != nil {
		return err
	}
	p.F, p.D = F, D
	r.Totals(t, minimize.EssenTime, p.F)
	return nil
}

// cmdGasp runs last_gasp (KEY_gasp).
func cmdGasp(e *env) error {
	F, _, err := e.minimizer().LastGasp(e.pla.F, e.pla.D, e.pla.R)
	if err != nil {
		return err
	}
	e.pla.F = F
	return nil
}

// cmdSuperGasp runs super_gasp (KEY_super_gasp).
func cmdSuperGasp(e *env) error {
	F, _, err := e.minimizer().SuperGasp(e.pla.F, e.pla.D, e.pla.R)
	if err != nil {
		return err
	}
	e.pla.F = F
	return nil
}

// cmdMakeSparse runs make_sparse (KEY_make_sparse).
func cmdMakeSparse(e *env) error {
	F, err := e.minimizer().MakeSparse(e.pla.F, e.pla.D, e.pla.R)
	if err != nil {
		return err
	}
	e.pla.F = F
	return nil
}

// cmdExact minimizes the number of cubes exactly (KEY_exact): all primes,
// then an exact minimum cover.
func cmdExact(e *env) error { return e.minimizeExact(true) }

// cmdQM is KEY_qm: the primes and a heuristic minimum cover.
func cmdQM(e *env) error { return e.minimizeExact(false) }

// minimizeExact runs minimize_exact and verifies the result as 2.3's main
// does for -Dexact and -Dqm.
func (e *env) minimizeExact(exactCover bool) error {
	p := e.pla
	Fold := p.F.Clone()
	F, err := e.minimizer().MinimizeExact(p.F, p.D, p.R, exactCover)
	if err != nil {
		return err
	}
	p.F = F
	return e.verifyResult(Fold)
}

// minimizerFor returns the run's minimization session (see minimizer)
// switched to the cube structure c, as 2.3's one process goes on with a
// new cube structure.
func (e *env) minimizerFor(c *cover.Cube) *minimize.Run {
	r := e.minimizer()
	r.SetCube(c)
	return r
}

// cmdSingleOutput minimizes each output separately (KEY_so); -S1 uses the
// exact minimizer.
func cmdSingleOutput(e *env) error {
	r := e.minimizer()
	p := e.pla
	var err error
	if e.opts.strategy == 1 {
		p.F, err = r.SingleOutputExact(p.F, p.D, p.R)
	} else {
		p.F, err = r.SingleOutput(p.F, p.D, p.R)
	}
	return err
}

// cmdSingleOutputBoth minimizes each output separately in both phases
// (KEY_so_both); -S1 uses the exact minimizer.
func cmdSingleOutputBoth(e *env) error {
	r := e.minimizer()
	p := e.pla
	var err error
	if e.opts.strategy == 1 {
		p.F, p.Phase, err = r.SingleOutputBothExact(p.F, p.D, p.R)
	} else {
		p.F, p.Phase, err = r.SingleOutputBoth(p.F, p.D, p.R)
	}
	return err
}

// cmdSignature minimizes exactly with the signature cube method
// (KEY_signature), then verifies the result.
func cmdSignature(e *env) error {
	r := e.minimizer()
	p := e.pla
	Fold := p.F.Clone()
	F, err := r.Signature(p.F, p.D, p.R)
	if err != nil {
		return err
	}
	p.F = F
	return e.verifyResult(Fold)
}

// cmdPrimes replaces the ON-set by all the primes of the function, in the
// order primes_consensus on the ON-set and DC-set gives them (KEY_primes).
func cmdPrimes(e *env) error {
	r := e.minimizer()
	p := e.pla
	t := minimize.Clock()
	F, err := r.AllPrimes(p.F, p.D)
	if err != nil {
		return err
	}
	p.F = F
	r.Exec(t, "PRIMES     ", p.F)
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
	r.SetOffsetComplete(offsetComplete(e.pla))
	F, err := r.Espresso(e.pla.F, e.pla.D, e.pla.R)
	if err != nil {
		return err
	}
	e.pla.F = F
	r.Exec(t, "ESPRESSO   ", F)
	return nil
}
