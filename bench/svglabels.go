package bench

import (
	"math"
	"strings"
)

// Label geometry, in SVG user units, for text of font size 11.
const (
	labelCharW = 6.2 // the width of a character, about
	labelH     = 11  // the height of a line
	labelGap   = 7   // from a point to the nearest corner of its label
	labelStep  = 13  // how much farther each ring of places is
	labelRings = 5   // rings of places tried before a label goes where it overlaps
	labelMerge = 4   // points nearer than this share one label
)

// placedPoint is a named point at its place on the plot.
type placedPoint struct {
	name string
	x, y float64
}

// box is a rectangle: left, top, right, bottom.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlaps(b box) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func (a box) inside(b box) bool {
	return a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1
}

// label is a placed name: its text's baseline start (x, y), and when it stands away from
// its point (px, py), a leader line from the point to (ax, ay) on the label.
type label struct {
	text           string
	x, y           float64
	px, py, ax, ay float64
	leader         bool
}

// placeLabels places the names of pts inside frame: points at one place share a label
// ("Kk, KBk"); each label goes to the first place, nearest first, that overlaps no label
// placed before and no named point; where none does within labelRings rings, to the
// right of its point.
func placeLabels(pts []placedPoint, frame box) []label {
	type group struct {
		names []string
		x, y  float64
	}
	var groups []*group
	for _, pt := range pts {
		var g *group
		for _, h := range groups {
			if math.Hypot(h.x-pt.x, h.y-pt.y) < labelMerge {
				g = h
				break
			}
		}
		if g == nil {
			g = &group{x: pt.x, y: pt.y}
			groups = append(groups, g)
		}
		if !contains(g.names, pt.name) {
			g.names = append(g.names, pt.name)
		}
	}
	var taken []box
	for _, g := range groups {
		taken = append(taken, box{g.x - 4, g.y - 4, g.x + 4, g.y + 4})
	}
	var labels []label
	for gi, g := range groups {
		text := strings.Join(g.names, ", ")
		w := labelCharW * float64(len(text))
		best, found := box{}, false
		for ring := 0; ring < labelRings && !found; ring++ {
			d := labelGap + labelStep*float64(ring)
			// Right, left, above, below, then the corners.
			for _, c := range [][2]float64{{d, -labelH / 2}, {-d - w, -labelH / 2}, {-w / 2, -d - labelH}, {-w / 2, d},
				{d, -d - labelH}, {d, d}, {-d - w, -d - labelH}, {-d - w, d}} {
				b := box{g.x + c[0], g.y + c[1], g.x + c[0] + w, g.y + c[1] + labelH}
				if !b.inside(frame) {
					continue
				}
				free := true
				for ti, t := range taken {
					if ti != gi && b.overlaps(t) {
						free = false
						break
					}
				}
				if free {
					best, found = b, true
					break
				}
			}
		}
		if !found {
			best = box{g.x + labelGap, g.y - labelH/2, g.x + labelGap + w, g.y + labelH/2}
		}
		taken = append(taken, best)
		l := label{text: text, x: best.x0, y: best.y1 - 1, px: g.x, py: g.y}
		// The leader meets the label's nearest point.
		l.ax, l.ay = clamp(g.x, best.x0, best.x1), clamp(g.y, best.y0, best.y1)
		l.leader = math.Hypot(l.ax-g.x, l.ay-g.y) > labelGap+labelStep/2
		labels = append(labels, l)
	}
	return labels
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
