package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

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
	Help    bool
	Profile string // cpu, mem or block
}

// longHelp documents the long options for --help.
const longHelp = `
Long options (not in 2.3):
  --help          Show this help: every option and subcommand.
  --profile=KIND  Write a profile of the run to the current directory: cpu,
                  mem or block (also when the run is interrupted).
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
			if a == "--profile" && i+1 < len(args) {
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
