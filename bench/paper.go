package bench

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// PaperFigure is one cell pair of the paper's Tables 3 and 4: the time and
// the number of clauses (cubes) of F under one condition.
type PaperFigure struct {
	Seconds float64
	F       int
	Note    string // set instead of the numbers when the paper reports none (e.g. "assertion failure")
}

// PaperRow is one row of Table 3 or 4.
type PaperRow struct {
	Material  string
	Canonical bool // Table 3's "acanonical as don't care"; every row of Table 4
	TClauses  int  // clauses in F of the truth table
	Figures   map[string]PaperFigure
}

// PaperBytes is one row of Table 5.
type PaperBytes struct {
	Material                 string
	Uncompressed, Compressed string // PCN bytes
	Syzygy                   string // Syzygy WDL bytes
	UncompressedN            int    // Uncompressed as a number; -1 when it is none
}

// Paper holds the paper's Tables 3, 4 and 5 as testdata/paper has them.
type Paper struct {
	Table3 []PaperRow
	Table4 []PaperRow
	Table5 []PaperBytes
}

// LoadPaper reads table3.csv, table4.csv and table5.csv from dir.
func LoadPaper(dir string) (*Paper, error) {
	var p Paper
	var err error
	if p.Table3, err = loadFigures(filepath.Join(dir, "table3.csv"), "acanonical_dont_care", "_s", 1); err != nil {
		return nil, err
	}
	if p.Table4, err = loadFigures(filepath.Join(dir, "table4.csv"), "", "_h", 3600); err != nil {
		return nil, err
	}
	name := filepath.Join(dir, "table5.csv")
	recs, col, err := readTable(name)
	if err != nil {
		return nil, err
	}
	for i, rec := range recs {
		if err := need(col, name, "material", "uncompressed_pcn_bytes", "compressed_pcn_bytes", "syzygy_wdl_bytes"); err != nil {
			return nil, err
		}
		b := PaperBytes{Material: rec[col["material"]], Uncompressed: rec[col["uncompressed_pcn_bytes"]],
			Compressed: rec[col["compressed_pcn_bytes"]], Syzygy: rec[col["syzygy_wdl_bytes"]], UncompressedN: -1}
		if b.Material == "totals" {
			continue
		}
		if n, err := strconv.Atoi(b.Uncompressed); err == nil {
			b.UncompressedN = n
		} else if b.Uncompressed != "" {
			return nil, fmt.Errorf("%s:%d: bad byte count %q", name, i+2, b.Uncompressed)
		}
		p.Table5 = append(p.Table5, b)
	}
	return &p, nil
}

// loadFigures reads Table 3 or 4: canonCol names the column that says
// whether the row is canonicalized (empty: every row is), timeSuffix the
// suffix of the time columns and scale their unit in seconds.
func loadFigures(name, canonCol, timeSuffix string, scale float64) ([]PaperRow, error) {
	recs, col, err := readTable(name)
	if err != nil {
		return nil, err
	}
	if err := need(col, name, "material", "T_clauses_in_F"); err != nil {
		return nil, err
	}
	var rows []PaperRow
	for i, rec := range recs {
		line := i + 2
		r := PaperRow{Material: rec[col["material"]], Canonical: true, Figures: map[string]PaperFigure{}}
		if canonCol != "" {
			if err := need(col, name, canonCol); err != nil {
				return nil, err
			}
			if r.Canonical, err = strconv.ParseBool(rec[col[canonCol]]); err != nil {
				return nil, fmt.Errorf("%s:%d: bad %s %q", name, line, canonCol, rec[col[canonCol]])
			}
		}
		if r.TClauses, err = strconv.Atoi(rec[col["T_clauses_in_F"]]); err != nil {
			return nil, fmt.Errorf("%s:%d: bad T_clauses_in_F %q", name, line, rec[col["T_clauses_in_F"]])
		}
		for _, c := range BuiltinConditions() {
			ti, ok1 := col[c.Name+timeSuffix]
			fi, ok2 := col[c.Name+"_F"]
			if !ok1 || !ok2 {
				continue
			}
			ts, fs := rec[ti], rec[fi]
			t, err1 := strconv.ParseFloat(ts, 64)
			f, err2 := strconv.Atoi(fs)
			switch {
			case err1 == nil && err2 == nil:
				r.Figures[c.Name] = PaperFigure{Seconds: t * scale, F: f}
			case err1 != nil && fs == "" && ts != "":
				r.Figures[c.Name] = PaperFigure{Note: ts}
			default:
				return nil, fmt.Errorf("%s:%d: bad %s figures %q, %q", name, line, c.Name, ts, fs)
			}
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// readTable reads a CSV file with a header, returning the records after the
// header and the column index of each header name.
func readTable(name string) ([][]string, map[string]int, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(recs) == 0 {
		return nil, nil, fmt.Errorf("%s: empty", name)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[strings.TrimSpace(h)] = i
	}
	return recs[1:], col, nil
}

func need(col map[string]int, name string, cols ...string) error {
	for _, c := range cols {
		if _, ok := col[c]; !ok {
			return fmt.Errorf("%s: no column %q", name, c)
		}
	}
	return nil
}
