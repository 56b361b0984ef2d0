// Command espresso minimizes two-level logic functions given as PLA files;
// it is a port of Berkeley ESPRESSO 2.3 and prints the same bytes. Run
// "espresso --help" for the options.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/espresso-go/espresso/internal/progress"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
	"github.com/pkg/profile"
)

const version = "UC Berkeley, Espresso Version #2.3, Release date 01/31/88"

const (
	typeF   = pla.F
	typeFD  = pla.FD
	typeFR  = pla.FR
	typeFDR = pla.FDR
)

func main() {
	paceGC()
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// options are the settings of a run: 2.3's command-line globals.
type options struct {
	// The minimizer's switches: its -e options, -t (Trace), -s (Summary)
	// and the -d and -v bits (Debug). The session (minimizerOn) adds
	// where its output goes.
	minimize.Options

	command   *command
	manyStep  func(*env) error // what -Dmany does to each PLA (manyEspresso)
	outType   pla.Type
	inputType pla.Type

	debug         bool
	verboseDebug  bool
	printSolution bool
	strategy      int
	first, last   int

	// The -e options that act on reading and writing (esp_opt_table).
	echoComments bool
	echoUnknown  bool
	kiss         bool
	pos          bool
	compact      bool // -ecompact: compaction before the command (not in 2.3)
}

// espOptionHelp lists the -e options in 2.3's table order, with help.
var espOptionHelp = [...][2]string{
	{"eat", "do not echo comments (#) and lines before .i to the output"},
	{"eatdots", "do not echo unknown dot-commands to the output"},
	{"fast", "expand each cube once only (single_expand)"},
	{"kiss", "read the PLA as a kiss state table"},
	{"ness", "do not remove essential primes"},
	{"nirr", "do not force the result irredundant"},
	{"nunwrap", "do not unwrap the ON-set"},
	{"onset", "recompute the ON-set"},
	{"pos", "minimize the OFF-set (product of sums)"},
	{"random", "use a random order"},
	{"strong", "use super_gasp"},
	{"compact", "compact F, D and R (as -Dcompact) before the command (not in 2.3)"},
}

// setEspOption sets the -e option name; it reports whether name is one.
func (o *options) setEspOption(name string) bool {
	switch name {
	case "eat":
		o.echoComments = false
	case "eatdots":
		o.echoUnknown = false
	case "kiss":
		o.kiss = true
	case "pos":
		o.pos = true
	case "compact":
		o.compact = true
	default:
		return o.SetEspressoOption(name) == nil
	}
	return true
}

// debugTable is 2.3's debug_table: the -v types and their bits.
var debugTable = [...]struct {
	name  string
	value minimize.Debug
}{
	{"", minimize.DebugExpand | minimize.DebugEssen | minimize.DebugIrred | minimize.DebugReduce |
		minimize.DebugSparse | minimize.DebugGasp | minimize.DebugSharp | minimize.DebugMincov},
	{"compl", minimize.DebugCompl}, {"essen", minimize.DebugEssen}, {"expand", minimize.DebugExpand},
	{"expand1", minimize.DebugExpand1 | minimize.DebugExpand}, {"irred", minimize.DebugIrred},
	{"irred1", minimize.DebugIrred1 | minimize.DebugIrred}, {"reduce", minimize.DebugReduce},
	{"reduce1", minimize.DebugReduce1 | minimize.DebugReduce}, {"mincov", minimize.DebugMincov},
	{"mincov1", minimize.DebugMincov1 | minimize.DebugMincov}, {"sparse", minimize.DebugSparse},
	{"sharp", minimize.DebugSharp}, {"taut", minimize.DebugTaut}, {"gasp", minimize.DebugGasp},
	{"exact", minimize.DebugExact},
}

// parseOutType looks up an -o type.
func parseOutType(name string) (pla.Type, bool) { return pla.ParseType(name) }

// run is the espresso command: args as os.Args, the streams, the exit
// status as result.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runIn("", args, stdin, stdout, stderr)
}

// runIn is run with relative file names taken relative to dir (the
// current directory when dir is empty), so that tests need not change
// directory.
func runIn(dir string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 1<<16)
	status := runFlushed(dir, args, stdin, out, stderr)
	if err := out.Flush(); err != nil && status == 0 {
		fmt.Fprintf(stderr, "espresso: %v\n", err)
		status = 1
	}
	return status
}

func runFlushed(dir string, args []string, stdin io.Reader, out *bufio.Writer, stderr io.Writer) int {
	if len(args) == 0 {
		args = []string{"espresso"}
	}
	err := runErr(dir, args, stdin, out, stderr)
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			out.Flush()
			fmt.Fprintln(stderr, ee.msg)
		}
		return ee.status
	}
	out.Flush()
	fmt.Fprintf(stderr, "espresso: %v\n", err)
	var pe *pla.Error
	if errors.As(err, &pe) && pe.Status != 0 {
		return pe.Status
	}
	return 1
}

