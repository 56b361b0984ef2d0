package bench

import (
	"fmt"
	"os"
	"path/filepath"
)

// The drop-in section of the report: what replacing ESPRESSO 2.3 by ours
// costs a user who calls it from scripts, in three figures beside the
// reference's, each with the aim it is held to: the start-up (a PLA of two
// inputs, where the run is all start-up), the reference suite's total time
// (122 PLAs, most of them small) and the peak memory of the two large truth
// tables of the chess suite.

// StartupSuite is the name of the suite of one tiny PLA that times the
// start-up.
const StartupSuite = "startup"

// StartupRepeat is how many times each binary runs the start-up PLA, in
// turn: its runs take a few milliseconds, which other processes disturb,
// and the median of this many stays within a millisecond from one report
// to the next on a loaded machine.
const StartupRepeat = 40

// startupPLA is the PLA of the start-up suite: two inputs, one output.
const startupPLA = ".i 2\n.o 1\n.p 2\n01 1\n10 1\n.e\n"

// The aims of the drop-in section.
const (
	startupAim   = 1.5 // start-up: at most this times the reference's wall time
	suiteSumAim  = 0.8 // the reference suite: at most this times the reference's summed wall time
	chessPeakAim = 2.0 // KQk and KPk canonical: a peak at most this times the reference's
)

// WriteStartupSuite writes the start-up suite's PLA into the folder dir,
// which it creates, and returns the suite's input, to run StartupRepeat
// times.
func WriteStartupSuite(dir string) ([]Input, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("start-up suite: %w", err)
	}
	path := filepath.Join(dir, "tiny.pla")
	if err := os.WriteFile(path, []byte(startupPLA), 0o644); err != nil {
		return nil, fmt.Errorf("start-up suite: %w", err)
	}
	return []Input{{Suite: StartupSuite, Name: "tiny.pla", Path: path, Repeat: StartupRepeat}}, nil
}

// dropInRow is one line of the drop-in section.
type dropInRow struct {
	what      string
	ours, ref float64 // seconds or MiB; ref 0 when the reference did not finish
	unit      string
	aim       float64 // the bound on ours / ref
	// atLeast says that ref is the peak of a reference run stopped at the
	// time limit: its whole run's peak is at least that.
	atLeast bool
}

// dropInRows returns the lines the results allow: the start-up PLA and the
// reference suite under the condition "espresso", the chess tables KQk and
// KPk with --canonical under it.
func dropInRows(ix *index) []dropInRow {
	const cond = "espresso"
	var rows []dropInRow
	if o, ok := ix.get(StartupSuite, "tiny.pla", cond, Ours); ok && o.Status == StatusOK {
		r, _ := ix.get(StartupSuite, "tiny.pla", cond, Reference)
		rows = append(rows, dropInRow{what: "start-up: a PLA of 2 inputs, median wall time", ours: o.WallS * 1000,
			ref: okWall(r) * 1000, unit: "ms", aim: startupAim})
	}
	if p := pairOf(ix, "espresso-suite", cond); p.Both > 0 {
		rows = append(rows, dropInRow{what: fmt.Sprintf("the reference suite: wall time summed over the %d PLAs both finished", p.Both),
			ours: p.OursWall, ref: p.RefWall, unit: "s", aim: suiteSumAim})
	}
	for _, m := range []string{"KQk", "KPk"} {
		o, ok := ix.get("chess", m+"-canonical", cond, Ours)
		if !ok || o.Status != StatusOK {
			continue
		}
		r, _ := ix.get("chess", m+"-canonical", cond, Reference)
		row := dropInRow{what: "peak memory: chess2pla --canonical " + m + " | espresso", ours: float64(o.MaxRSSKB) / 1024, unit: "MiB", aim: chessPeakAim}
		if r.Status == StatusOK || r.Status == StatusTimeout {
			row.ref, row.atLeast = float64(r.MaxRSSKB)/1024, r.Status == StatusTimeout
		}
		rows = append(rows, row)
	}
	return rows
}

// okWall returns the wall time of r, or 0 when it did not finish.
func okWall(r Result) float64 {
	if r.Status != StatusOK {
		return 0
	}
	return r.WallS
}

// dropIn writes the drop-in section when a reference ran.
func (rep *report) dropIn() {
	rows := dropInRows(rep.ix)
	if !rep.hasRef || len(rows) == 0 {
		return
	}
	p := rep.p
	p("## A drop-in for the reference: start-up, the suite, memory\n\n")
	p("What replacing the reference by ours costs where it is called from scripts, on thousands\n")
	p("of small PLAs as on a few large ones. Ours and the reference ran in turn; the start-up's\n")
	p("figures are medians of %d runs each. Above the aim, a change has made ours costlier.\n\n", StartupRepeat)
	p("| what | ours | reference | ours / reference | aim | met |\n")
	p("| --- | --- | --- | --- | --- | --- |\n")
	for _, r := range rows {
		if r.ref <= 0 {
			p("| %s | %.3g %s | did not finish | — | ≤ %.1f× | — |\n", cell(r.what), r.ours, r.unit, r.aim)
			continue
		}
		met := "yes"
		switch {
		case r.ours/r.ref <= r.aim:
		case r.atLeast:
			met = "—" // the reference's whole peak may be higher
		default:
			met = "no"
		}
		if r.atLeast {
			p("| %s | %.3g %s | at least %.3g %s (stopped at the time limit) | at most %s | ≤ %.1f× | %s |\n",
				cell(r.what), r.ours, r.unit, r.ref, r.unit, ratio(r.ours/r.ref), r.aim, met)
			continue
		}
		p("| %s | %.3g %s | %.3g %s | %s | ≤ %.1f× | %s |\n", cell(r.what), r.ours, r.unit, r.ref, r.unit, ratio(r.ours/r.ref), r.aim, met)
	}
	p("\n")
}
