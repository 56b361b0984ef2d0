package bench

import (
	"fmt"
	"strings"
)

// PlotPoint is one point of the time-against-cubes plot.
type PlotPoint struct {
	Series    string // Ours, Reference or PaperSeries: the marker's shape
	Condition string // the processing condition: the marker's colour
	Cubes     int    // cubes in the output cover
	Seconds   float64
	Label     string // the point's tooltip
	Name      string // drawn beside the point on a named point, else ""
}

// PaperSeries is the series name of the paper's points.
const PaperSeries = "paper"

// namedCondition is the condition whose chess points the plot names: full ESPRESSO, the
// one every binary runs.
const namedCondition = "espresso"

// PlotPoints gathers the points of the plot: every finished run of ours and of the
// reference, and every figure of the paper's Tables 3 and 4 (when paper is not nil)
// except those without a time (Table 4's 0.000 h).
//
// The named points, whose names the plot draws, are the chess tables under full ESPRESSO
// (condition espresso) that the runs measured: ours, the reference's, and the paper's
// figure for the same table. A table's name is its material, with "/c" when canonical.
func PlotPoints(results []Result, paper *Paper) []PlotPoint {
	var pts []PlotPoint
	measured := map[string]bool{} // the names of the chess tables ours ran under namedCondition
	for _, r := range results {
		if r.Status != StatusOK || r.Cubes < 0 {
			continue
		}
		pt := PlotPoint{Series: r.Binary, Condition: r.Condition, Cubes: r.Cubes, Seconds: r.WallS,
			Label: fmt.Sprintf("%s %s %s %s: %d cubes, %.3f s", r.Binary, r.Suite, r.Input, r.Condition, r.Cubes, r.WallS)}
		if r.Suite == "chess" && r.Condition == namedCondition {
			pt.Name = tableName(r.Material, r.Canonical)
			measured[pt.Name] = true
		}
		pts = append(pts, pt)
	}
	if paper == nil {
		return pts
	}
	for ti, rows := range [][]PaperRow{paper.Table3, paper.Table4} {
		for _, row := range rows {
			for _, c := range BuiltinConditions() {
				f, ok := row.Figures[c.Name]
				if !ok || f.Note != "" || f.Seconds <= 0 {
					continue
				}
				canon := ""
				if row.Canonical {
					canon = " canonical"
				}
				pt := PlotPoint{Series: PaperSeries, Condition: c.Name, Cubes: f.F, Seconds: f.Seconds,
					Label: fmt.Sprintf("paper Table %d %s%s %s: %d cubes, %.3f s", ti+3, row.Material, canon, c.Name, f.F, f.Seconds)}
				if name := tableName(row.Material, row.Canonical); c.Name == namedCondition && measured[name] {
					pt.Name = name
				}
				pts = append(pts, pt)
			}
		}
	}
	return pts
}

// tableName names a chess table on the plot: its material, with "/c" when canonical.
func tableName(material string, canonical bool) string {
	if canonical {
		return material + "/c"
	}
	return material
}

// ReferenceName returns the name the plot's legend gives the reference binary: ESPRESSO
// 2.3 when the report's description of it says so.
func ReferenceName(meta Meta) string {
	if strings.Contains(meta.Reference, "Version #2.3") {
		return "ESPRESSO 2.3"
	}
	return "reference binary"
}