func runErr(dir string, args []string, stdin io.Reader, out *bufio.Writer, stderr io.Writer) error {
	start := time.Now()
	o := &options{
		command:       &commands[0],
		manyStep:      manyEspresso,
		outType:       pla.F,
		inputType:     pla.FD,
		printSolution: true,
		first:         -1,
		last:          -1,
		echoComments:  true,
		echoUnknown:   true,
		Options:       *minimize.DefaultOptions(),
	}

	args, long := splitLong(args)
	flags, err := parseLong(long, out)
	if err == errHelpShown {
		return nil
	}
	if err != nil {
		return err
	}
	if flags.Profile != "" {
		mode := map[string]func(*profile.Profile){
			"cpu": profile.CPUProfile, "mem": profile.MemProfile, "block": profile.BlockProfile,
		}[flags.Profile]
		// The profile is written when the run ends, and also when it is
		// interrupted: a long run is what one profiles, and stopping it
		// with ^C or a time limit must not lose the samples.
		prof := profile.Start(mode, profile.ProfilePath("."), profile.Quiet, profile.NoShutdownHook)
		stop := sync.OnceFunc(func() {
			if flags.Profile == "mem" {
				// A heap profile shows the heap as the last finished
				// collections left it, which on a large run may be
				// seconds and gigabytes ago: collect now.
				runtime.GC()
			}
			prof.Stop()
		})
		defer stop()
		interrupted := make(chan os.Signal, 1)
		signal.Notify(interrupted, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(interrupted)
		go func() {
			if _, ok := <-interrupted; ok {
				stop()
				fmt.Fprintf(stderr, "espresso: interrupted; %s profile written\n", flags.Profile)
				os.Exit(130)
			}
		}()
	}

	args, err = o.backwardCompatibility(args)
	if err != nil {
		return err
	}
	prog := args[0]
	opts, operands, permuted, gerr := getoptScan(args)
	for _, op := range opts {
		if err := o.apply(prog, op); err != nil {
			return err
		}
	}
	if gerr != nil {
		fmt.Fprintln(stderr, gerr.Error())
		usage(out)
		return &exitError{status: 1, msg: helpHint}
	}

	if o.Summary || o.Trace {
		out.WriteString("#")
		for _, a := range permuted {
			out.WriteString(" " + a)
		}
		out.WriteString("\n# " + version + "\n")
	}

	e := &env{opts: o, out: out, stderr: stderr, stdin: stdin, prog: prog, dir: dir}
	e.progress = progress.ForTerminal(stderr, "espresso", progressAfter)
	defer e.progress.Stop()
	defer func() {
		for _, f := range e.files {
			f.Close()
		}
	}()
	switch o.command.numPLAs {
	case 2:
		if len(operands) > 2 {
			return errors.New("trailing arguments on command line")
		}
		if e.pla, err = e.getPLA(operands, 0, nil); err != nil {
			return err
		}
		e.traceRead()
		if e.pla1, err = e.getPLA(operands, 1, e.pla); err != nil {
			return err
		}
		e.traceRead()
	case 1:
		if len(operands) > 1 {
			return errors.New("trailing arguments on command line")
		}
		if e.pla, err = e.getPLA(operands, 0, nil); err != nil {
			return err
		}
		e.traceRead()
	}
	if o.Summary || o.Trace {
		if e.pla != nil {
			if err := summary(out, e.pla); err != nil {
				return err
			}
		}
		if e.pla1 != nil {
			if err := summary(out, e.pla1); err != nil {
				return err
			}
		}
	}

	if o.compact {
		compactPLA(e.pla)
		compactPLA(e.pla1)
	}
	if err := e.relaxOverlap(); err != nil {
		return err
	}
	if err := o.command.run(e); err != nil {
		return err
	}
	// A command that decided the exit status has ended the run, as 2.3's
	// exit() inside its switch does, before the table of times; a failed
	// verification still prints the table and the run's summary line
	// before 2.3's fatal().
	if e.exit != nil && e.exit != errVerify {
		return e.exit
	}
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
	return e.exit
}

// formatTime prints a duration as 2.3's print_time does ("%.2f sec").
func formatTime(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " sec"
}

// apply performs one option getopt returned.
func (o *options) apply(prog string, op opt) error {
	switch op.name {
	case 'D':
		cmd := lookupCommand(op.arg)
		if cmd == nil {
			return exitf(1, "%s: bad subcommand \"%s\"", prog, op.arg)
		}
		o.command = cmd
	case 'o':
		t, ok := parseOutType(op.arg)
		if !ok {
			return exitf(1, "%s: bad output type \"%s\"", prog, op.arg)
		}
		o.outType = t
	case 'e':
		if !o.setEspOption(op.arg) {
			return exitf(1, "%s: bad espresso option \"%s\"", prog, op.arg)
		}
	case 'd':
		o.debug = true
		o.Debug = debugTable[0].value
		o.Trace = true
		o.Summary = true
	case 'v':
		o.verboseDebug = true
		found := false
		for _, d := range debugTable {
			if d.name == op.arg {
				o.Debug |= d.value
				found = true
				break
			}
		}
		if !found {
			return exitf(1, "%s: bad debug type \"%s\"", prog, op.arg)
		}
	case 't':
		o.Trace = true
	case 's':
		o.Summary = true
	case 'x':
		o.printSolution = false
	case 'S':
		o.strategy = atoi(op.arg)
	case 'r':
		first, last, ok := scanRange(op.arg)
		if !ok {
			return exitf(1, "%s: bad output range \"%s\"", prog, op.arg)
		}
		o.first, o.last = first, last
	}
	return nil
}

// atoi converts a leading integer as C's atoi does (0 when there is none).
func atoi(s string) int {
	n, _, _ := leadingInt(s)
	return n
}

// leadingInt reads an optional sign and digits after white space, as
// strtol; rest is what follows.
func leadingInt(s string) (n int, rest string, ok bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	i := 0
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if n < 1<<40 {
			n = n*10 + int(s[i]-'0')
		}
		i++
	}
	if i == start {
		return 0, s, false
	}
	if neg {
		n = -n
	}
	return n, s[i:], true
}

