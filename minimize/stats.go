package minimize

import (
	"fmt"
	"io"
	"time"

	"github.com/espresso-go/espresso/cover"
)

// Timer identifies one of the steps whose time and calls 2.3 accounts for
// (the *_TIME indices of espresso.h).
type Timer int

// The timed steps, in 2.3's order.
const (
	ReadTime Timer = iota
	ComplTime
	OnsetTime
	EssenTime
	ExpandTime
	IrredTime
	ReduceTime
	GExpandTime
	GIrredTime
	GReduceTime
	PrimesTime
	MincovTime
	MVReduceTime
	RaiseInTime
	VerifyTime
	WriteTime
	FCCTime
	ETRTime
	ETRAuxTime
	SigmaTime
	UCompTime
	BWTime
	// TimerCount is the number of timers.
	TimerCount
)

// Name returns the label 2.3 prints for the timer in trace and runtime
// lines (total_name); timers 2.3 leaves unnamed print as "(null)".
func (t Timer) Name() string {
	switch t {
	case ReadTime:
		return "READ       "
	case WriteTime:
		return "WRITE      "
	case ComplTime:
		return "COMPL      "
	case ReduceTime:
		return "REDUCE     "
	case ExpandTime:
		return "EXPAND     "
	case EssenTime:
		return "ESSEN      "
	case IrredTime:
		return "IRRED      "
	case GReduceTime:
		return "REDUCE_GASP"
	case GExpandTime:
		return "EXPAND_GASP"
	case GIrredTime:
		return "IRRED_GASP "
	case MVReduceTime:
		return "MV_REDUCE  "
	case RaiseInTime:
		return "RAISE_IN   "
	case VerifyTime:
		return "VERIFY     "
	case PrimesTime:
		return "PRIMES     "
	case MincovTime:
		return "MINCOV     "
	}
	return "(null)"
}

// Stats accumulates the time spent in, and the number of calls of, each
// timed step (2.3's total_time and total_calls). Times are in
// milliseconds, the unit of 2.3's ptime().
type Stats struct {
	Time  [TimerCount]int64
	Calls [TimerCount]int
}

// FormatTime formats a time in milliseconds as 2.3 does (util_print_time).
func FormatTime(ms int64) string {
	return fmt.Sprintf("%d.%02d sec", ms/1000, (ms%1000)/10)
}

// Clock returns the current time in milliseconds for timing steps (ptime).
func Clock() int64 { return time.Now().UnixMilli() }

// WriteRuntime prints the per-step totals as 2.3 does at the end of a
// traced run (runtime in main.c).
func (s *Stats) WriteRuntime(w io.Writer) {
	total := int64(1)
	for i := range s.Time {
		total += s.Time[i]
	}
	for i := range s.Time {
		if s.Calls[i] != 0 {
			temp := 100 * s.Time[i]
			fmt.Fprintf(w, "# %s\t%2d call(s) for %s (%2d.%01d%%)\n",
				Timer(i).Name(), s.Calls[i], FormatTime(s.Time[i]),
				temp/total, (10*(temp%total))/total)
		}
	}
}

// PrintTrace prints a line reporting the cost of T and the time a step
// took (print_trace).
func PrintTrace(w io.Writer, cube *cover.Cube, T *cover.Cover, name string, ms int64) {
	if w == nil {
		return
	}
	traceCost(w, cube, name, ms, cube.CoverCost(T))
}

// traceCost prints print_trace's line for a cost already computed.
func traceCost(w io.Writer, cube *cover.Cube, name string, ms int64, cost cover.Cost) {
	traceLine(w, "# %s\tTime was %s, cost is %s\n", name, FormatTime(ms), cube.FormatCost(cost))
}

// SizeStamp prints a line giving the cost of T (size_stamp).
func SizeStamp(w io.Writer, cube *cover.Cube, T *cover.Cover, name string) {
	if w == nil {
		return
	}
	traceLine(w, "# %s\tCost is %s\n", name, cube.FormatCost(cube.CoverCost(T)))
}

// traceLine writes one line of the -t trace to w and, where w buffers
// (the command's standard output is a *bufio.Writer), flushes it, so that
// each step of a long minimization shows as it ends, as 2.3's did on a
// terminal. A write error stays with w for its owner's last Flush.
func traceLine(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, format, args...)
	if f, ok := w.(interface{ Flush() error }); ok {
		f.Flush()
	}
}

// Totals adds the time since start (a [Clock] reading) to timer i,
// computes the cost of T and prints a trace line when tracing (totals in
// cvrmisc.c, the end of 2.3's EXECUTE).
func (r *Run) Totals(start int64, i Timer, T *cover.Cover) cover.Cost { return r.totals(start, i, T) }

func (r *Run) totals(start int64, i Timer, T *cover.Cover) cover.Cost {
	t := Clock() - start
	r.Stats.Time[i] += t
	r.Stats.Calls[i]++
	cost := r.cube.CoverCost(T)
	if r.opt.Trace && r.out != nil {
		traceCost(r.out, r.cube, i.Name(), t, cost)
	}
	return cost
}

// Exec prints, when tracing, the time since start and the cost of T under
// name (the end of 2.3's EXEC).
func (r *Run) Exec(start int64, name string, T *cover.Cover) { r.exec(start, name, T) }

func (r *Run) exec(start int64, name string, T *cover.Cover) {
	if r.opt.Trace {
		PrintTrace(r.out, r.cube, T, name, Clock()-start)
	}
}

// formatCube formats a cube for debugging output as 2.3's pc1 does: one of
// "?01-" per binary variable, then a space and a 0/1 per part for each
// multiple-valued variable.
func formatCube(cube *cover.Cube, c cover.Set) string { return cube.Format(c) }

// ComplementTrace is where complements made for the run print 2.3's
// -v compl trace: the run's output with DebugCompl, else nil.
func (r *Run) ComplementTrace() io.Writer {
	if r != nil && r.opt.Debug&DebugCompl != 0 {
		return r.out
	}
	return nil
}

// debugf prints debugging output when any of the flags is on.
func (r *Run) debugf(flags Debug, format string, args ...any) {
	if r.opt.Debug&flags != 0 {
		fmt.Fprintf(r.out, format, args...)
	}
}
