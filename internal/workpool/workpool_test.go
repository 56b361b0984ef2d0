package workpool

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
)

func TestRunVisitsEachIndexOnce(t *testing.T) {
	tests := []struct{ n, workers, chunk int }{
		{0, 4, 8}, {1, 4, 8}, {8, 4, 8}, {9, 4, 8}, {1000, 1, 8}, {1000, 4, 1},
		{1000, 4, 8}, {1000, 3, 7}, {5, 16, 1}, {100, 0, 0}, {100, -1, 3},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("n=%d,workers=%d,chunk=%d", tt.n, tt.workers, tt.chunk), func(t *testing.T) {
			visits := make([]atomic.Int32, tt.n)
			var order []int // only appended to when every call is in one goroutine
			err := Run(tt.n, tt.workers, tt.chunk, func(w, i int) error {
				if w < 0 || w >= max(tt.workers, 1) {
					t.Errorf("index %d asked on goroutine %d of %d", i, w, tt.workers)
				}
				visits[i].Add(1)
				if tt.workers <= 1 {
					order = append(order, i)
				}
				return nil
			})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			for i := range visits {
				if v := visits[i].Load(); v != 1 {
					t.Errorf("index %d visited %d times", i, v)
				}
			}
			if tt.workers <= 1 && !slices.IsSorted(order) {
				t.Errorf("one worker visited out of order: %v", order)
			}
		})
	}
}

func TestRunSpreads(t *testing.T) {
	// Two goroutines that each wait until the other has started can only
	// finish if Run runs them at the same time.
	var started atomic.Int32
	err := Run(2, 2, 1, func(w, i int) error {
		started.Add(1)
		for started.Load() < 2 {
			runtime.Gosched()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestRunError(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		t.Run(fmt.Sprint("workers=", workers), func(t *testing.T) {
			var calls atomic.Int32
			err := Run(10000, workers, 4, func(w, i int) error {
				calls.Add(1)
				if i == 37 || i == 38 || i == 5000 {
					return fmt.Errorf("index %d", i)
				}
				return nil
			})
			if err == nil || err.Error() != "index 37" {
				t.Errorf("Run returned %v, want the error of index 37", err)
			}
			// Index 37 fails early: the goroutines stop long before the end.
			if c := calls.Load(); c > 5000 {
				t.Errorf("%d calls after an early error", c)
			}
		})
	}
}

func TestRunPanic(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		t.Run(fmt.Sprint("workers=", workers), func(t *testing.T) {
			var s []int
			err := Run(100, workers, 1, func(w, i int) error {
				if i == 60 {
					_ = s[i] // index out of range
				}
				return nil
			})
			var pe *PanicError
			if !errors.As(err, &pe) {
				t.Fatalf("Run returned %v, want a *PanicError", err)
			}
			var re runtime.Error
			if !errors.As(err, &re) {
				t.Errorf("the PanicError does not unwrap to the runtime error: %v", pe.Value)
			}
			if len(pe.Stack) == 0 {
				t.Error("the PanicError has no stack")
			}
		})
	}
}

func TestRecover(t *testing.T) {
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer Recover(&err)
		panic("lost")
	}()
	<-done
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Value != "lost" {
		t.Errorf("Recover stored %v, want the panic's *PanicError", err)
	}
}

func ExampleRun() {
	// Square each number, with scratch space for each goroutine.
	in := []int{1, 2, 3, 4, 5, 6, 7, 8}
	out := make([]int, len(in))
	const workers = 3
	calls := make([]int, workers)
	err := Run(len(in), workers, 2, func(w, i int) error {
		calls[w]++
		out[i] = in[i] * in[i]
		return nil
	})
	fmt.Println(out, err)
	// Output: [1 4 9 16 25 36 49 64] <nil>
}
