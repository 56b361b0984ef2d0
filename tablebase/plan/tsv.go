package plan

// This file writes a plan as DIR/plan.tsv and reads it back.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/atomicfile"
)

// FileName is the name of a plan in its build's directory.
const FileName = "plan.tsv"

// formatLine is a plan file's first line: the format and its version.
const formatLine = "# tablebase plan, format 1"

// header is the line that names the columns.
const header = "job\twave\tkind\tmaterial\tslice\tmemory_mib\tminutes\tafter\toutput"

// Write writes p as a plan file: the format line, the materials, the options, the
// plan's totals (a comment), the header and one job a line.
func Write(w io.Writer, p *Plan) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, formatLine)
	var names []string
	for _, m := range p.Materials {
		names = append(names, m.SyzygyName())
	}
	fmt.Fprintf(bw, "# materials: %s\n", strings.Join(names, " "))
	var opts []string
	o := p.Options
	for i, f := range o.flags() {
		if *f {
			opts = append(opts, optionNames[i])
		}
	}
	if o.JobMiB > 0 {
		opts = append(opts, fmt.Sprintf("%s=%d", jobMiBName, o.JobMiB))
	}
	if len(opts) == 0 {
		opts = []string{"none"}
	}
	fmt.Fprintf(bw, "# options: %s\n", strings.Join(opts, " "))
	minutes, peak := p.Totals()
	fmt.Fprintf(bw, "# expects: %d jobs in %d waves, %d minutes one after the other, at most %d MiB a job\n",
		len(p.Jobs), len(p.Waves()), minutes, peak)
	fmt.Fprintln(bw, header)
	for _, j := range p.Jobs {
		square, after := "-", "-"
		if j.Square >= 0 {
			square = chess.SquareName(j.Square)
		}
		if len(j.After) > 0 {
			s := make([]string, len(j.After))
			for i, a := range j.After {
				s[i] = strconv.Itoa(a)
			}
			after = strings.Join(s, ",")
		}
		fmt.Fprintf(bw, "%d\t%d\t%v\t%s\t%s\t%d\t%d\t%s\t%s\n", j.Number, j.Wave, j.Kind, j.Material.SyzygyName(),
			square, j.MemoryMiB, j.Minutes, after, j.Output)
	}
	return bw.Flush()
}

// WriteWaves writes p's waves for a cluster's submission scripts (deploy/), one line each
// with five numbers separated by spaces: the wave, the first and the last of its job
// numbers (a contiguous range), and the largest memory_mib and minutes of its jobs (a
// job array's request).
func WriteWaves(w io.Writer, p *Plan) error {
	bw := bufio.NewWriter(w)
	for wave, r := range p.Waves() {
		mem, minutes := 0, 0
		for _, j := range p.Jobs[r[0]:r[1]] {
			mem, minutes = max(mem, j.MemoryMiB), max(minutes, j.Minutes)
		}
		fmt.Fprintf(bw, "%d %d %d %d %d\n", wave, r[0], r[1]-1, mem, minutes)
	}
	return bw.Flush()
}

// WriteFile writes p to dir/plan.tsv atomically.
func WriteFile(dir string, p *Plan) error {
	return atomicfile.WriteFile(filepath.Join(dir, FileName), func(w io.Writer) error { return Write(w, p) })
}

// ReadFile reads dir/plan.tsv; errors name the file and the line.
func ReadFile(dir string) (*Plan, error) {
	name := filepath.Join(dir, FileName)
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", name, err)
	}
	return p, nil
}

// lineError is an error at one line of a plan file; it reads "LINE: what".
type lineError struct {
	line int
	err  error
}

func (e *lineError) Error() string { return fmt.Sprintf("%d: %v", e.line, e.err) }
func (e *lineError) Unwrap() error { return e.err }

