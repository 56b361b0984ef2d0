package plan

// This file keeps what each job of a build measured, beside its output, so that the
// build's report covers the jobs of any run: local, one by one, or on a cluster.

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/tablebase/builder"
	"github.com/espresso-go/espresso/tablebase/format"
)

// Stats is what one job built and used.
type Stats struct {
	Job        int
	Positions  int   // stored positions (a solve: legal positions)
	Cubes      int   // cubes written
	Bytes      int64 // bytes of the output
	Symmetry   format.Symmetry
	Order      string // the decision list's order ("win,draw,loss"), "per slice" for an assembly
	PaperCubes int    // cubes of the paper's encoding, -1 when not minimized
	Seconds    float64
	CPUSeconds float64 // 0 when not measured (JobOptions.Meter)
	PeakMiB    int64   // 0 when not measured
}

// fromReport sets what a builder's report and table say.
func (s *Stats) fromReport(rep *builder.Report, t *format.Table) {
	s.Positions, s.Symmetry, s.PaperCubes, s.Cubes = rep.Positions, rep.Symmetry, rep.PaperCubes, t.Cubes()
	o := rep.Trials[rep.Chosen].Order
	s.Order = fmt.Sprintf("%v,%v,%v", o[0], o[1], o[2])
}

var statsColumns = []string{"job", "positions", "cubes", "bytes", "symmetry", "order", "paper_cubes", "seconds", "cpu_seconds", "peak_mib"}

// StatsPath returns where the statistics of job j are kept, relative to the build's
// directory: stats/OUTPUT.csv.
func StatsPath(j Job) string { return "stats/" + j.Output + ".csv" }

// WriteStats writes the statistics of job j into the build's directory dir, atomically.
func WriteStats(dir string, j Job, s *Stats) error {
	path := filepath.Join(dir, filepath.FromSlash(StatsPath(j)))
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write(statsColumns)
		cw.Write([]string{strconv.Itoa(s.Job), strconv.Itoa(s.Positions), strconv.Itoa(s.Cubes), strconv.FormatInt(s.Bytes, 10),
			strconv.Itoa(int(s.Symmetry)), s.Order, strconv.Itoa(s.PaperCubes), strconv.FormatFloat(s.Seconds, 'f', 1, 64),
			strconv.FormatFloat(s.CPUSeconds, 'f', 1, 64), strconv.FormatInt(s.PeakMiB, 10)})
		cw.Flush()
		return cw.Error()
	})
}

// ReadStats reads the statistics of job j from the build's directory dir; errors name
// the file (and the line of a bad field).
func ReadStats(dir string, j Job) (*Stats, error) {
	path := filepath.Join(dir, filepath.FromSlash(StatsPath(j)))
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) != 2 || len(recs[1]) != len(statsColumns) {
		return nil, fmt.Errorf("%s: want a header and one row of %d fields", path, len(statsColumns))
	}
	r := recs[1]
	var bad error
	num := func(i int) float64 {
		v, err := strconv.ParseFloat(r[i], 64)
		if err != nil && bad == nil {
			bad = fmt.Errorf("%s:2: %s: %w", path, statsColumns[i], err)
		}
		return v
	}
	s := &Stats{Job: int(num(0)), Positions: int(num(1)), Cubes: int(num(2)), Bytes: int64(num(3)), Symmetry: format.Symmetry(num(4)),
		Order: r[5], PaperCubes: int(num(6)), Seconds: num(7), CPUSeconds: num(8), PeakMiB: int64(num(9))}
	if bad != nil {
		return nil, bad
	}
	return s, nil
}

// TableStats returns the statistics of material m's table from those of the jobs of p
// that build it in the build's directory dir: what the table job or the assembly built,
// with the times of all of them (the solve's, the slices', the assembly's) summed and
// the largest peak. A solve's statistics may be missing (its values file copied in from
// another build); any other job's missing is an error.
func (p *Plan) TableStats(dir string, m chess.Material) (*Stats, error) {
	var out *Stats
	var seconds, cpu float64
	var peak int64
	for _, j := range p.Jobs {
		if j.Material.String() != m.String() {
			continue
		}
		s, err := ReadStats(dir, j)
		if j.Kind == Solve && errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		seconds += s.Seconds
		cpu += s.CPUSeconds
		peak = max(peak, s.PeakMiB)
		if j.Kind == Table || j.Kind == Assemble {
			out = s
		}
	}
	if out == nil {
		return nil, fmt.Errorf("%v: no table job in the plan", m)
	}
	out.Seconds, out.CPUSeconds, out.PeakMiB = seconds, cpu, peak
	return out, nil
}
