package plan

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Usage is what a job used: its wall and CPU time and its peak resident memory.
type Usage struct {
	Wall, CPU time.Duration
	PeakMiB   int
}

// A Runner runs one job of a plan, writing its output atomically, and returns what it
// used.
type Runner func(ctx context.Context, j Job) (Usage, error)

// RunOptions say how Run runs a plan.
type RunOptions struct {
	// Dir is the build's directory, which the jobs' outputs are relative to.
	Dir string
	// MemoryMiB is the memory the jobs running at once may expect in all (their
	// Job.MemoryMiB); a job that needs more than all of it runs alone.
	MemoryMiB int
	// Jobs is the most jobs that run at once (at least 1).
	Jobs int
	// Workers is the goroutines each job runs with, for the time it is expected to take.
	Workers int
	// Progress, when not nil, receives a line as each job starts and ends, with the jobs
	// left and an estimate of the time they take.
	Progress io.Writer
}

// Result is what became of one job of a run.
type Result struct {
	Job Job
	// Done says the job's output existed before the run: the job did not run.
	Done  bool
	Usage Usage
	Err   error
}

// Done reports whether job j's output exists in dir.
func Done(dir string, j Job) bool {
	_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(j.Output)))
	return err == nil
}

// Run runs the jobs of p whose outputs do not exist yet, each as soon as the jobs it runs
// after are done, as many at once as opt allows, the latest wave first (see next). A job that fails keeps
// the jobs after it from starting, but not the others. Run returns one Result per job
// (in job order) and an error naming the jobs that failed or did not run.
func Run(ctx context.Context, p *Plan, opt RunOptions, run Runner) ([]Result, error) {
	opt.Jobs = max(opt.Jobs, 1)
	s := &scheduler{p: p, opt: opt, results: make([]Result, len(p.Jobs)), state: make([]jobState, len(p.Jobs)), start: time.Now(),
		byKind: make(map[Kind]*tally), byTable: make(map[tableKind]*tally)}
	var expected time.Duration
	for i, j := range p.Jobs {
		s.results[i].Job = j
		if Done(opt.Dir, j) {
			s.results[i].Done = true
			s.state[i] = finished
			s.doneBefore++
		} else {
			s.left++
			expected += j.Expected(opt.Workers)
		}
	}
	s.logf("%d jobs, %d done before, %d to run (%s expected one after the other with %d workers a job, at most %d jobs and %d MiB at once)",
		len(p.Jobs), s.doneBefore, s.left, round(expected), max(opt.Workers, 1), opt.Jobs, opt.MemoryMiB)
	type ended struct {
		i     int
		usage Usage
		err   error
	}
	ends := make(chan ended)
	running, usedMiB := 0, 0
	for {
		for running < opt.Jobs && ctx.Err() == nil {
			i := s.next(usedMiB, running)
			if i < 0 {
				break
			}
			j := p.Jobs[i]
			s.state[i] = started
			running++
			usedMiB += j.MemoryMiB
			s.logf("job %d, %s: started (%d MiB, %s expected, at most %d min)", i, j.Name(), j.MemoryMiB, round(j.Expected(opt.Workers)), j.Minutes)
			go func() {
				u, err := run(ctx, j)
				ends <- ended{i, u, err}
			}()
		}
		if running == 0 {
			break
		}
		e := <-ends
		running--
		usedMiB -= p.Jobs[e.i].MemoryMiB
		s.end(e.i, e.usage, e.err, running)
	}
	return s.results, s.err(ctx)
}

// jobState is where a job stands in a run.
type jobState uint8

const (
	waiting jobState = iota
	started
	finished // done before the run, or ended well
	failed   // ended with an error, or after a job that did
)

// scheduler is the state of one Run.
type scheduler struct {
	p       *Plan
	opt     RunOptions
	results []Result
	state   []jobState
	start   time.Time

	doneBefore, left, ended int
	// The expected and the wall times of the jobs ended: of all, of each kind, of each
	// kind of each material (eta).
	all     tally
	byKind  map[Kind]*tally
	byTable map[tableKind]*tally
}

// A tally adds up the expected and the wall times of jobs ended.
type tally struct{ expected, used time.Duration }

// A tableKind is the jobs of one kind for one material: a table's slices.
type tableKind struct {
	kind     Kind
	material string
}

