package plan

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/espresso-go/espresso/chess"
)

// fakeRunner runs jobs by writing their outputs, after checking that the jobs they run
// after are done; it records the jobs it ran and the most memory its jobs held at once
// (when more than one ran).
type fakeRunner struct {
	dir  string
	p    *Plan
	fail map[int]bool

	mu               sync.Mutex
	ran              []int
	usedMiB, peakMiB int
	running, peakRun int
}

func (f *fakeRunner) run(ctx context.Context, j Job) (Usage, error) {
	f.mu.Lock()
	f.ran = append(f.ran, j.Number)
	f.usedMiB += j.MemoryMiB
	f.running++
	if f.running > 1 { // a job larger than the memory runs alone
		f.peakMiB = max(f.peakMiB, f.usedMiB)
	}
	f.peakRun = max(f.peakRun, f.running)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.usedMiB -= j.MemoryMiB
		f.running--
		f.mu.Unlock()
	}()
	for _, a := range j.After {
		if !Done(f.dir, f.p.Jobs[a]) {
			return Usage{}, fmt.Errorf("started before job %d", a)
		}
	}
	time.Sleep(time.Millisecond)
	if f.fail[j.Number] {
		return Usage{}, errors.New("boom")
	}
	out := filepath.Join(f.dir, filepath.FromSlash(j.Output))
	if err := os.MkdirAll(filepath.Dir(out), 0o777); err != nil {
		return Usage{}, err
	}
	return Usage{Wall: time.Millisecond, CPU: time.Millisecond, PeakMiB: 1}, os.WriteFile(out, []byte(j.Name()), 0o666)
}

// TestRun runs a plan with a fake runner: every job once, after its dependencies, within
// the memory and the number of jobs at once; then a second run after removing two
// outputs runs those two only.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	p, err := New(materials("KQRvKR", "KQvK"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeRunner{dir: dir, p: p}
	var log bytes.Buffer
	opt := RunOptions{Dir: dir, MemoryMiB: 2*sliceFiveMiB + 100, Jobs: 3, Progress: &log}
	results, err := Run(context.Background(), p, opt, f.run)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if len(f.ran) != len(p.Jobs) || len(results) != len(p.Jobs) {
		t.Fatalf("ran %d jobs, %d results, want %d", len(f.ran), len(results), len(p.Jobs))
	}
	if f.peakMiB > opt.MemoryMiB || f.peakRun > opt.Jobs || f.peakRun < 2 {
		t.Errorf("at most %d MiB and %d jobs at once; want at most %d MiB, 2 to %d jobs", f.peakMiB, f.peakRun, opt.MemoryMiB, opt.Jobs)
	}
	if !strings.Contains(log.String(), "ETA") || !strings.Contains(log.String(), "all 13 jobs done") {
		t.Errorf("progress without an ETA or an end:\n%s", log.String())
	}

	for _, i := range []int{4, 12} {
		os.Remove(filepath.Join(dir, p.Jobs[i].Output))
	}
	f.ran = nil
	results, err = Run(context.Background(), p, opt, f.run)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.ran, []int{4, 12}) {
		t.Errorf("the resumed run ran jobs %v, want [4 12]", f.ran)
	}
	if !results[0].Done || results[4].Done {
		t.Errorf("results: job 0 done before %v, job 4 %v", results[0].Done, results[4].Done)
	}
}

