package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// This file parses the command line: 2.3's getopt, its backward-compatible
// spellings, the -e and -v tables, and the long flags (not in 2.3).

// Command-line parsing.
//
// ESPRESSO 2.3 parses its arguments with getopt("D:S:de:o:r:stv:x") after a
// pass (backward_compatibility_hack) that rewrites the old spellings -do X,
// -out X, -fast, -eat, ..., -f, -fr, -fdr. A flag library cannot reproduce
// getopt's clustered short options (-sx), attached or detached arguments
// (-Decho, -D echo), argument permutation (files before options) or its
// messages, so the short options go through getoptScan below, a port of GNU
// getopt's behaviour for this option string, and parseLong takes the two
// long options that go beyond 2.3 (--help, --profile). Every argument that
// starts with "--" and is longer than "--" is taken as a long option.

// optString is 2.3's getopt option string.
const optString = "D:S:de:o:r:stv:x"

// opt is one option getopt returned: its letter and argument.
type opt struct {
	name byte
	arg  string
}

// getoptError is getopt's complaint about an option; the caller prints
// usage and exits 1, as 2.3 does on '?'.
type getoptError struct{ msg string }

func (e *getoptError) Error() string { return e.msg }

// getoptScan parses args (args[0] is the program name) as GNU getopt does
// with optString: options may be clustered (-sx), an option's argument may
// be attached (-Decho) or the next argument (-D echo), non-options are
// moved after the options, "--" ends the options, "-" is a non-option. It
// returns the options in order, the operands, and the argument list in
// getopt's permuted order. It stops at the first bad option.
func getoptScan(args []string) (opts []opt, operands []string, permuted []string, err error) {
	prog := args[0]
	var optArgs []string
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			optArgs = append(optArgs, a)
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			operands = append(operands, a)
			continue
		}
		optArgs = append(optArgs, a)
		for j := 1; j < len(a); j++ {
			c := a[j]
			k := strings.IndexByte(optString, c)
			if k < 0 || c == ':' {
				return opts, operands, nil, &getoptError{fmt.Sprintf("%s: invalid option -- '%c'", prog, c)}
			}
			if k+1 < len(optString) && optString[k+1] == ':' {
				if j+1 < len(a) {
					opts = append(opts, opt{c, a[j+1:]})
				} else if i+1 < len(args) {
					i++
					optArgs = append(optArgs, args[i])
					opts = append(opts, opt{c, args[i]})
				} else {
					return opts, operands, nil, &getoptError{fmt.Sprintf("%s: option requires an argument -- '%c'", prog, c)}
				}
				break
			}
			opts = append(opts, opt{c, ""})
		}
	}
	operands = append(operands, args[i:]...)
	permuted = append([]string{prog}, optArgs...)
	permuted = append(permuted, operands...)
	return opts, operands, permuted, nil
}

// exitError makes run print msg (when not empty) on stderr and return
// status.
type exitError struct {
	status int
	msg    string
}

func (e *exitError) Error() string { return e.msg }

func exitf(status int, format string, args ...any) error {
	return &exitError{status: status, msg: fmt.Sprintf(format, args...)}
}

// backwardCompatibility applies 2.3's backward_compatibility_hack: -do CMD,
// -out TYPE, -OPT for each -e option, and -fdr, -fr, -f selecting the input
// type. It returns the remaining arguments.
func (o *options) backwardCompatibility(args []string) ([]string, error) {
	args = append([]string(nil), args...)
	del := func(i int) { args = append(args[:i], args[i+1:]...) }
	for i := 1; i < len(args)-1; i++ {
		if args[i] == "-do" {
			cmd := lookupCommand(args[i+1])
			if cmd == nil {
				return nil, exitf(1, "espresso: bad keyword \"%s\" following -do", args[i+1])
			}
			o.command = cmd
			del(i + 1)
			del(i)
			break
		}
	}
	for i := 1; i < len(args)-1; i++ {
		if args[i] == "-out" {
			t, ok := parseOutType(args[i+1])
			if !ok {
				return nil, exitf(1, "espresso: bad keyword \"%s\" following -out", args[i+1])
			}
			o.outType = t
			del(i + 1)
			del(i)
			break
		}
	}
	// As in 2.3, the argument after a deleted one is not examined.
	for i := 1; i < len(args); i++ {
		if len(args[i]) > 0 && args[i][0] == '-' {
			if o.setEspOption(args[i][1:]) {
				del(i)
			}
		}
	}
	check := func(s string) bool {
		for i := 1; i < len(args); i++ {
			if args[i] == s {
				del(i)
				return true
			}
		}
		return false
	}
	if check("-fdr") {
		o.inputType = typeFDR
	}
	if check("-fr") {
		o.inputType = typeFR
	}
	if check("-f") {
		o.inputType = typeF
	}
	return args, nil
}

// longFlags are the options beyond 2.3. They are parsed by hand: kong
// would link os/user, and with it cgo and the dynamic loader, into a
// command whose runs on small PLAs take a few milliseconds.
type longFlags struct {
	Help      bool
	Profile   string // cpu, mem or block
	MaxMemory string // a size, for memoryFor
}

// longHelp documents the long options for --help.
const longHelp = `
Long options (not in 2.3):
  --help          Show this help: every option and subcommand.
  --profile=KIND  Write a profile of the run to the current directory: cpu,
                  mem or block (also when the run is interrupted).
  --max-memory=SIZE
                  The memory the run may take (512M, 4G; 0 for no limit).
                  A run whose estimate, made from .i, .o and the rows
                  before the large allocations, is more stops at once
                  with an error naming both. Without it the limit is
                  what the machine has: the least of the control group's
                  limit and MemAvailable.
`

