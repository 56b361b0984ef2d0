package bench

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// key identifies one input under one condition.
type key struct{ suite, input, cond string }

// index groups results by input and condition, then by binary.
type index struct {
	byKey  map[key]map[string]Result
	suites []string            // in first-seen order
	inputs map[string][]string // per suite, in first-seen order
	chess  map[chessKey]string // the chess input of each table
}

type chessKey struct {
	material  string
	canonical bool
}

func newIndex(results []Result) *index {
	ix := &index{byKey: map[key]map[string]Result{}, inputs: map[string][]string{}, chess: map[chessKey]string{}}
	seenIn := map[[2]string]bool{}
	for _, r := range results {
		if _, ok := ix.inputs[r.Suite]; !ok {
			ix.suites = append(ix.suites, r.Suite)
			ix.inputs[r.Suite] = nil
		}
		if !seenIn[[2]string{r.Suite, r.Input}] {
			seenIn[[2]string{r.Suite, r.Input}] = true
			ix.inputs[r.Suite] = append(ix.inputs[r.Suite], r.Input)
		}
		if r.Suite == "chess" {
			ix.chess[chessKey{r.Material, r.Canonical}] = r.Input
		}
		k := key{r.Suite, r.Input, r.Condition}
		if ix.byKey[k] == nil {
			ix.byKey[k] = map[string]Result{}
		}
		ix.byKey[k][r.Binary] = r
	}
	return ix
}

func (ix *index) get(suite, input, cond, binary string) (Result, bool) {
	r, ok := ix.byKey[key{suite, input, cond}][binary]
	return r, ok
}

// conditionsOf lists the conditions of results in first-seen order, with their args.
func conditionsOf(results []Result) []Condition {
	var cs []Condition
	seen := map[string]bool{}
	for _, r := range results {
		if seen[r.Condition] {
			continue
		}
		seen[r.Condition] = true
		c := Condition{Name: r.Condition, Args: strings.Fields(r.Args)}
		for _, b := range BuiltinConditions() {
			if b.Name == c.Name && b.ArgString() == r.Args {
				c = b
			}
		}
		cs = append(cs, c)
	}
	return cs
}

// Summary aggregates one binary's runs of one suite under one condition.
type Summary struct {
	Runs, OK, Failed, Timeout int
	VerifiedYes, VerifiedNo   int
	FirstError                string
}

// state says in words how the runs went.
func (s Summary) state() string {
	switch {
	case s.Runs == 0:
		return "not run"
	case s.OK == s.Runs:
		return "works"
	case s.OK == 0 && s.Timeout == 0:
		return "fails on every input"
	case s.Failed == 0:
		return "works; some runs over the time limit"
	}
	return "fails on some inputs"
}

func summarize(results []Result, suite, cond, binary string) Summary {
	var s Summary
	for _, r := range results {
		if (suite != "" && r.Suite != suite) || r.Condition != cond || r.Binary != binary {
			continue
		}
		s.Runs++
		switch r.Status {
		case StatusOK:
			s.OK++
		case StatusTimeout:
			s.Timeout++
		default:
			s.Failed++
			if s.FirstError == "" {
				s.FirstError = r.Input + ": " + r.Err
			}
		}
		switch r.Verified {
		case VerifiedYes:
			s.VerifiedYes++
		case VerifiedNo:
			s.VerifiedNo++
		}
	}
	return s
}

// Pair compares ours with the reference over the inputs both finished.
type Pair struct {
	Both                        int     // inputs where both runs are ok
	OursCubes, RefCubes         int     // sums over those inputs
	OursLits, RefLits           int     // sums over those inputs
	OursWall, RefWall           float64 // sums over those inputs
	OursCPU, RefCPU             float64
	WallRatio, CPURatio         float64 // geometric means of ours/reference; 0 when none
	OursMaxRSSKB, RefMaxRSSKB   int64   // largest peaks
	SameCubes, FewerCubes, More int     // inputs where ours has as many, fewer, more cubes
	Identical                   int     // inputs where our output is byte-identical to the reference's
}