// scanRange parses "N-M" as sscanf("%d-%d") does; both numbers are needed.
func scanRange(s string) (first, last int, ok bool) {
	first, rest, ok := leadingInt(s)
	if !ok || !strings.HasPrefix(rest, "-") {
		return 0, 0, false
	}
	last, _, ok = leadingInt(rest[1:])
	return first, last, ok
}

// usage prints 2.3's usage message.
func usage(w *bufio.Writer) {
	fmt.Fprintf(w, "%s\n\n", version)
	w.WriteString("SYNOPSIS: espresso [options] [file]\n\n")
	w.WriteString("  -d        Enable debugging\n")
	w.WriteString("  -e[opt]   Select espresso option:\n")
	w.WriteString("                fast, ness, nirr, nunwrap, onset, pos, strong,\n")
	w.WriteString("                eat, eatdots, kiss, random\n")
	w.WriteString("  -o[type]  Select output format:\n")
	w.WriteString("                f, fd, fr, fdr, pleasure, eqntott, kiss, cons\n")
	w.WriteString("  -rn-m     Select range for subcommands:\n")
	w.WriteString("                d1merge: first and last variables (0 ... m-1)\n")
	w.WriteString("                minterms: first and last variables (0 ... m-1)\n")
	w.WriteString("                opoall: first and last outputs (0 ... m-1)\n")
	w.WriteString("  -s        Provide short execution summary\n")
	w.WriteString("  -t        Provide longer execution trace\n")
	w.WriteString("  -x        Suppress printing of solution\n")
	w.WriteString("  -v[type]  Verbose debugging detail (-v '' for all)\n")
	w.WriteString("  -D[cmd]   Execute subcommand 'cmd':\n")
	w.WriteString("                ")
	col := 16
	for i, c := range commands {
		if col+len(c.name)+1 > 76 {
			w.WriteString(",\n                ")
			col = 16
		} else if i != 0 {
			w.WriteString(", ")
		}
		w.WriteString(c.name)
		col += len(c.name) + 2
	}
	w.WriteString("\n")
	w.WriteString("  -Sn       Select strategy for subcommands:\n")
	w.WriteString("                opo: bit2=exact bit1=repeated bit0=skip sparse\n")
	w.WriteString("                opoall: 0=minimize, 1=exact\n")
	w.WriteString("                pair: 0=algebraic, 1=strongd, 2=espresso, 3=exact\n")
	w.WriteString("                pairall: 0=minimize, 1=exact, 2=opo\n")
	w.WriteString("                so_espresso: 0=minimize, 1=exact\n")
	w.WriteString("                so_both: 0=minimize, 1=exact\n")
}

// env is what a command works on.
type env struct {
	opts      *options
	out       *bufio.Writer
	stderr    io.Writer
	stdin     io.Reader
	prog      string
	pla, pla1 *pla.PLA
	reader    *pla.Reader    // the stream of the last PLA read (for -Dmany)
	exit      error          // set by commands that end the run with a status
	mz        *minimize.Run  // the minimization session, see minimizer
	dir       string         // directory relative file names are taken from
	files     []*os.File     // files opened, closed when the run ends
	progress  *progress.Line // the progress shown on a terminal, or nil
	readSteps []readStep     // steps of reading to report with -t (traceRead)
	filename  string         // the name of the last PLA getPLA read, as 2.3's filename
}

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
	if err != nil {
		// 2.3 has printed the steps of reading done before the error
		// (a pairing that fails comes after READ and COMPL).
		e.traceRead()
		return nil, err
	}
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
	}
	opt.ComplTrace = e.complTrace()
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
