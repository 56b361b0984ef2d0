package main

import (
	"strings"
	"time"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
)

// progressAfter is how long a run goes before it shows, when stderr is a terminal, which
// step it is in (package internal/progress); stdout is never touched.
const progressAfter = 3 * time.Second

// reportStep passes a step of the minimization to the progress line.
func (e *env) reportStep(step minimize.Timer, done, total int) {
	e.progress.Report(strings.TrimSpace(step.Name()), done, total)
}

// readStepDone is the reader's trace hook while progress shows: it says which step of
// reading ended, and keeps the step for -t as recordReadStep does.
func (e *env) readStepDone(step string, elapsed time.Duration, c *cover.Cube, t *cover.Cover) {
	e.progress.Report("reading the PLA, after "+strings.TrimSpace(step), -1, 0)
	if e.opts.Trace {
		e.recordReadStep(step, elapsed, c, t)
	}
}
