package bench

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
)

// csvHeader names the columns of the results CSV, in order.
var csvHeader = []string{"suite", "input", "material", "canonical", "condition", "args", "binary",
	"input_cubes", "status", "exit", "cubes", "literals", "wall_s", "cpu_s", "maxrss_kb", "verified", "same_output", "error"}

// WriteCSV writes results as CSV with a header line.
func WriteCSV(w io.Writer, results []Result) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, r := range results {
		rec := []string{r.Suite, r.Input, r.Material, strconv.FormatBool(r.Canonical), r.Condition, r.Args, r.Binary,
			strconv.Itoa(r.InputCubes), string(r.Status), strconv.Itoa(r.ExitCode), strconv.Itoa(r.Cubes),
			strconv.Itoa(r.Literals), strconv.FormatFloat(r.WallS, 'f', 4, 64), strconv.FormatFloat(r.CPUS, 'f', 4, 64),
			strconv.FormatInt(r.MaxRSSKB, 10), r.Verified, r.SameOutput, r.Err}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ReadCSV reads results written by WriteCSV; name is used in error messages.
func ReadCSV(r io.Reader, name string) ([]Result, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = len(csvHeader)
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty", name)
	}
	for i, h := range csvHeader {
		if recs[0][i] != h {
			return nil, fmt.Errorf("%s:1: column %d is %q, want %q", name, i+1, recs[0][i], h)
		}
	}
	var out []Result
	for n, rec := range recs[1:] {
		line := n + 2
		var p parser
		res := Result{Suite: rec[0], Input: rec[1], Material: rec[2], Canonical: p.bool(rec[3]),
			Condition: rec[4], Args: rec[5], Binary: rec[6], InputCubes: p.int(rec[7]), Status: Status(rec[8]),
			ExitCode: p.int(rec[9]), Cubes: p.int(rec[10]), Literals: p.int(rec[11]), WallS: p.float(rec[12]),
			CPUS: p.float(rec[13]), MaxRSSKB: int64(p.int(rec[14])), Verified: rec[15], SameOutput: rec[16], Err: rec[17]}
		if p.err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, p.err)
		}
		switch res.Status {
		case StatusOK, StatusFailed, StatusTimeout:
		default:
			return nil, fmt.Errorf("%s:%d: bad status %q", name, line, res.Status)
		}
		out = append(out, res)
	}
	return out, nil
}

// parser converts fields, keeping the first error.
type parser struct{ err error }

func (p *parser) int(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil && p.err == nil {
		p.err = fmt.Errorf("bad number %q", s)
	}
	return n
}

func (p *parser) float(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && p.err == nil {
		p.err = fmt.Errorf("bad number %q", s)
	}
	return f
}

func (p *parser) bool(s string) bool {
	b, err := strconv.ParseBool(s)
	if err != nil && p.err == nil {
		p.err = fmt.Errorf("bad boolean %q", s)
	}
	return b
}
