package bench

import (
	"io"
	"math"
)

// Geometry of the bytes-per-table plot, in SVG user units.
const (
	tableW, tableH             = 1000, 520
	tableMarginL, tableMarginR = 72, 20
	tableMarginT, tableMarginB = 64, 80
	minTableBytes              = 10 // bytes below are drawn at this value
)

// tableSeries are the bars of each table, left to right: name, colour, and the bytes.
var tableSeries = []struct {
	name, colour string
	bytes        func(TableRow) int
}{
	{"ours", "#1f77b4", func(r TableRow) int { return r.Bytes }},
	{"paper (compressed PCN)", "#ff7f0e", func(r TableRow) int { return r.PaperBytes }},
	{"Syzygy (WDL)", "#2ca02c", func(r TableRow) int { return r.SyzygyBytes }},
}

// WriteTableSVG draws the bytes of each table as three bars on a log scale — ours, the
// paper's compressed PCN and Syzygy's WDL file — as a self-contained SVG document. A
// missing figure (0: the paper has no row) has no bar.
func WriteTableSVG(w io.Writer, title string, rows []TableRow) error {
	ew := &errWriter{w: w}
	p := ew.printf
	maxB := 1000.0
	for _, r := range rows {
		for _, s := range tableSeries {
			maxB = math.Max(maxB, float64(s.bytes(r)))
		}
	}
	y0, y1 := int(math.Log10(minTableBytes)), int(math.Ceil(math.Log10(maxB)))
	iw, ih := float64(tableW-tableMarginL-tableMarginR), float64(tableH-tableMarginT-tableMarginB)
	yOf := func(b float64) float64 {
		v := math.Log10(math.Max(b, minTableBytes))
		return tableMarginT + ih - (v-float64(y0))/float64(y1-y0)*ih
	}
	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", tableW, tableH, tableW, tableH)
	p(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	p(`<text x="%.1f" y="24" text-anchor="middle" font-size="15">%s</text>`+"\n", tableMarginL+iw/2, esc(title))
	for e := y0; e <= y1; e++ {
		y := yOf(math.Pow(10, float64(e)))
		p(`<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", tableMarginL, y, tableMarginL+iw, y)
		p(`<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", tableMarginL-6, y+4, esc(decade(e)))
	}
	p(`<text x="20" y="%.1f" text-anchor="middle" font-size="13" transform="rotate(-90 20 %.1f)">bytes (log scale)</text>`+"\n",
		tableMarginT+ih/2, tableMarginT+ih/2)
	// Legend, above the frame.
	for i, s := range tableSeries {
		x := tableMarginL + float64(i)*200
		p(`<rect x="%.1f" y="38" width="12" height="12" fill="%s"/>`+"\n", x, s.colour)
		p(`<text x="%.1f" y="48">%s</text>`+"\n", x+18, esc(s.name))
	}
	if len(rows) > 0 {
		group := iw / float64(len(rows))
		bar := group * 0.8 / float64(len(tableSeries))
		for i, r := range rows {
			gx := tableMarginL + float64(i)*group + group*0.1
			for j, s := range tableSeries {
				b := s.bytes(r)
				if b <= 0 {
					continue
				}
				y := yOf(float64(b))
				p(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %s: %d bytes</title></rect>`+"\n",
					gx+float64(j)*bar, y, bar, tableMarginT+ih-y, s.colour, esc(r.Material), esc(s.name), b)
			}
			cx, ly := gx+group*0.4, tableMarginT+ih+8
			p(`<text x="%.1f" y="%.1f" text-anchor="end" font-size="11" transform="rotate(-60 %.1f %.1f)">%s</text>`+"\n",
				cx+4, ly+4, cx+4, ly+4, esc(r.Material))
		}
	}
	p(`<rect x="%d" y="%d" width="%.0f" height="%.0f" fill="none" stroke="black"/>`+"\n", tableMarginL, tableMarginT, iw, ih)
	p("</svg>\n")
	return ew.err
}
