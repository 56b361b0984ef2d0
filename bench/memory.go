package bench

import (
	"math"
	"sort"
)

// The memory section of the report: each run whose reference took
// memoryFromS or more, or which is a chess table, with the peaks of ours
// and of the reference and their ratio, and how many are within the bound
// ESPRESSO's drop-in use asks for (memoryRatioBound times the reference's
// peak, or memoryFloorKB whatever the reference's).

const (
	// memoryFromS is the reference's wall time from which a suite run is
	// listed: below it both peaks are the programs' start-up.
	memoryFromS = 0.1
	// memoryRatioBound and memoryFloorKB are the bound a peak of ours is
	// held to: at most twice the reference's, or 20 MiB.
	memoryRatioBound = 2.0
	memoryFloorKB    = 20 << 10
)

// memoryRow is one run in the memory section.
type memoryRow struct {
	suite, input, cond string
	oursKB, refKB      int64
	refWallS           float64
}

func (m memoryRow) ratio() float64 { return float64(m.oursKB) / float64(m.refKB) }

func (m memoryRow) within() bool {
	return m.oursKB <= memoryFloorKB || m.ratio() <= memoryRatioBound
}

// memoryRows returns the runs the memory section lists: both ok, with a
// peak each, the reference taking memoryFromS or more or the input a chess
// table; the largest reference peaks first.
func memoryRows(ix *index, conds []Condition) []memoryRow {
	var rows []memoryRow
	for _, suite := range ix.suites {
		for _, in := range ix.inputs[suite] {
			for _, c := range conds {
				o, ok1 := ix.get(suite, in, c.Name, Ours)
				r, ok2 := ix.get(suite, in, c.Name, Reference)
				if !ok1 || !ok2 || o.Status != StatusOK || r.Status != StatusOK || o.MaxRSSKB <= 0 || r.MaxRSSKB <= 0 {
					continue
				}
				if r.WallS < memoryFromS && suite != "chess" {
					continue
				}
				rows = append(rows, memoryRow{suite, in, c.Name, o.MaxRSSKB, r.MaxRSSKB, r.WallS})
			}
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].refKB > rows[j].refKB })
	return rows
}

// memory writes the memory section, when a reference ran.
func (rep *report) memory() {
	if !rep.hasRef {
		return
	}
	rows := memoryRows(rep.ix, rep.conds)
	if len(rows) == 0 {
		return
	}
	p := rep.p
	p("## Peak memory\n\n")
	within, logSum, worst := 0, 0.0, rows[0]
	for _, m := range rows {
		if m.within() {
			within++
		}
		logSum += math.Log(m.ratio())
		if m.ratio() > worst.ratio() {
			worst = m
		}
	}
	p("Runs where the reference took %.1f s or more, and the chess tables: %d, of which %d peak at\n", memoryFromS, len(rows), within)
	p("most %.0f× the reference's or %d MiB; peak ours / reference %s (geometric mean), largest %s (%s, %s).\n\n",
		memoryRatioBound, memoryFloorKB>>10, ratio(math.Exp(logSum/float64(len(rows)))), ratio(worst.ratio()), cell(worst.input), cell(worst.cond))
	p("| suite | input | condition | reference s | peak MiB ours | peak MiB ref | ours / ref | within |\n")
	p("| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, m := range rows {
		w := "yes"
		if !m.within() {
			w = "no"
		}
		p("| %s | %s | %s | %s | %s | %s | %s | %s |\n", cell(m.suite), cell(m.input), cell(m.cond), secs(m.refWallS),
			mib(m.oursKB), mib(m.refKB), ratio(m.ratio()), w)
	}
	p("\n")
}