// next returns the job to start now, with usedMiB expected by running jobs, or -1: of
// the jobs whose inputs exist and whose memory fits, the one of the latest wave (the
// lowest number among equals), so that a table whose slices are done is assembled before
// another table's jobs start, and its file appears as early as it can. A job whose
// dependency failed fails at once.
func (s *scheduler) next(usedMiB, running int) int {
	best := -1
	for i, j := range s.p.Jobs {
		if s.state[i] != waiting {
			continue
		}
		ready := true
		for _, a := range j.After {
			switch s.state[a] {
			case failed:
				s.state[i] = failed
				s.results[i].Err = fmt.Errorf("not run: job %d (%s) failed", a, s.p.Jobs[a].Name())
				s.left--
			case finished:
				continue
			}
			ready = false
			break
		}
		fits := running == 0 || usedMiB+j.MemoryMiB <= s.opt.MemoryMiB
		if ready && fits && (best < 0 || j.Wave > s.p.Jobs[best].Wave) {
			best = i
		}
	}
	return best
}

// end records the end of job i.
func (s *scheduler) end(i int, u Usage, err error, running int) {
	j := s.p.Jobs[i]
	s.results[i].Usage, s.results[i].Err = u, err
	s.left--
	s.ended++
	for _, t := range []*tally{&s.all, tallyOf(s.byKind, j.Kind), tallyOf(s.byTable, tableKind{j.Kind, j.Material.String()})} {
		t.expected += j.Expected(s.opt.Workers)
		t.used += u.Wall
	}
	if err != nil {
		s.state[i] = failed
		s.logf("job %d, %s: FAILED after %s: %v", i, j.Name(), round(u.Wall), err)
		return
	}
	s.state[i] = finished
	s.logf("job %d, %s: done in %s (CPU %s, peak %d MiB); %d of %d done, %d running, %d to go%s",
		i, j.Name(), round(u.Wall), round(u.CPU), u.PeakMiB, s.doneBefore+s.ended, len(s.p.Jobs), running, s.left-running, s.eta())
}

// eta estimates the time left: the expected time of each job not ended, scaled by how
// the ended jobs' wall time compares with what they were expected to take (those of its
// kind for its material where some ended, else those of its kind, else all: a table's
// slices cost alike, and one table's much more than another's), over the jobs that ran
// at once on average so far.
func (s *scheduler) eta() string {
	if s.left == 0 || s.all.expected == 0 {
		return ""
	}
	var left float64 // seconds
	for i, j := range s.p.Jobs {
		if s.state[i] == waiting || s.state[i] == started {
			left += j.Expected(s.opt.Workers).Seconds() * s.scale(j)
		}
	}
	elapsed := time.Since(s.start)
	parallel := max(1, min(float64(s.opt.Jobs), s.all.used.Seconds()/max(elapsed.Seconds(), 1e-9)))
	return ", ETA " + round(time.Duration(left/parallel*float64(time.Second))).String()
}

// scale returns the ratio of wall time to expected time of the ended jobs most like j.
func (s *scheduler) scale(j Job) float64 {
	for _, t := range []*tally{s.byTable[tableKind{j.Kind, j.Material.String()}], s.byKind[j.Kind], &s.all} {
		if t != nil && t.expected > 0 {
			return t.used.Seconds() / t.expected.Seconds()
		}
	}
	return 1
}

// tallyOf returns the tally of key in m, made if missing.
func tallyOf[K comparable](m map[K]*tally, key K) *tally {
	t := m[key]
	if t == nil {
		t = new(tally)
		m[key] = t
	}
	return t
}

// err returns nil when every job is done, or an error naming those that failed or did
// not run.
func (s *scheduler) err(ctx context.Context) error {
	var bad []string
	for i, st := range s.state {
		if st != finished {
			bad = append(bad, fmt.Sprintf("%d (%s)", i, s.p.Jobs[i].Name()))
		}
	}
	if len(bad) == 0 {
		s.logf("all %d jobs done in %s", len(s.p.Jobs), round(time.Since(s.start)))
		return nil
	}
	err := fmt.Errorf("%d of %d jobs not done: %s", len(bad), len(s.p.Jobs), strings.Join(bad, ", "))
	if ctx.Err() != nil {
		err = fmt.Errorf("%w (%w)", err, ctx.Err())
	}
	for _, r := range s.results {
		if r.Err != nil {
			return errors.Join(err, fmt.Errorf("job %d, %s: %w", r.Job.Number, r.Job.Name(), r.Err))
		}
	}
	return err
}

func (s *scheduler) logf(format string, args ...any) {
	if s.opt.Progress != nil {
		fmt.Fprintf(s.opt.Progress, "plan: [%s] "+format+"\n", append([]any{round(time.Since(s.start))}, args...)...)
	}
}

// round rounds d to the second (to 0.1 s below a minute) for messages.
func round(d time.Duration) time.Duration {
	if d < time.Minute {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
