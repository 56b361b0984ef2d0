package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// redrawEvery is how often a Line redraws itself once it shows.
const redrawEvery = 250 * time.Millisecond

// Line is one line of progress on a terminal; see the package documentation. Its methods
// may be called from any goroutine; a nil *Line does nothing.
type Line struct {
	w      io.Writer
	prefix string
	start  time.Time
	after  time.Duration
	stop   chan struct{}
	done   chan struct{}

	mu        sync.Mutex
	step      string
	count, of int
	shown     bool // something is drawn and not cleared
	stopOnce  sync.Once
}

// ForTerminal starts a Line on w when w is a terminal, and returns nil otherwise. The line
// shows from after on; prefix (the program's name) begins it.
func ForTerminal(w io.Writer, prefix string, after time.Duration) *Line {
	if !IsTerminal(w) {
		return nil
	}
	return Start(w, prefix, after)
}

// Start starts a Line on w, whatever w is; it shows from after on.
func Start(w io.Writer, prefix string, after time.Duration) *Line {
	l := &Line{w: w, prefix: prefix, start: time.Now(), after: after,
		stop: make(chan struct{}), done: make(chan struct{})}
	go l.run()
	return l
}

// Report tells the line which step runs and that done of its total items are done; a
// negative done leaves the count out (total, when positive, is then said as the size the
// step works on), and so does total 0.
func (l *Line) Report(step string, done, total int) {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.step, l.count, l.of = step, done, total
	l.mu.Unlock()
}

// Stop stops the redrawing and clears the line. It may be called more than once.
func (l *Line) Stop() {
	if l == nil {
		return
	}
	l.stopOnce.Do(func() {
		close(l.stop)
		<-l.done
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.shown {
			io.WriteString(l.w, "\r\x1b[K")
			l.shown = false
		}
	})
}

// run redraws the line until Stop.
func (l *Line) run() {
	defer close(l.done)
	wait := time.NewTimer(l.after)
	defer wait.Stop()
	select {
	case <-l.stop:
		return
	case <-wait.C:
	}
	tick := time.NewTicker(redrawEvery)
	defer tick.Stop()
	for {
		l.draw()
		select {
		case <-l.stop:
			return
		case <-tick.C:
		}
	}
}

// draw writes the line as it stands.
func (l *Line) draw() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.step == "" {
		return
	}
	io.WriteString(l.w, "\r"+l.text(time.Since(l.start))+"\x1b[K\r")
	l.shown = true
}

// text is the line's text after elapsed; l.mu is held.
func (l *Line) text(elapsed time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", l.prefix, l.step)
	switch {
	case l.of > 0 && l.count >= 0:
		fmt.Fprintf(&b, " %d of %d cubes", l.count, l.of)
	case l.of > 0:
		fmt.Fprintf(&b, " on %d cubes", l.of)
	}
	fmt.Fprintf(&b, ", %s", elapsed.Truncate(time.Second))
	return b.String()
}