func pairOf(ix *index, suite, cond string) Pair {
	var p Pair
	var lw, lc float64
	var nw, nc int
	for _, in := range ix.inputs[suite] {
		o, ok1 := ix.get(suite, in, cond, Ours)
		r, ok2 := ix.get(suite, in, cond, Reference)
		if !ok1 || !ok2 || o.Status != StatusOK || r.Status != StatusOK {
			continue
		}
		p.Both++
		p.OursCubes += o.Cubes
		p.RefCubes += r.Cubes
		p.OursLits += o.Literals
		p.RefLits += r.Literals
		p.OursWall += o.WallS
		p.RefWall += r.WallS
		p.OursCPU += o.CPUS
		p.RefCPU += r.CPUS
		p.OursMaxRSSKB = max(p.OursMaxRSSKB, o.MaxRSSKB)
		p.RefMaxRSSKB = max(p.RefMaxRSSKB, r.MaxRSSKB)
		if o.SameOutput == "yes" {
			p.Identical++
		}
		switch {
		case o.Cubes == r.Cubes:
			p.SameCubes++
		case o.Cubes < r.Cubes:
			p.FewerCubes++
		default:
			p.More++
		}
		if o.WallS > 0 && r.WallS > 0 {
			lw += math.Log(o.WallS / r.WallS)
			nw++
		}
		if o.CPUS > 0 && r.CPUS > 0 {
			lc += math.Log(o.CPUS / r.CPUS)
			nc++
		}
	}
	if nw > 0 {
		p.WallRatio = math.Exp(lw / float64(nw))
	}
	if nc > 0 {
		p.CPURatio = math.Exp(lc / float64(nc))
	}
	return p
}

// totals sums one binary's finished runs.
type totals struct {
	cubes, lits int
	wall, cpu   float64
	rss         int64
}

// ownTotals sums our finished runs of one suite under one condition.
func ownTotals(results []Result, suite, cond string) totals {
	var t totals
	for _, r := range results {
		if r.Suite == suite && r.Condition == cond && r.Binary == Ours && r.Status == StatusOK {
			t.cubes += r.Cubes
			t.lits += r.Literals
			t.wall += r.WallS
			t.cpu += r.CPUS
			t.rss = max(t.rss, r.MaxRSSKB)
		}
	}
	return t
}

// WriteMarkdown writes the report: the machine, the status of every
// condition, per-suite comparisons of ours with the reference, the chess
// results beside the paper's Tables 3, 4 and 5 (when paper is not nil), and
// a link to the plot svgName (when not empty).
func WriteMarkdown(w io.Writer, meta Meta, results []Result, paper *Paper, svgName string) error {
	rep := newReport(w, meta, results)
	rep.header(meta)
	writeSummary(rep.ew, rep.ix, results, rep.conds, rep.hasRef)
	rep.dropIn()
	rep.conditions()
	for _, suite := range rep.ix.suites {
		rep.suiteTotals(suite)
		rep.suiteRuns(suite)
	}
	rep.memory()
	if paper != nil && len(rep.ix.inputs["chess"]) > 0 {
		writeChess(rep.ew, rep.ix, paper, rep.hasRef)
	}
	if svgName != "" {
		rep.plot(svgName)
	}
	return rep.ew.err
}

// report is what the stages of WriteMarkdown share: the writer, the results
// indexed, the conditions in the report's order and whether a reference ran.
type report struct {
	ew      *errWriter
	p       func(format string, args ...any)
	results []Result
	ix      *index
	conds   []Condition
	hasRef  bool
}

func newReport(w io.Writer, meta Meta, results []Result) *report {
	ew := &errWriter{w: w}
	rep := &report{ew: ew, p: ew.printf, results: results, ix: newIndex(results), conds: meta.Conditions}
	if len(rep.conds) == 0 {
		rep.conds = conditionsOf(results)
	}
	for _, r := range results {
		if r.Binary == Reference {
			rep.hasRef = true
		}
	}
	return rep
}

// header writes the title, the table of the machine and the settings, and
// what the figures mean.
func (rep *report) header(meta Meta) {
	p := rep.p
	p("# Benchmark report\n\n")
	if meta.Command != "" {
		p("Generated by `%s`", meta.Command)
		if meta.Date != "" {
			p(" on %s", meta.Date)
		}
		p(".\n\n")
	}
	p("| | |\n| --- | --- |\n")
	p("| machine | %s, %d logical CPUs, %s |\n", cell(meta.CPU), meta.Cores, cell(meta.OSArch))
	p("| Go | %s |\n", cell(meta.GoVersion))
	if meta.Load != "" {
		p("| load average at the start (1, 5, 15 min) | %s |\n", cell(meta.Load))
	}
	p("| date | %s |\n", cell(meta.Date))
	if meta.Commit != "" {
		p("| commit | %s |\n", cell(meta.Commit))
	}
	p("| ours | %s |\n", cell(orDash(meta.Ours)))
	p("| reference | %s |\n", cell(orDash(meta.Reference)))
	p("| verified by | %s |\n", cell(orDash(meta.Verifier)))
	p("| time limit per run | %s |\n", cell(orDash(meta.Timeout)))
	if meta.Repeat > 1 {
		p("| repeats | %d (medians of wall and CPU time, largest peak memory) |\n", meta.Repeat)
	}
	p("\nTimes are wall-clock seconds of one process; CPU is user + system time; memory is the peak\n")
	p("resident set size. Ours and the reference ran alternately in one session, so their ratios\n")
	p("share the machine's load. Cubes and literals are those of F in the output PLA. \"Verified\"\n")
	p("means `espresso -Dverify INPUT OUTPUT` found the output equivalent to the input (modulo its\n")
	p("don't-care set); n/a means no verifier was available.\n\n")
	if rep.hasRef {
		p("ESPRESSO 2.3 has no compaction (`-Dcompact`, `-ecompact` are the paper's additions), so a\n")
		p("reference binary of 2.3 fails under the compaction conditions by design.\n\n")
	}
}

