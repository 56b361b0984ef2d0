package bench

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/espresso-go/espresso/chess"
)

// TableRow is one table of the tablebase as the report shows it: what `tablebase build
// --csv` wrote for it (our bytes, cubes, build time, and the paper's and Syzygy's bytes
// from its references), and the time of a probe into it.
type TableRow struct {
	Material    string  // as Syzygy names it (KQvKR)
	Positions   int     // positions of the table
	Cubes       int     // cubes of its stored covers
	Bytes       int     // bytes of our table file
	SyzygyBytes int     // Syzygy's WDL file; 0 when unknown
	PaperBytes  int     // the paper's compressed PCN; 0 where the paper has no row
	Seconds     float64 // build time
	PeakMiB     float64 // peak memory of the build
	ProbeNS     float64 // nanoseconds per probe from a position value; 0 when not measured
}

// tableColumns are the columns of the tablebase CSV the bench writes; ReadTableCSV also
// reads the CSV of `tablebase build --csv`, which has all of them but probe_ns.
var tableColumns = []string{"material", "positions", "cubes", "bytes", "syzygy_bytes", "paper_bytes", "seconds", "peak_mib", "probe_ns"}

// optionalTableColumns may be missing from a tablebase CSV.
var optionalTableColumns = map[string]bool{"probe_ns": true}

