package benchmark

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
)

// PlotPoint is one point of the time-against-cubes plot.
type PlotPoint struct {
	Series  string // Ours, Reference or "paper"
	Cubes   int
	Seconds float64
	Label   string // shown as the point's tooltip
}

// PaperSeries is the series name of the paper's points.
const PaperSeries = "paper"

// PlotPoints gathers the points of the plot: every finished run of ours and of
// the reference, and every figure of the paper's Tables 3 and 4 (when paper
// is not nil) except those without a time (Table 4's 0.000 h).
func PlotPoints(results []Result, paper *Paper) []PlotPoint {
	var pts []PlotPoint
	for _, r := range results {
		if r.Status != StatusOK || r.Cubes < 0 {
			continue
		}
		pts = append(pts, PlotPoint{r.Binary, r.Cubes, r.WallS,
			fmt.Sprintf("%s %s %s %s: %d cubes, %.3f s", r.Binary, r.Suite, r.Input, r.Condition, r.Cubes, r.WallS)})
	}
	if paper != nil {
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
					pts = append(pts, PlotPoint{PaperSeries, f.F, f.Seconds,
						fmt.Sprintf("paper Table %d %s%s %s: %d cubes, %.3f s", ti+3, row.Material, canon, c.Name, f.F, f.Seconds)})
				}
			}
		}
	}
	return pts
}

// Plot geometry, in SVG user units.
const (
	plotW, plotH                       = 720, 480
	marginL, marginR, marginT, marginB = 70, 20, 40, 60
	minPlotSeconds                     = 1e-3 // times below are drawn at this value
)

// seriesStyle is the colour and the marker of each series, in legend order.
var seriesStyle = []struct{ name, colour, marker string }{
	{Ours, "#1f77b4", "circle"},
	{Reference, "#ff7f0e", "square"},
	{PaperSeries, "#2ca02c", "triangle"},
}

// WriteSVG draws the points on log-log axes, cubes across and seconds up,
// as a self-contained SVG document. Cubes below 1 are drawn at 1 and times
// below a millisecond at a millisecond.
func WriteSVG(w io.Writer, title string, pts []PlotPoint) error {
	ew := &errWriter{w: w}
	p := ew.printf
	maxC, minT, maxT := 10.0, minPlotSeconds, 1.0
	for _, pt := range pts {
		maxC = math.Max(maxC, float64(pt.Cubes))
		maxT = math.Max(maxT, pt.Seconds)
	}
	x0, x1 := 0, int(math.Ceil(math.Log10(maxC)))
	y0, y1 := int(math.Floor(math.Log10(minT))), int(math.Ceil(math.Log10(maxT)))
	iw, ih := float64(plotW-marginL-marginR), float64(plotH-marginT-marginB)
	xOf := func(c int) float64 {
		v := math.Log10(math.Max(float64(c), 1))
		return marginL + (v-float64(x0))/float64(x1-x0)*iw
	}
	yOf := func(s float64) float64 {
		v := math.Log10(math.Max(s, minT))
		return marginT + ih - (v-float64(y0))/float64(y1-y0)*ih
	}

	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotW, plotH, plotW, plotH)
	p(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	p(`<text x="%d" y="24" text-anchor="middle" font-size="15">%s</text>`+"\n", plotW/2, esc(title))
	// Grid and ticks.
	for e := x0; e <= x1; e++ {
		x := marginL + float64(e-x0)/float64(x1-x0)*iw
		p(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", x, marginT, x, marginT+ih)
		p(`<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", x, marginT+ih+18, esc(decade(e)))
	}
	for e := y0; e <= y1; e++ {
		y := marginT + ih - float64(e-y0)/float64(y1-y0)*ih
		p(`<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", marginL, y, marginL+iw, y)
		p(`<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", marginL-6, y+4, esc(decade(e)))
	}
	p(`<rect x="%d" y="%d" width="%.0f" height="%.0f" fill="none" stroke="black"/>`+"\n", marginL, marginT, iw, ih)
	p(`<text x="%.1f" y="%d" text-anchor="middle">cubes in F (log scale)</text>`+"\n", marginL+iw/2, plotH-15)
	p(`<text x="18" y="%.1f" text-anchor="middle" transform="rotate(-90 18 %.1f)">wall time, seconds (log scale)</text>`+"\n", marginT+ih/2, marginT+ih/2)
	// Points, one group per series.
	for _, st := range seriesStyle {
		p(`<g fill="%s" fill-opacity="0.6" stroke="%s">`+"\n", st.colour, st.colour)
		for _, pt := range pts {
			if pt.Series == st.name {
				marker(ew, st.marker, xOf(pt.Cubes), yOf(pt.Seconds), pt.Label)
			}
		}
		p("</g>\n")
	}
	// Legend, bottom right: few runs take long for few cubes.
	lx := marginL + iw - 176
	ly := marginT + ih - 16.0*float64(len(seriesStyle)) - 4
	p(`<rect x="%.1f" y="%.1f" width="170" height="%.0f" fill="white" fill-opacity="0.8" stroke="#999"/>`+"\n",
		lx, ly-12, 18.0*float64(len(seriesStyle)))
	for _, st := range seriesStyle {
		n := 0
		for _, pt := range pts {
			if pt.Series == st.name {
				n++
			}
		}
		p(`<g fill="%s" stroke="%s">`, st.colour, st.colour)
		marker(ew, st.marker, lx+12, ly, "")
		p("</g>")
		p(`<text x="%.1f" y="%.1f">%s (%d points)</text>`+"\n", lx+22, ly+4, esc(st.name), n)
		ly += 18
	}
	p("</svg>\n")
	return ew.err
}

// marker draws one marker centred on (x, y) with an optional tooltip.
func marker(ew *errWriter, kind string, x, y float64, label string) {
	tip := ""
	if label != "" {
		tip = "<title>" + esc(label) + "</title>"
	}
	switch kind {
	case "square":
		ew.printf(`<rect x="%.1f" y="%.1f" width="7" height="7">%s</rect>`+"\n", x-3.5, y-3.5, tip)
	case "triangle":
		ew.printf(`<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f">%s</polygon>`+"\n", x, y-4.5, x-4.5, y+3.5, x+4.5, y+3.5, tip)
	default:
		ew.printf(`<circle cx="%.1f" cy="%.1f" r="3.5">%s</circle>`+"\n", x, y, tip)
	}
}

// decade labels 10^e.
func decade(e int) string {
	if e >= 0 && e <= 4 {
		return fmt.Sprint(int(math.Pow10(e)))
	}
	if e < 0 && e >= -3 {
		return strings.TrimRight(fmt.Sprintf("%.*f", -e, math.Pow10(e)), "0")
	}
	return fmt.Sprintf("1e%d", e)
}

// esc escapes s for XML text and attributes.
func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) //nolint:errcheck // strings.Builder does not fail
	return b.String()
}
