// Package workpool asks independent questions over a few goroutines.
//
// The model is a loop over the indices 0 to n-1 whose iterations may run
// in any order and at the same time: each writes only what belongs to its
// own index, or to the goroutine that runs it (scratch space indexed by the
// goroutine's number w). Run spreads the indices over the goroutines a
// chunk at a time, each goroutine taking the next chunk as it becomes free,
// so that uneven iterations keep every goroutine busy; the calling goroutine
// is one of them.
//
// A panic in an iteration, on any goroutine, ends the loop like an error
// does and comes back from Run as a *PanicError holding the stack where it
// happened: a library that uses Run gives its caller an error instead of
// taking down the process from a goroutine the caller cannot recover in.
package workpool

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Run calls do(w, i) for each i < n, spread over at most workers
// goroutines numbered w = 0, 1, ..., each taking chunk consecutive indices
// at a time. With one worker, or no more than chunk indices, every call is
// made in order in the calling goroutine.
//
// Once a call returns an error or panics, no goroutine starts another
// chunk; Run waits for the chunks under way and returns the error of the
// least index that failed, a panic as a *PanicError. It returns nil when
// every call returned nil.
func Run(n, workers, chunk int, do func(w, i int) error) error {
	chunk = max(chunk, 1)
	workers = max(1, min(workers, (n+chunk-1)/chunk))
	var (
		next    atomic.Int64
		stopped atomic.Bool
		fails   = make([]failure, workers)
	)
	work := func(w int) {
		fails[w].run(func() error {
			for !stopped.Load() {
				from := int(next.Add(int64(chunk))) - chunk
				if from >= n {
					return nil
				}
				for i := from; i < min(from+chunk, n); i++ {
					fails[w].at = i
					if err := do(w, i); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if fails[w].err != nil {
			stopped.Store(true)
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Go(func() { work(w) })
	}
	work(0)
	wg.Wait()
	first := -1
	for w, f := range fails {
		if f.err != nil && (first < 0 || f.at < fails[first].at) {
			first = w
		}
	}
	if first < 0 {
		return nil
	}
	return fails[first].err
}

// A failure is how one goroutine's share of the loop ended: err, nil if
// it did not fail, at index at.
type failure struct {
	at  int
	err error
}

// run calls loop and keeps the error it returns, or the panic it raises
// as a *PanicError.
func (f *failure) run(loop func() error) {
	defer Recover(&f.err)
	f.err = loop()
}

// Recover, deferred at the top of a goroutine's function, turns a panic
// of the goroutine into a *PanicError stored in *err, for the goroutine
// that waits for it to return:
//
//	go func() {
//		defer close(done)
//		defer workpool.Recover(&err)
//		err = work()
//	}()
func Recover(err *error) {
	if v := recover(); v != nil {
		*err = &PanicError{Value: v, Stack: debug.Stack()}
	}
}

// A PanicError is a panic raised by an iteration of Run, recovered in the
// goroutine that raised it.
type PanicError struct {
	Value any    // what was passed to panic
	Stack []byte // the goroutine's stack where it panicked
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("panic in a worker: %v\n\n%s", e.Value, e.Stack)
}

// Unwrap returns the panic's value when it is an error (a runtime error,
// say), so that errors.As finds it.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}