// ReadTableCSV reads a tablebase CSV, by its header's column names; name is used in
// error messages. A "-" stands for an unknown figure (0).
func ReadTableCSV(r io.Reader, name string) ([]TableRow, error) {
	cr := csv.NewReader(r)
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty", name)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, c := range tableColumns {
		if _, ok := col[c]; !ok && !optionalTableColumns[c] {
			return nil, fmt.Errorf("%s:1: no column %q", name, c)
		}
	}
	var rows []TableRow
	for n, rec := range recs[1:] {
		var p parser
		field := func(c string) string {
			if i, ok := col[c]; ok && rec[i] != "-" {
				return rec[i]
			}
			return "0"
		}
		row := TableRow{Material: rec[col["material"]], Positions: p.int(field("positions")), Cubes: p.int(field("cubes")),
			Bytes: p.int(field("bytes")), SyzygyBytes: p.int(field("syzygy_bytes")), PaperBytes: p.int(field("paper_bytes")),
			Seconds: p.float(field("seconds")), PeakMiB: p.float(field("peak_mib")), ProbeNS: p.float(field("probe_ns"))}
		if p.err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n+2, p.err)
		}
		if row.Material == "" {
			return nil, fmt.Errorf("%s:%d: no material", name, n+2)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// WriteTableCSV writes rows as CSV with a header line, as ReadTableCSV reads them.
func WriteTableCSV(w io.Writer, rows []TableRow) error {
	cw := csv.NewWriter(w)
	cw.Write(tableColumns)
	for _, r := range rows {
		cw.Write([]string{r.Material, strconv.Itoa(r.Positions), strconv.Itoa(r.Cubes), strconv.Itoa(r.Bytes),
			strconv.Itoa(r.SyzygyBytes), strconv.Itoa(r.PaperBytes), strconv.FormatFloat(r.Seconds, 'f', 1, 64),
			strconv.FormatFloat(r.PeakMiB, 'f', 0, 64), strconv.FormatFloat(r.ProbeNS, 'f', 0, 64)})
	}
	cw.Flush()
	return cw.Error()
}

// tableTotals sums the bytes of rows: ours and Syzygy's over all of them, and ours and the
// paper's over the tables the paper has.
type tableTotals struct {
	ours, syzygy, cubes      int
	oursOnPaper, paper, nPap int
	seconds                  float64
	smaller                  int // tables where ours is smaller than Syzygy's
}

func sumTables(rows []TableRow) tableTotals {
	var t tableTotals
	for _, r := range rows {
		t.ours += r.Bytes
		t.syzygy += r.SyzygyBytes
		t.cubes += r.Cubes
		t.seconds += r.Seconds
		if r.SyzygyBytes > 0 && r.Bytes < r.SyzygyBytes {
			t.smaller++
		}
		if r.PaperBytes > 0 {
			t.nPap++
			t.paper += r.PaperBytes
			t.oursOnPaper += r.Bytes
		}
	}
	return t
}

// WriteTableMarkdown writes the report's tablebase section: per table our bytes beside
// the paper's compressed PCN and Syzygy's WDL bytes, our cubes, build and probe times, and
// the totals, and the rows of the paper's Table 5 (when paper is not nil) that no table
// has; svgName is the plot of the bytes.
func WriteTableMarkdown(w io.Writer, rows []TableRow, paper *Paper, svgName string) error {
	ew := &errWriter{w: w}
	p := ew.printf
	t := sumTables(rows)
	p("## The tablebase beside the paper's Table 5\n\n")
	p("Our table files (`tablebase build`, package `tablebase`) beside the paper's compressed PCN\n")
	p("bytes and Syzygy's WDL file of the same material. Build time is the build's own figure\n")
	p("(solve, minimize, check, write) from `tablebase build --csv`; probe time is the mean over\n")
	p("random legal positions of the table (both sides to move) of an in-process `Tablebase.Probe`\n")
	p("from a position value, the table already open.\n\n")
	p("![bytes per table](%s)\n\n", svgName)
	p("| material | positions | cubes | bytes ours | paper compressed PCN | Syzygy WDL | ours / Syzygy | build s | peak MiB | probe ns |\n")
	p("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	orDash := func(n int) string {
		if n == 0 {
			return "—"
		}
		return count(n)
	}
	for _, r := range rows {
		ratio := "—"
		if r.SyzygyBytes > 0 {
			ratio = fmt.Sprintf("%.2f", float64(r.Bytes)/float64(r.SyzygyBytes))
		}
		probe := "—"
		if r.ProbeNS > 0 {
			probe = fmt.Sprintf("%.0f", r.ProbeNS)
		}
		p("| %s | %s | %s | %s | %s | %s | %s | %.1f | %.0f | %s |\n", cell(r.Material), count(r.Positions), count(r.Cubes),
			count(r.Bytes), orDash(r.PaperBytes), orDash(r.SyzygyBytes), ratio, r.Seconds, r.PeakMiB, probe)
	}
	p("| total (%d tables) | | %s | %s | %s (%d tables) | %s | %s | %.1f | | |\n\n", len(rows), count(t.cubes), count(t.ours),
		orDash(t.paper), t.nPap, orDash(t.syzygy), ratioOf(t.ours, t.syzygy), t.seconds)
	p("Ours over the %d tables: %s bytes, against Syzygy's %s (%s); smaller than Syzygy's file for %d of %d tables.\n",
		len(rows), count(t.ours), count(t.syzygy), ratioOf(t.ours, t.syzygy), t.smaller, len(rows))
	p("Ours over the paper's %d tables: %s bytes, against the paper's %s (%s).\n\n",
		t.nPap, count(t.oursOnPaper), count(t.paper), ratioOf(t.oursOnPaper, t.paper))
	if names, bytes := paperOnly(paper, rows); len(names) > 0 {
		p("The paper's Table 5 also has %s (%s compressed PCN bytes), which no table here covers; with it the\n", strings.Join(names, ", "), count(bytes))
		p("paper's total is %s.\n\n", count(t.paper+bytes))
	}
	return ew.err
}

// paperOnly returns the materials of the paper's Table 5 that rows lack, as Syzygy names
// them, and the sum of their compressed PCN bytes.
func paperOnly(paper *Paper, rows []TableRow) (names []string, bytes int) {
	if paper == nil {
		return nil, 0
	}
	have := map[string]bool{}
	for _, r := range rows {
		have[r.Material] = true
	}
	for _, b := range paper.Table5 {
		m, err := chess.ParseMaterial(b.Material)
		if err != nil { // the totals row
			continue
		}
		n, err := strconv.Atoi(b.Compressed)
		if name := m.SyzygyName(); !have[name] && err == nil {
			names = append(names, name)
			bytes += n
		}
	}
	return names, bytes
}

// ratioOf renders a/b, or "—" when b is 0.
func ratioOf(a, b int) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f×", float64(a)/float64(b))
}