// helpHint is the line that follows, on stderr, 2.3's usage message and our complaints
// about long options: the one line not in 2.3's output.
const helpHint = "espresso: --help lists every option and subcommand"

// errHelpShown stops the run once --help printed the help.
var errHelpShown = errors.New("help shown")

// parseLong parses the long options as splitLong separated them
// (--help, --profile=KIND or --profile KIND). It returns errHelpShown
// after printing the help for --help.
func parseLong(long []string, stdout io.Writer) (*longFlags, error) {
	var flags longFlags
	for i := 0; i < len(long); i++ {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(long[i], "--"), "=")
		switch {
		case name == "help" && !hasValue:
			flags.Help = true
		case name == "max-memory":
			if !hasValue {
				if i+1 == len(long) {
					return nil, exitf(1, "espresso: --max-memory needs a size, such as 4G")
				}
				i++
				value = long[i]
			}
			flags.MaxMemory = value
		case name == "profile":
			if !hasValue {
				if i+1 == len(long) {
					return nil, exitf(1, "espresso: --profile needs a kind: cpu, mem or block")
				}
				i++
				value = long[i]
			}
			if value == "" {
				return nil, exitf(1, "espresso: --profile needs a kind: cpu, mem or block")
			}
			flags.Profile = value
		default:
			return nil, exitf(1, "espresso: unknown option %s\n%s", long[i], helpHint)
		}
	}
	if flags.Help {
		fmt.Fprint(stdout, helpText()+longHelp)
		return nil, errHelpShown
	}
	switch flags.Profile {
	case "", "cpu", "mem", "block":
	default:
		return nil, exitf(1, "espresso: bad profile kind %q (want cpu, mem or block)", flags.Profile)
	}
	return &flags, nil
}

// splitLong separates the long options (--name, --name=value, and the
// value after --profile) from the arguments 2.3 knows.
func splitLong(args []string) (short, long []string) {
	short = append(short, args[0])
	for i := 1; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "--") && len(a) > 2 {
			long = append(long, a)
			if (a == "--profile" || a == "--max-memory") && i+1 < len(args) {
				i++
				long = append(long, args[i])
			}
			continue
		}
		short = append(short, a)
	}
	return short, long
}

// helpText documents every option and subcommand for --help.
func helpText() string {
	var b strings.Builder
	b.WriteString(version + "\n\n")
	b.WriteString("SYNOPSIS: espresso [options] [file] [file2]\n\n")
	b.WriteString("Minimizes the two-level function in the PLA file (or standard input, also\n")
	b.WriteString("named -) and prints the result. Options as in ESPRESSO 2.3; each option\n")
	b.WriteString("letter may be clustered (-sx) and its argument attached (-Decho) or separate\n")
	b.WriteString("(-D echo).\n\n")
	b.WriteString("  -d        Enable debugging (with -t and -s)\n")
	b.WriteString("  -e OPT    Select espresso option:\n")
	for _, e := range espOptionHelp {
		fmt.Fprintf(&b, "                %-9s %s\n", e[0], e[1])
	}
	b.WriteString("  -o TYPE   Select output format:\n")
	b.WriteString("                f, fd, fr, fdr, d, r, dr (the covers printed), pleasure,\n")
	b.WriteString("                eqntott (eqn), kiss, cons, scons, and fc, fdc, ... (cover\n")
	b.WriteString("                and numeric constraints)\n")
	b.WriteString("  -r N-M    Select range for subcommands:\n")
	b.WriteString("                d1merge: first and last variables (0 ... m-1)\n")
	b.WriteString("                minterms: first and last variables (0 ... m-1)\n")
	b.WriteString("                opoall: first and last outputs (0 ... m-1)\n")
	b.WriteString("  -s        Provide short execution summary\n")
	b.WriteString("  -t        Provide longer execution trace\n")
	b.WriteString("  -x        Suppress printing of solution\n")
	b.WriteString("  -v TYPE   Verbose debugging detail (-v '' for all): compl, essen,\n")
	b.WriteString("                expand, expand1, irred, irred1, reduce, reduce1, mincov,\n")
	b.WriteString("                mincov1, sparse, sharp, taut, gasp, exact\n")
	b.WriteString("  -S N      Select strategy for subcommands:\n")
	b.WriteString("                opo: bit2=exact bit1=repeated bit0=skip sparse\n")
	b.WriteString("                opoall: 0=minimize, 1=exact\n")
	b.WriteString("                pair: 0=algebraic, 1=strongd, 2=espresso, 3=exact\n")
	b.WriteString("                pairall: 0=minimize, 1=exact, 2=opo\n")
	b.WriteString("                so_espresso: 0=minimize, 1=exact\n")
	b.WriteString("                so_both: 0=minimize, 1=exact\n")
	b.WriteString("  -D CMD    Execute subcommand CMD (default ESPRESSO):\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "                %-12s %s\n", c.name, c.help)
	}
	b.WriteString("\nOld spellings still accepted: -do CMD, -out TYPE, -fast, -eat, ... (any -e\n")
	b.WriteString("option as -OPT), and -f, -fr, -fdr to read the file as that type (the\n")
	b.WriteString("default is fd).\n")
	return b.String()
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

	// memory is what the run may take (--max-memory, or the machine's).
	memory runMemory
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
