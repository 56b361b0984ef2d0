package main

// This file keeps what each job of a build measured, beside its output, so that the
// build's report covers the jobs of any run: local, one by one, or on a cluster.

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
	"github.com/espresso-go/espresso/internal/tbref"
	"github.com/espresso-go/espresso/tablebase/builder"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// jobStats is what one job built and used.
type jobStats struct {
	Job        int
	Positions  int   // stored positions (a solve: legal positions)
	Cubes      int   // cubes written
	Bytes      int64 // bytes of the output
	Symmetry   format.Symmetry
	Order      string // the decision list's order, "per slice" for an assembly
	PaperCubes int    // cubes of the paper's encoding, -1 when not minimized
	Seconds    float64
	CPUSeconds float64
	PeakMiB    int64
}

// fromReport sets what a builder's report and table say.
func (s *jobStats) fromReport(rep *builder.Report, t *format.Table) {
	s.Positions, s.Symmetry, s.PaperCubes, s.Cubes = rep.Positions, rep.Symmetry, rep.PaperCubes, t.Cubes()
	o := rep.Trials[rep.Chosen].Order
	s.Order = fmt.Sprintf("%v,%v,%v", o[0], o[1], o[2])
}

var statsColumns = []string{"job", "positions", "cubes", "bytes", "symmetry", "order", "paper_cubes", "seconds", "cpu_seconds", "peak_mib"}

// statsPath returns where the statistics of job j are kept: stats/OUTPUT.csv.
func statsPath(dir string, j plan.Job) string {
	return filepath.Join(dir, "stats", filepath.FromSlash(j.Output)+".csv")
}

// writeStats writes the statistics of job j atomically.
func writeStats(dir string, j plan.Job, s *jobStats) error {
	path := statsPath(dir, j)
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

// readStats reads the statistics of job j.
func readStats(dir string, j plan.Job) (*jobStats, error) {
	path := statsPath(dir, j)
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
	s := &jobStats{Job: int(num(0)), Positions: int(num(1)), Cubes: int(num(2)), Bytes: int64(num(3)), Symmetry: format.Symmetry(num(4)),
		Order: r[5], PaperCubes: int(num(6)), Seconds: num(7), CPUSeconds: num(8), PeakMiB: int64(num(9))}
	return s, bad
}

// tableResult gathers the report's row of material m from the statistics of the jobs of
// p that build it: the table job's, or the solve's, the slices' and the assembly's
// (times summed, the largest peak).
func tableResult(dir string, p *plan.Plan, m chess.Material) (result, error) {
	r := result{m: m, fileName: filepath.Join(dir, plan.TablePath(m))}
	r.ref, r.hasRef = tbref.ReferenceOf(m)
	found := false
	for _, j := range p.Jobs {
		if j.Material.String() != m.String() {
			continue
		}
		s, err := readStats(dir, j)
		if err != nil {
			if j.Kind == plan.Solve {
				continue // a solve's statistics may be missing where its values file was copied in
			}
			return result{}, err
		}
		r.seconds += s.Seconds
		r.cpu += s.CPUSeconds
		r.peakKiB = max(r.peakKiB, s.PeakMiB*1024)
		if j.Kind == plan.Table || j.Kind == plan.Assemble {
			found = true
			r.positions, r.cubes, r.bytes, r.symmetry, r.order, r.paperCubes = s.Positions, s.Cubes, s.Bytes, s.Symmetry, s.Order, s.PaperCubes
		}
	}
	if !found {
		return result{}, fmt.Errorf("%v: no table job in the plan", m)
	}
	return r, nil
}