// Read reads a plan written by Write and checks it: the format line, the materials and
// options, the header, and jobs numbered from 0 whose waves follow from the jobs they run
// after (each earlier, in a lower wave), with outputs inside the build's directory. An
// error begins with the line number ("12: ...").
func Read(r io.Reader) (*Plan, error) {
	p := &Plan{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	line, seenHeader := 0, false
	fail := func(format string, args ...any) (*Plan, error) {
		return nil, &lineError{line, fmt.Errorf(format, args...)}
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		switch {
		case line == 1:
			if text != formatLine {
				return fail("not a plan file of this version (want %q)", formatLine)
			}
		case !seenHeader && strings.HasPrefix(text, "# materials:"):
			for _, name := range strings.Fields(strings.TrimPrefix(text, "# materials:")) {
				m, err := chess.ParseMaterial(name)
				if err != nil {
					return fail("%v", err)
				}
				p.Materials = append(p.Materials, m)
			}
		case !seenHeader && strings.HasPrefix(text, "# options:"):
			for _, name := range strings.Fields(strings.TrimPrefix(text, "# options:")) {
				if name == "none" {
					continue
				}
				if v, ok := strings.CutPrefix(name, jobMiBName+"="); ok {
					n, err := strconv.Atoi(v)
					if err != nil || n <= 0 {
						return fail("option %s: not a number of MiB", name)
					}
					p.Options.JobMiB = n
					continue
				}
				i := slices.Index(optionNames, name)
				if i < 0 {
					return fail("unknown option %q (known: %s)", name, strings.Join(optionNames, ", "))
				}
				*p.Options.flags()[i] = true
			}
		case !seenHeader && strings.HasPrefix(text, "#"):
			// a comment
		case !seenHeader:
			if text != header {
				return fail("want the header %q", header)
			}
			seenHeader = true
		default:
			j, err := p.parseJob(text)
			if err != nil {
				return fail("%v", err)
			}
			p.Jobs = append(p.Jobs, j)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &lineError{line + 1, err}
	}
	if !seenHeader {
		line++
		return fail("no header line: truncated plan file")
	}
	return p, nil
}

// parseJob reads the job of one line, which must be the next job of p.
func (p *Plan) parseJob(text string) (Job, error) {
	f := strings.Split(text, "\t")
	if len(f) != 9 {
		return Job{}, fmt.Errorf("%d fields, want 9 (%s)", len(f), strings.ReplaceAll(header, "\t", " "))
	}
	var j Job
	var err error
	number := func(i int) int {
		n, e := strconv.Atoi(f[i])
		if e == nil && n < 0 {
			e = errors.New("negative")
		}
		if e != nil && err == nil {
			err = fmt.Errorf("column %s: %q is not a whole number", strings.Split(header, "\t")[i], f[i])
		}
		return n
	}
	j.Number, j.Wave, j.MemoryMiB, j.Minutes = number(0), number(1), number(5), number(6)
	if err != nil {
		return Job{}, err
	}
	if j.MemoryMiB == 0 || j.Minutes == 0 {
		return Job{}, errors.New("memory_mib and minutes must be at least 1 (a cluster reads 0 as no limit)")
	}
	if j.Number != len(p.Jobs) {
		return Job{}, fmt.Errorf("job %d, want %d (jobs are numbered from 0, one a line)", j.Number, len(p.Jobs))
	}
	var ok bool
	if j.Kind, ok = parseKind(f[2]); !ok {
		return Job{}, fmt.Errorf("unknown kind %q (want solve, slice, assemble or table)", f[2])
	}
	if j.Material, err = chess.ParseMaterial(f[3]); err != nil {
		return Job{}, err
	}
	if s := j.Material.Stored(); s.SyzygyName() != f[3] && chess.ValuesMaterial(s).SyzygyName() != f[3] {
		return Job{}, fmt.Errorf("material %s is stored as %s", f[3], s.SyzygyName())
	}
	j.Square = -1
	switch {
	case j.Kind == Slice:
		if j.Square, err = chess.ParseSquare(f[4]); err != nil {
			return Job{}, fmt.Errorf("slice: %w", err)
		}
	case f[4] != "-":
		return Job{}, fmt.Errorf("a %v job has no slice (%q, want -)", j.Kind, f[4])
	}
	wave := 0
	if f[7] != "-" {
		for _, s := range strings.Split(f[7], ",") {
			a, e := strconv.Atoi(s)
			if e != nil || a < 0 || a >= j.Number {
				return Job{}, fmt.Errorf("after: %q is not an earlier job", s)
			}
			j.After = append(j.After, a)
			wave = max(wave, p.Jobs[a].Wave+1)
		}
	}
	if j.Wave != wave {
		return Job{}, fmt.Errorf("wave %d, want %d (one more than the jobs it runs after)", j.Wave, wave)
	}
	if len(p.Jobs) > 0 && j.Wave < p.Jobs[len(p.Jobs)-1].Wave {
		return Job{}, fmt.Errorf("wave %d after a job of wave %d (jobs come in wave order)", j.Wave, p.Jobs[len(p.Jobs)-1].Wave)
	}
	j.Output = f[8]
	if j.Output == "" || path.IsAbs(j.Output) || path.Clean(j.Output) != j.Output || strings.HasPrefix(j.Output, "../") || j.Output == ".." {
		return Job{}, fmt.Errorf("output %q is not a path inside the build's directory", j.Output)
	}
	return j, nil
}
