package minimize

import (
	"fmt"
	"io"
	"runtime"
)

// Debug selects the debugging output of ESPRESSO 2.3 (its -d and -v
// switches); the values are those of 2.3's debug word.
type Debug uint32

// The debug switches of ESPRESSO 2.3.
const (
	DebugCompl   Debug = 0x0001
	DebugEssen   Debug = 0x0002
	DebugExpand  Debug = 0x0004
	DebugExpand1 Debug = 0x0008
	DebugGasp    Debug = 0x0010
	DebugIrred   Debug = 0x0020
	DebugReduce  Debug = 0x0040
	DebugReduce1 Debug = 0x0080
	DebugSparse  Debug = 0x0100
	DebugTaut    Debug = 0x0200
	DebugExact   Debug = 0x0400
	DebugMincov  Debug = 0x0800
	DebugMincov1 Debug = 0x1000
	DebugSharp   Debug = 0x2000
	DebugIrred1  Debug = 0x4000
)

// Options are the settings of a minimization: the switches 2.3 keeps in
// globals and sets from its -e, -d, -t and -s options. An Options value is
// only read by the minimizer, so one value may serve concurrent runs.
type Options struct {
	// RemoveEssential removes the essential primes before the main loop
	// (cleared by -e ness).
	RemoveEssential bool
	// ForceIrredundant iterates make_sparse until it stops improving
	// (cleared by -e nirr).
	ForceIrredundant bool
	// UnwrapOnset unravels the output part of the ON-set before the first
	// expand (cleared by -e nunwrap).
	UnwrapOnset bool
	// SingleExpand stops after the first expand and irredundant (-e fast).
	SingleExpand bool
	// RecomputeOnset recomputes the ON-set with simplify before starting
	// (-e onset).
	RecomputeOnset bool
	// UseSuperGasp uses super_gasp instead of last_gasp (-e strong).
	UseSuperGasp bool
	// UseRandomOrder orders cubes randomly in expand and reduce
	// (-e random).
	UseRandomOrder bool
	// SkipMakeSparse skips the final make_sparse step.
	SkipMakeSparse bool

	// Trace prints the cost after each step (-t); Summary prints the
	// summary lines (-s). Both write to Out.
	Trace   bool
	Summary bool
	// Debug selects debugging output, written to Out.
	Debug Debug
	// Out receives trace, summary and debugging output; nil discards it.
	// If it has a Flush method (a *bufio.Writer), each trace line is
	// flushed as it is written.
	Out io.Writer
	// DumpFile, when not nil, opens where the debugging output of an
	// exact minimization (DebugExact) writes the primes (suffix
	// "primes") and the covering table (suffix "pi"): 2.3 writes them to
	// NAME.primes and NAME.pi beside an input file NAME. Without it, or
	// where it returns nil, they go to Out.
	DumpFile func(suffix string) io.WriteCloser

	// Progress, when not nil, is told during the steps of the minimization
	// which step runs and how many cubes of its cover are done of how
	// many; done is -1 where a step does not count them, total then the
	// cubes it works on. It is called from the goroutine that runs the
	// step, as often as once per cube: it must be cheap. It changes
	// nothing the minimization does or writes.
	Progress func(step Timer, done, total int)

	// Workers is how many goroutines a step may spread independent
	// questions over (see parallel.go), and how many work out EXPAND's
	// first steps ahead (expand_ahead.go); 0 and 1 keep every step in the
	// calling goroutine. The result does not depend on it.
	Workers int
}

// DefaultOptions returns the settings ESPRESSO 2.3 starts with.
func DefaultOptions() *Options {
	return &Options{
		RemoveEssential:  true,
		ForceIrredundant: true,
		UnwrapOnset:      true,
		Workers:          runtime.GOMAXPROCS(0),
	}
}

// SetEspressoOption applies by name one of 2.3's -e options
// (esp_opt_table) that the minimizer reads: fast, ness, nirr, nunwrap,
// onset, random, strong. The others (eat, eatdots, kiss, pos) act on
// reading and writing the PLA, and are an error here.
func (o *Options) SetEspressoOption(name string) error {
	switch name {
	case "fast":
		o.SingleExpand = true
	case "ness":
		o.RemoveEssential = false
	case "nirr":
		o.ForceIrredundant = false
	case "nunwrap":
		o.UnwrapOnset = false
	case "onset":
		o.RecomputeOnset = true
	case "random":
		o.UseRandomOrder = true
	case "strong":
		o.UseSuperGasp = true
	default:
		return fmt.Errorf("bad espresso option %q", name)
	}
	return nil
}
