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
	"strconv"
	"time"

	"github.com/espresso-go/espresso/internal/progress"
	"github.com/espresso-go/espresso/minimize"
	"github.com/espresso-go/espresso/pla"
)

// This file is the entry: run parses the command line (args.go), reads the
// operands (read.go), runs the command of the -D table (commands.go) and
// writes the result (write.go).

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
	args, long := splitLong(args)
	flags, err := parseLong(long, out)
	if err == errHelpShown {
		return nil
	}
	if err != nil {
		return err
	}
	if flags.Profile != "" {
		defer startProfile(flags.Profile, stderr)()
	}

	o := newOptions()
	if o.memory, err = memoryFor(flags.MaxMemory); err != nil {
		return err
	}
	prog, operands, err := o.parse(args, out, stderr)
	if err != nil {
		return err
	}
	e := &env{opts: o, out: out, stderr: stderr, stdin: stdin, prog: prog, dir: dir}
	e.progress = progress.ForTerminal(stderr, "espresso", progressAfter)
	defer e.progress.Stop()
	defer e.closeFiles()
	if err := e.readOperands(operands); err != nil {
		return err
	}
	if err := e.prepare(); err != nil {
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
	if err := e.writeResult(start); err != nil {
		return err
	}
	return e.exit
}

// newOptions returns 2.3's defaults: the default command (ESPRESSO), the
// output type F, the input type FD and the minimizer's default options.
func newOptions() *options {
	return &options{
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
}

// parse applies 2.3's command line (without the long flags) to o, as
// main.c's getopt loop does, and returns the program's name and the
// operands. Under -s or -t it writes the command line at the head of out,
// as 2.3 does.
func (o *options) parse(args []string, out *bufio.Writer, stderr io.Writer) (prog string, operands []string, err error) {
	args, err = o.backwardCompatibility(args)
	if err != nil {
		return "", nil, err
	}
	prog = args[0]
	opts, operands, permuted, gerr := getoptScan(args)
	for _, op := range opts {
		if err := o.apply(prog, op); err != nil {
			return "", nil, err
		}
	}
	if gerr != nil {
		fmt.Fprintln(stderr, gerr.Error())
		usage(out)
		return "", nil, &exitError{status: 1, msg: helpHint}
	}
	if o.Summary || o.Trace {
		out.WriteString("#")
		for _, a := range permuted {
			out.WriteString(" " + a)
		}
		out.WriteString("\n# " + version + "\n")
	}
	return prog, operands, nil
}

// closeFiles closes the operand files the run opened.
func (e *env) closeFiles() {
	for _, f := range e.files {
		f.Close()
	}
}

// formatTime prints a duration as 2.3's print_time does ("%.2f sec").
func formatTime(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " sec"
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
