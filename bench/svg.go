package bench

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
)

// Plot geometry, in SVG user units: the plot's frame, with the legend to its right.
const (
	plotW, plotH                       = 1000, 580
	marginL, marginR, marginT, marginB = 72, 290, 44, 84
	plotPad                            = 8    // between the frame and the points at its edges
	minPlotSeconds                     = 1e-3 // times below are drawn at this value
)

// conditionColours are the colours of the conditions: the built-in ones in their order,
// then the others as they come.
var conditionColours = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
	"#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

// seriesMarkers is the marker of each series, in legend order: filled for the runs on this
// machine, hollow for the paper's, measured on another.
var seriesMarkers = []struct{ series, marker string }{
	{Ours, "circle"},
	{Reference, "square"},
	{PaperSeries, "triangle"},
}

// WriteSVG draws the points on log-log axes, the cubes of the output cover across and the
// seconds up, as a self-contained SVG document: one colour per condition, one marker per
// series (ours, the reference, named reference in the legend, and the paper's, hollow: they
// were measured on another machine), the named points' names beside them. Cubes below 1
// are drawn at 1 and times below a millisecond at a millisecond.
func WriteSVG(w io.Writer, title, reference string, pts []PlotPoint) error {
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
	// The decades span the frame less plotPad at each end.
	dw, dh := iw-2*plotPad, ih-2*plotPad
	xOfDecade := func(v float64) float64 { return marginL + plotPad + (v-float64(x0))/float64(x1-x0)*dw }
	yOfDecade := func(v float64) float64 { return marginT + ih - plotPad - (v-float64(y0))/float64(y1-y0)*dh }
	xOf := func(c int) float64 { return xOfDecade(math.Log10(math.Max(float64(c), 1))) }
	yOf := func(s float64) float64 { return yOfDecade(math.Log10(math.Max(s, minT))) }
	colours := colourOf(pts)

	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotW, plotH, plotW, plotH)
	p(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	p(`<text x="%.1f" y="26" text-anchor="middle" font-size="15">%s</text>`+"\n", marginL+iw/2, esc(title))
	// Grid and ticks.
	for e := x0; e <= x1; e++ {
		x := xOfDecade(float64(e))
		p(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", x, marginT, x, marginT+ih)
		p(`<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", x, marginT+ih+18, esc(decade(e)))
	}
	for e := y0; e <= y1; e++ {
		y := yOfDecade(float64(e))
		p(`<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", marginL, y, marginL+iw, y)
		p(`<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", marginL-6, y+4, esc(decade(e)))
	}
	p(`<rect x="%d" y="%d" width="%.0f" height="%.0f" fill="none" stroke="black"/>`+"\n", marginL, marginT, iw, ih)
	p(`<text x="%.1f" y="%.1f" text-anchor="middle" font-size="13">cubes in the output cover (log scale)</text>`+"\n", marginL+iw/2, marginT+ih+40)
	p(`<text x="%.1f" y="%.1f" text-anchor="middle" font-size="11" fill="#555">0 cubes are drawn at 1, times under 1 ms at 1 ms; /c: a canonical table.</text>`+"\n",
		marginL+iw/2, marginT+ih+60)
	p(`<text x="20" y="%.1f" text-anchor="middle" font-size="13" transform="rotate(-90 20 %.1f)">wall time, seconds (log scale)</text>`+"\n", marginT+ih/2, marginT+ih/2)

	// Points: the paper's first (behind), then the reference's, then ours.
	for i := len(seriesMarkers) - 1; i >= 0; i-- {
		sm := seriesMarkers[i]
		p(`<g class="%s">`+"\n", esc(sm.series))
		for _, pt := range pts {
			if pt.Series == sm.series {
				marker(ew, sm.marker, colours[pt.Condition], xOf(pt.Cubes), yOf(pt.Seconds), pt.Label)
			}
		}
		p("</g>\n")
	}
	// The named points' names, placed where they overlap neither each other nor the frame.
	var named []placedPoint
	for _, pt := range pts {
		if pt.Name != "" {
			named = append(named, placedPoint{pt.Name, xOf(pt.Cubes), yOf(pt.Seconds)})
		}
	}
	p(`<g font-size="11" fill="#222">` + "\n")
	for _, l := range placeLabels(named, box{marginL, marginT, marginL + iw, marginT + ih}) {
		if l.leader {
			p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-width="0.7"/>`+"\n", l.px, l.py, l.ax, l.ay)
		}
		p(`<text x="%.1f" y="%.1f" stroke="white" stroke-width="3" paint-order="stroke">%s</text>`+"\n", l.x, l.y, esc(l.text))
	}
	p("</g>\n")

	writeLegend(ew, pts, colours, reference, marginL+iw+18, marginT)
	p("</svg>\n")
	return ew.err
}

// colourOf gives each condition of pts its colour: the built-in conditions theirs, in
// their order, whether or not they have points; the others the next ones.
func colourOf(pts []PlotPoint) map[string]string {
	colours := map[string]string{}
	n := 0
	add := func(cond string) {
		if _, ok := colours[cond]; !ok {
			colours[cond] = conditionColours[n%len(conditionColours)]
			n++
		}
	}
	for _, c := range BuiltinConditions() {
		add(c.Name)
	}
	for _, pt := range pts {
		add(pt.Condition)
	}
	return colours
}

// writeLegend draws the legend with its top left corner at (x, y): the colours of the
// conditions that have points, then the markers of the series.
func writeLegend(ew *errWriter, pts []PlotPoint, colours map[string]string, reference string, x, y float64) {
	p := ew.printf
	count := map[string]int{}
	var conds []string
	for _, pt := range pts {
		if count[pt.Condition] == 0 {
			conds = append(conds, pt.Condition)
		}
		count[pt.Condition]++
		count["series "+pt.Series]++
	}
	order, args := map[string]int{}, map[string]string{}
	for i, c := range BuiltinConditions() {
		order[c.Name] = i - len(BuiltinConditions())
		args[c.Name] = c.ArgString()
	}
	sortStable(conds, func(a, b string) bool { return order[a] < order[b] })

	p(`<g font-size="12">` + "\n")
	p(`<text x="%.1f" y="%.1f" font-weight="bold">condition (colour)</text>`+"\n", x, y+4)
	y += 22
	for _, c := range conds {
		p(`<rect x="%.1f" y="%.1f" width="12" height="12" fill="%s"/>`, x, y-6, colours[c])
		p(`<text x="%.1f" y="%.1f">%s (%d)</text>`+"\n", x+20, y+4, esc(c), count[c])
		if a, ok := args[c]; ok {
			y += 14
			p(`<text x="%.1f" y="%.1f" font-size="11" fill="#555">espresso %s</text>`+"\n", x+20, y+4, esc(a))
		}
		y += 20
	}
	y += 14
	p(`<text x="%.1f" y="%.1f" font-weight="bold">measured by (marker)</text>`+"\n", x, y+4)
	y += 22
	names := map[string]string{
		Ours:        "ours, on this machine",
		Reference:   reference + ", on this machine",
		PaperSeries: "the paper, on another machine",
	}
	for _, sm := range seriesMarkers {
		marker(ew, sm.marker, "#555", x+6, y, "")
		p(`<text x="%.1f" y="%.1f">%s (%d)</text>`+"\n", x+20, y+4, esc(names[sm.series]), count["series "+sm.series])
		y += 18
	}
	p(`<text x="%.1f" y="%.1f" font-size="11" fill="#555">(the paper: its Tables 3 and 4,</text>`+"\n", x+20, y+2)
	p(`<text x="%.1f" y="%.1f" font-size="11" fill="#555">an i7-9700, one core per job)</text>`+"\n", x+20, y+16)
	p("</g>\n")
}

// sortStable sorts s stably by less.
func sortStable(s []string, less func(a, b string) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// marker draws one marker of the colour given centred on (x, y), with an optional
// tooltip: the paper's triangles hollow, the others filled.
func marker(ew *errWriter, kind, colour string, x, y float64, label string) {
	tip := ""
	if label != "" {
		tip = "<title>" + esc(label) + "</title>"
	}
	switch kind {
	case "square":
		ew.printf(`<rect x="%.1f" y="%.1f" width="7" height="7" fill="%s" fill-opacity="0.75" stroke="%s">%s</rect>`+"\n",
			x-3.5, y-3.5, colour, colour, tip)
	case "triangle":
		ew.printf(`<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f" fill="none" stroke="%s" stroke-width="1.4">%s</polygon>`+"\n",
			x, y-5, x-5, y+4, x+5, y+4, colour, tip)
	default:
		ew.printf(`<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s" fill-opacity="0.6" stroke="%s">%s</circle>`+"\n",
			x, y, colour, colour, tip)
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