// conditions writes the table of the conditions: their arguments and how
// many runs of each binary finished, failed or timed out.
func (rep *report) conditions() {
	p := rep.p
	p("## Conditions\n\n")
	p("| condition | espresso arguments | what | ours: ok / failed / timeout | state of ours | reference: ok / failed / timeout | first failure of ours |\n")
	p("| --- | --- | --- | --- | --- | --- | --- |\n")
	for _, c := range rep.conds {
		so := summarize(rep.results, "", c.Name, Ours)
		ref := "—"
		if rep.hasRef {
			sr := summarize(rep.results, "", c.Name, Reference)
			ref = fmt.Sprintf("%d / %d / %d", sr.OK, sr.Failed, sr.Timeout)
		}
		p("| %s | %s | %s | %d / %d / %d | %s | %s | %s |\n", cell(c.Name), code(c.ArgString()), cell(c.About),
			so.OK, so.Failed, so.Timeout, so.state(), ref, cell(clip(so.FirstError, 120)))
	}
	p("\n")
}

// suiteTotals writes a suite's table of totals per condition: ours against
// the reference where one ran, else ours alone.
func (rep *report) suiteTotals(suite string) {
	p := rep.p
	p("## Suite %s: %d inputs\n\n", suite, len(rep.ix.inputs[suite]))
	p("| condition | ours ok | ours verified yes / no |")
	if rep.hasRef {
		p(" reference ok | both ok | identical output | cubes ours / ref | literals ours / ref | ours fewer / same / more cubes | wall s ours / ref | wall ratio | CPU ratio | peak MiB ours / ref |")
	} else {
		p(" cubes | literals | wall s | CPU s | peak MiB |")
	}
	p("\n| --- | --- | --- |")
	if rep.hasRef {
		p(" --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
	} else {
		p(" --- | --- | --- | --- | --- |")
	}
	p("\n")
	for _, c := range rep.conds {
		so := summarize(rep.results, suite, c.Name, Ours)
		if so.Runs == 0 {
			continue
		}
		p("| %s | %d / %d | %d / %d |", cell(c.Name), so.OK, so.Runs, so.VerifiedYes, so.VerifiedNo)
		if !rep.hasRef {
			t := ownTotals(rep.results, suite, c.Name)
			p(" %d | %d | %s | %s | %s |\n", t.cubes, t.lits, secs(t.wall), secs(t.cpu), mib(t.rss))
			continue
		}
		sr := summarize(rep.results, suite, c.Name, Reference)
		pr := pairOf(rep.ix, suite, c.Name)
		if pr.Both == 0 {
			// Nothing to compare: ours' own totals.
			t := ownTotals(rep.results, suite, c.Name)
			p(" %d / %d | 0 | 0 | %d / — | %d / — | — | %s / — | — | — | %s / — |\n",
				sr.OK, sr.Runs, t.cubes, t.lits, secs(t.wall), mib(t.rss))
			continue
		}
		p(" %d / %d | %d | %d | %d / %d | %d / %d | %d / %d / %d | %s / %s | %s | %s | %s / %s |\n",
			sr.OK, sr.Runs, pr.Both, pr.Identical, pr.OursCubes, pr.RefCubes, pr.OursLits, pr.RefLits,
			pr.FewerCubes, pr.SameCubes, pr.More, secs(pr.OursWall), secs(pr.RefWall),
			ratio(pr.WallRatio), ratio(pr.CPURatio), mib(pr.OursMaxRSSKB), mib(pr.RefMaxRSSKB))
	}
	if rep.hasRef {
		p("\nCubes, literals and times are sums over the inputs both finished (over the inputs ours\n")
		p("finished where the reference finished none); the ratios are geometric means of ours /\n")
		p("reference over those inputs (below 1: ours is faster).\n")
	}
}

// suiteRuns writes every run of a suite, ours beside the reference's, in a
// folded section.
func (rep *report) suiteRuns(suite string) {
	p := rep.p
	p("\n<details><summary>every run of suite %s</summary>\n\n", suite)
	p("| input | condition | in cubes | ours | ours cubes | ours s | ours MiB | verified |")
	if rep.hasRef {
		p(" ref | ref cubes | ref s | ref MiB | ratio | identical |")
	}
	p("\n| --- | --- | --- | --- | --- | --- | --- | --- |")
	if rep.hasRef {
		p(" --- | --- | --- | --- | --- | --- |")
	}
	p("\n")
	for _, in := range rep.ix.inputs[suite] {
		for _, c := range rep.conds {
			o, ok := rep.ix.get(suite, in, c.Name, Ours)
			if !ok {
				continue
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %s |", cell(in), cell(c.Name), count(o.InputCubes),
				statusCell(o), count(o.Cubes), secs(o.WallS), mib(o.MaxRSSKB), cell(o.Verified))
			if rep.hasRef {
				rep.refRun(o, suite, in, c.Name)
			}
			p("\n")
		}
	}
	p("\n</details>\n\n")
}

// refRun writes the reference's cells of a run's row, o being ours.
func (rep *report) refRun(o Result, suite, in, cond string) {
	r, ok := rep.ix.get(suite, in, cond, Reference)
	if !ok {
		rep.p(" — | — | — | — | — | — |")
		return
	}
	rt := "—"
	if o.Status == StatusOK && r.Status == StatusOK && r.WallS > 0 {
		rt = ratio(o.WallS / r.WallS)
	}
	rep.p(" %s | %s | %s | %s | %s | %s |", statusCell(r), count(r.Cubes), secs(r.WallS), mib(r.MaxRSSKB), rt, orDash(o.SameOutput))
}

// plot writes the section of the plot svgName and how to read it.
func (rep *report) plot(svgName string) {
	p := rep.p
	p("## Time against cubes\n\n![time against cubes](%s)\n\n", svgName)
	p("Each point is one run that finished: the cubes of the output cover it produced and its wall\n")
	p("time, on log scales; its colour is the condition, its marker who ran it: ours and the reference\n")
	p("on this machine (filled), the paper on another (hollow triangles: its Tables 3 and 4, an\n")
	p("i7-9700, one core per job, without the times Table 4 rounds to 0.000 h). The chess tables run\n")
	p("under full ESPRESSO are named beside their points, with the paper's figures for the same tables.\n")
	p("Times under a millisecond are drawn at a millisecond.\n")
}

// writeSummary writes one line per suite and condition where ours finished
// a run: how many finished and verified, and against the reference.
func writeSummary(ew *errWriter, ix *index, results []Result, conds []Condition, hasRef bool) {
	p := ew.printf
	p("## Summary\n\n")
	n := 0
	for _, suite := range ix.suites {
		for _, c := range conds {
			so := summarize(results, suite, c.Name, Ours)
			if so.OK == 0 {
				continue
			}
			n++
			p("- %s, %s: ours finished %d of %d runs", suite, c.Name, so.OK, so.Runs)
			if so.VerifiedYes+so.VerifiedNo > 0 {
				p(" (%d verified equivalent, %d found different)", so.VerifiedYes, so.VerifiedNo)
			} else {
				p(" (not verified)")
			}
			if hasRef {
				pr := pairOf(ix, suite, c.Name)
				if pr.Both > 0 {
					p("; of the %d the reference finished too, ours printed the same bytes on %d, fewer cubes on %d, more on %d; time ours / reference %s (geometric mean)",
						pr.Both, pr.Identical, pr.FewerCubes, pr.More, ratio(pr.WallRatio))
				}
			}
			p(".\n")
		}
	}
	if n == 0 {
		p("- Our espresso finished no run.\n")
	}
	p("\n")
}

// writeChess writes the chess results beside the paper's Tables 3, 4 and 5.
func writeChess(ew *errWriter, ix *index, paper *Paper, hasRef bool) {
	p := ew.printf
	chessRow := func(material string, canonical bool) (string, bool) {
		in, ok := ix.chess[chessKey{material, canonical}]
		return in, ok
	}
	refHead, refSep := "", ""
	if hasRef {
		refHead, refSep = " F ref | s ref |", " --- | --- |"
	}
	table := func(title string, rows []PaperRow, canonNote string) {
		p("### Beside the paper's %s\n\n", title)
		p("%s Paper times are the paper's (i7-9700); ours are measured here. T is the number of\n", canonNote)
		p("clauses in F of the truth table.\n\n")
		p("| material | canonical | condition | T paper | T ours | F paper | F ours | s paper | s ours |%s\n", refHead)
		p("| --- | --- | --- | --- | --- | --- | --- | --- | --- |%s\n", refSep)
		n := 0
		for _, row := range rows {
			in, ok := chessRow(row.Material, row.Canonical)
			if !ok {
				continue
			}
			for _, c := range BuiltinConditions() {
				fig, ok := row.Figures[c.Name]
				if !ok {
					continue
				}
				o, ok := ix.get("chess", in, c.Name, Ours)
				if !ok {
					continue
				}
				n++
				pf, ps := strconvI(fig.F), secs(fig.Seconds)
				if fig.Note != "" {
					pf, ps = cell(fig.Note), "—"
				}
				p("| %s | %v | %s | %d | %s | %s | %s | %s | %s |", cell(row.Material), row.Canonical, cell(c.Name),
					row.TClauses, count(o.InputCubes), pf, resultCubes(o), ps, resultSecs(o))
				if hasRef {
					r, ok := ix.get("chess", in, c.Name, Reference)
					if ok {
						p(" %s | %s |", resultCubes(r), resultSecs(r))
					} else {
						p(" — | — |")
					}
				}
				p("\n")
			}
		}
		if n == 0 {
			cols := 9
			if hasRef {
				cols += 2
			}
			p("| (no chess run matches a row of this table) |%s\n", strings.Repeat(" |", cols-1))
		}
		p("\n")
	}
	p("## Chess tables and the paper\n\n")
	p("The chess tables are generated by `chess2pla` (generation time is not counted). Its\n")
	p("canonicalization is not the paper's, which the paper does not publish: compare the T columns.\n\n")
	table("Table 3 (2 and 3 pieces)", paper.Table3,
		"Canonical rows are the paper's \"acanonical as don't care\" = true.")
	table("Table 4 (canonical, up to 4 pieces)", paper.Table4,
		"The paper gives Table 4's times in hours; they are converted to seconds here.")

	p("### Beside the paper's Table 5\n\n")
	p("Uncompressed PCN is 8 bytes per clause of F after compaction, expansion and irredundancy\n")
	p("(condition compact_expand_irred) on the canonical table.\n\n")
	p("| material | uncompressed PCN bytes paper | ours | compressed PCN bytes paper | Syzygy WDL bytes |\n")
	p("| --- | --- | --- | --- | --- |\n")
	n := 0
	for _, b := range paper.Table5 {
		in, ok := chessRow(b.Material, true)
		if !ok {
			continue
		}
		o, ok := ix.get("chess", in, "compact_expand_irred", Ours)
		if !ok {
			continue
		}
		n++
		ours := string(o.Status)
		if o.Status == StatusOK {
			ours = fmt.Sprint(8 * o.Cubes)
		}
		p("| %s | %s | %s | %s | %s |\n", cell(b.Material), cell(b.Uncompressed), ours, cell(b.Compressed), cell(b.Syzygy))
	}
	if n == 0 {
		p("| (no canonical chess run under compact_expand_irred) | | | | |\n")
	}
	p("\n")
}

func resultCubes(r Result) string {
	if r.Status != StatusOK {
		return string(r.Status)
	}
	return count(r.Cubes)
}

func resultSecs(r Result) string {
	if r.Status == StatusTimeout {
		return "> " + secs(r.WallS)
	}
	if r.Status != StatusOK {
		return "—"
	}
	return secs(r.WallS)
}

func statusCell(r Result) string {
	if r.Status == StatusOK {
		return "ok"
	}
	if r.Err != "" {
		return fmt.Sprintf("%s: %s", r.Status, cell(clip(r.Err, 60)))
	}
	return string(r.Status)
}

func count(n int) string {
	if n < 0 {
		return "—"
	}
	return fmt.Sprint(n)
}

func strconvI(n int) string { return fmt.Sprint(n) }

// secs formats seconds with three significant digits at most, at least 0.001.
func secs(s float64) string {
	switch {
	case s >= 100:
		return fmt.Sprintf("%.0f", s)
	case s >= 10:
		return fmt.Sprintf("%.1f", s)
	case s >= 1:
		return fmt.Sprintf("%.2f", s)
	}
	return fmt.Sprintf("%.3f", s)
}

func ratio(x float64) string {
	if x <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f", x)
}

func mib(kb int64) string {
	if kb <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f", float64(kb)/1024)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// cell escapes s for a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	return strings.ReplaceAll(s, "|", "\\|")
}

func code(s string) string {
	if s == "" {
		return "(none)"
	}
	return "`" + cell(s) + "`"
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// errWriter keeps the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
