package atomicfile

import (
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Guard removes the temporary files of the Files created through it when the process
// receives SIGINT or SIGTERM, and then ends the process with that signal.
type Guard struct {
	signals chan os.Signal
	stopped chan struct{}
	stop    sync.Once

	mu      sync.Mutex // taken before a File's own lock, never after
	pending map[*File]struct{}
}

// NewGuard starts watching for SIGINT and SIGTERM; Stop ends it.
func NewGuard() *Guard {
	g := &Guard{
		signals: make(chan os.Signal, 1),
		stopped: make(chan struct{}),
		pending: map[*File]struct{}{},
	}
	signal.Notify(g.signals, os.Interrupt, syscall.SIGTERM)
	go g.watch()
	return g
}

// Create starts a File as the package's Create does, removed on a signal while pending.
func (g *Guard) Create(path string) (*File, error) { return create(path, g) }

// WriteFile writes the file path as the package's WriteFile does, removed on a signal
// while pending.
func (g *Guard) WriteFile(path string, write func(io.Writer) error) error {
	return writeFile(path, g, write)
}

// Stop stops watching for signals; Files still pending are left to their owners. It may
// be called more than once.
func (g *Guard) Stop() {
	g.stop.Do(func() {
		signal.Stop(g.signals)
		close(g.stopped)
	})
}

func (g *Guard) remove(f *File) {
	g.mu.Lock()
	delete(g.pending, f)
	g.mu.Unlock()
}

// watch waits for a signal, removes the pending files and passes the signal on.
func (g *Guard) watch() {
	select {
	case <-g.stopped:
		return
	case sig := <-g.signals:
		// g.mu stays held: no File is created, committed or aborted from now on.
		g.mu.Lock()
		for f := range g.pending {
			f.removeOnSignal()
		}
		signal.Reset(sig)
		raise(sig)
	}
}