// TestRunFailure: a job that fails keeps the jobs after it from running, not the others.
func TestRunFailure(t *testing.T) {
	dir := t.TempDir()
	p, err := New(materials("KQRvKR", "KQvK"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeRunner{dir: dir, p: p, fail: map[int]bool{5: true}}
	results, err := Run(context.Background(), p, RunOptions{Dir: dir, MemoryMiB: 1, Jobs: 2}, f.run)
	if err == nil || !strings.Contains(err.Error(), "2 of 13 jobs not done: 5 (slice KQRvKR c8), 12 (assemble KQRvKR)") ||
		!strings.Contains(err.Error(), "boom") {
		t.Fatalf("error %v", err)
	}
	if len(f.ran) != 12 || slices.Contains(f.ran, 12) {
		t.Errorf("ran %v, want all but 12", f.ran)
	}
	if results[12].Err == nil || !strings.Contains(results[12].Err.Error(), "job 5") {
		t.Errorf("job 12: %v", results[12].Err)
	}
	if f.peakRun != 1 {
		t.Errorf("%d jobs at once, each larger than the memory: want 1", f.peakRun)
	}
}

// TestRunTableFirst: a table whose slices are done is assembled before the slices of
// another table start, so that its file does not wait for the other table.
func TestRunTableFirst(t *testing.T) {
	dir := t.TempDir()
	p, err := New(materials("KQRvKR", "KRRvKR"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeRunner{dir: dir, p: p}
	if _, err := Run(context.Background(), p, RunOptions{Dir: dir, MemoryMiB: 1 << 20, Jobs: 1}, f.run); err != nil {
		t.Fatal(err)
	}
	at := map[string]int{}
	for k, n := range f.ran {
		j := p.Jobs[n]
		at[j.Kind.String()+" "+j.Material.SyzygyName()] = k // the last of its kind
	}
	if first, other := at["assemble KQRvKR"], at["slice KRRvKR"]; first > other {
		t.Errorf("KQRvKR assembled as job %d of the run, after KRRvKR's last slice (%d): ran %v", first, other, f.ran)
	}
}

// TestETAScale checks what the ETA scales a job's expected time by: the ended jobs of its
// kind for its material where there are some, else those of its kind, else all.
func TestETAScale(t *testing.T) {
	krr, kqr := chess.MustParseMaterial("KRRvKR"), chess.MustParseMaterial("KQRvKR")
	p := &Plan{Jobs: []Job{
		{Number: 0, Kind: Slice, Material: krr, Square: 0},
		{Number: 1, Kind: Slice, Material: krr, Square: 1},
		{Number: 2, Kind: Slice, Material: kqr, Square: 0},
		{Number: 3, Kind: Assemble, Material: krr, Square: -1},
		{Number: 4, Kind: Assemble, Material: kqr, Square: -1},
		{Number: 5, Kind: Slice, Material: kqr, Square: 1},
	}}
	s := &scheduler{p: p, opt: RunOptions{Workers: 1, Jobs: 1}, results: make([]Result, len(p.Jobs)),
		state: make([]jobState, len(p.Jobs)), start: time.Now(), left: len(p.Jobs),
		byKind: make(map[Kind]*tally), byTable: make(map[tableKind]*tally)}
	if got := s.eta(); got != "" {
		t.Errorf("ETA before any job ended: %q, want none", got)
	}
	// Slice 0 of KRRvKR took 4 times what it was expected to take.
	s.state[0] = started
	s.end(0, Usage{Wall: 4 * p.Jobs[0].Expected(1)}, nil, 0)
	for _, tc := range []struct {
		job  int
		want float64
	}{
		{1, 4}, // the same table's slice
		{2, 4}, // another table's slice: slices of any table
		{4, 4}, // no assembly ended: all jobs
	} {
		if got := s.scale(p.Jobs[tc.job]); got != tc.want {
			t.Errorf("after one slice: scale of job %d = %v, want %v", tc.job, got, tc.want)
		}
	}
	// KRRvKR's assembly took half what it was expected to take.
	s.state[3] = started
	s.end(3, Usage{Wall: p.Jobs[3].Expected(1) / 2}, nil, 0)
	if got := s.scale(p.Jobs[4]); got != 0.5 {
		t.Errorf("after an assembly: scale of the other assembly = %v, want 0.5", got)
	}
	if got := s.scale(p.Jobs[1]); got != 4 {
		t.Errorf("after an assembly: scale of a slice = %v, want 4", got)
	}
	// A slice of KQRvKR took twice its expected time: each table's slices now go by
	// their own (all slices together: 3 times).
	s.state[2] = started
	s.end(2, Usage{Wall: 2 * p.Jobs[2].Expected(1)}, nil, 0)
	if got := s.scale(p.Jobs[5]); got != 2 {
		t.Errorf("scale of KQRvKR's other slice = %v, want 2", got)
	}
	if got := s.scale(p.Jobs[1]); got != 4 {
		t.Errorf("scale of KRRvKR's other slice = %v, want 4", got)
	}
	if !strings.Contains(s.eta(), "ETA") {
		t.Errorf("no ETA with jobs left: %q", s.eta())
	}
}
