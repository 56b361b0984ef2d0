package bench

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
)

// fixture builds results by a stated rule: inputs a and b of suite s under
// condition espresso; the reference takes 0.1 s (a) and 0.4 s (b), ours twice
// as long; ours has one cube fewer than the reference on a and as many on b;
// plus the canonical chess table KQk with 204 cubes under
// compact_expand_irred (ours only) and a failed non-canonical KQk run.
func fixture() []Result {
	args := map[string]string{"espresso": "", "compact_expand_irred": "-ecompact -efast"}
	mk := func(suite, input, mat string, canon bool, cond, bin string, cubes int, wall float64) Result {
		return Result{Suite: suite, Input: input, Material: mat, Canonical: canon, Condition: cond, Args: args[cond], Binary: bin,
			InputCubes: 100, Status: StatusOK, Cubes: cubes, Literals: 3 * cubes, WallS: wall, CPUS: wall,
			MaxRSSKB: 2048, Verified: VerifiedYes}
	}
	// Our output on b is identical to the reference's, on a it is not.
	failed := mk("chess", "KQk", "KQk", false, "compact_expand_irred", Ours, -1, 30)
	failed.Status, failed.Err, failed.Cubes, failed.Verified = StatusTimeout, "timed out after 30s", -1, VerifiedNA
	return []Result{
		same(mk("s", "a", "", false, "espresso", Ours, 9, 0.2), "no"),
		mk("s", "a", "", false, "espresso", Reference, 10, 0.1),
		same(mk("s", "b", "", false, "espresso", Ours, 20, 0.8), "yes"),
		mk("s", "b", "", false, "espresso", Reference, 20, 0.4),
		mk("chess", "KQk-canonical", "KQk", true, "compact_expand_irred", Ours, 204, 30),
		failed,
	}
}

func same(r Result, s string) Result {
	r.SameOutput = s
	return r
}

// fixturePaper holds the paper's rows for KQk as testdata/paper has them.
func fixturePaper() *Paper {
	return &Paper{
		Table3: []PaperRow{{Material: "KQk", Canonical: true, TClauses: 24851,
			Figures: map[string]PaperFigure{"compact": {Seconds: 19.1, F: 4586}}}},
		Table4: []PaperRow{{Material: "KQk", Canonical: true, TClauses: 24851,
			Figures: map[string]PaperFigure{"compact_expand_irred": {Seconds: 0.009 * 3600, F: 204}}},
			{Material: "KPkp", Canonical: true, TClauses: 3720494,
				Figures: map[string]PaperFigure{"compact_expand_irred": {Note: "assertion failure"}}}},
		Table5: []PaperBytes{{Material: "KQk", Uncompressed: "1632", Compressed: "748", Syzygy: "272", UncompressedN: 1632}},
	}
}

func TestWriteMarkdown(t *testing.T) {
	var b bytes.Buffer
	meta := Meta{Date: "2026-01-02T03:04:05Z", CPU: "Test CPU", Cores: 2, GoVersion: "go1.26", OSArch: "linux/amd64",
		Command: "go run ./cmd/bench"}
	if err := WriteMarkdown(&b, meta, fixture(), fixturePaper(), "plot.svg"); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"| machine | Test CPU, 2 logical CPUs, linux/amd64 |",
		"| Go | go1.26 |",
		"| date | 2026-01-02T03:04:05Z |",
		// ours 1 fewer / 1 same; sums 29 / 30 cubes, 87 / 90 literals; 1.0 / 0.5 s; ratio 2.
		"| espresso | 2 / 2 | 2 / 0 | 2 / 2 | 2 | 1 | 29 / 30 | 87 / 90 | 1 / 1 / 0 | 1.00 / 0.500 | 2.00 | 2.00 | 2.0 / 2.0 |",
		"| a | espresso | 100 | ok | 9 | 0.200 | 2.0 | yes | ok | 10 | 0.100 | 2.0 | 2.00 | no |",
		// The condition table counts the timeout of ours.
		"| compact_expand_irred | `-ecompact -efast` | compaction, expansion, then irredundancy | 1 / 0 / 1 | works; some runs over the time limit |",
		// Table 4 beside ours: 0.009 h = 32.4 s.
		"| KQk | true | compact_expand_irred | 24851 | 100 | 204 | 204 | 32.4 | 30.0 | — | — |",
		// Table 5: 8 bytes per cube of ours.
		"| KQk | 1632 | 1632 | 748 | 272 |",
		"![time against cubes](plot.svg)",
		"- s, espresso: ours finished 2 of 2 runs (2 verified equivalent, 0 found different); of the 2 the reference finished too, ours printed the same bytes on 1, fewer cubes on 1, more on 0; time ours / reference 2.00 (geometric mean).",
		"- chess, compact_expand_irred: ours finished 1 of 2 runs (1 verified equivalent, 0 found different).",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(md, "KPkp") {
		t.Error("report shows a paper row without a chess run")
	}
	if t.Failed() {
		t.Logf("report:\n%s", md)
	}
}

// The SVG is well-formed XML with one marker per finished run and per paper figure with
// numbers: circles for ours, squares for the reference, hollow triangles for the paper (the
// legend adds one of each), each in its condition's colour; the axes say what they show.
func TestWriteSVG(t *testing.T) {
	pts := PlotPoints(fixture(), fixturePaper())
	var b bytes.Buffer
	if err := WriteSVG(&b, "t <&>", "ESPRESSO 2.3", pts); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	counts := map[string]int{}
	fills := map[string]int{} // colours of the markers of the points
	dec := xml.NewDecoder(&b)
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			counts[se.Name.Local]++
			for _, a := range se.Attr {
				if a.Name.Local == "stroke" && (se.Name.Local == "circle" || se.Name.Local == "polygon") {
					fills[a.Value]++
				}
			}
		}
	}
	// ours: a, b, KQk-canonical = 3 (+1 legend); reference: a, b = 2 (+1 legend, +2 rects:
	// background and frame, +1 colour swatch per condition with points: espresso,
	// compact_expand_irred, compact); paper: 2 figures with numbers (+1 legend).
	if counts["circle"] != 4 || counts["rect"] != 8 || counts["polygon"] != 3 {
		t.Errorf("got %d circles, %d rects, %d polygons; want 4, 8, 3", counts["circle"], counts["rect"], counts["polygon"])
	}
	for _, want := range []string{"cubes in the output cover", "seconds (log scale)", "the paper, on another machine",
		"ESPRESSO 2.3, on this machine", `fill="none"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	if len(fills) < 3 {
		t.Errorf("markers in %d colours, want one per condition (3)", len(fills))
	}
}

// TestPlotPointsNamed: the chess tables ours ran under full ESPRESSO are named, and the
// paper's figures for the same tables; nothing else is.
func TestPlotPointsNamed(t *testing.T) {
	mk := func(suite, mat string, canon bool, cond, bin string) Result {
		return Result{Suite: suite, Input: mat, Material: mat, Canonical: canon, Condition: cond, Binary: bin,
			Status: StatusOK, Cubes: 5, WallS: 1}
	}
	results := []Result{
		mk("chess", "KQk", true, "espresso", Ours),
		mk("chess", "KQk", true, "espresso", Reference),
		mk("chess", "KQk", true, "expand", Ours),
		mk("s", "", false, "espresso", Ours),
	}
	paper := &Paper{Table3: []PaperRow{
		{Material: "KQk", Canonical: true, Figures: map[string]PaperFigure{"espresso": {Seconds: 2, F: 7}, "expand": {Seconds: 1, F: 9}}},
		{Material: "KQk", Canonical: false, Figures: map[string]PaperFigure{"espresso": {Seconds: 2, F: 7}}},
	}}
	var names []string
	for _, pt := range PlotPoints(results, paper) {
		names = append(names, pt.Series+":"+pt.Condition+":"+pt.Name)
	}
	want := []string{"ours:espresso:KQk/c", "reference:espresso:KQk/c", "ours:expand:", "ours:espresso:",
		"paper:espresso:KQk/c", "paper:expand:", "paper:espresso:"}
	if !slices.Equal(names, want) {
		t.Errorf("got %q, want %q", names, want)
	}
}

// TestPlaceLabels: labels stay inside the frame and overlap neither each other nor the
// named points; points at one place share a label.
func TestPlaceLabels(t *testing.T) {
	frame := box{0, 0, 400, 300}
	var pts []placedPoint
	for i := range 12 {
		pts = append(pts, placedPoint{fmt.Sprintf("K%dk", i), 100 + float64(i%4)*20, 100 + float64(i/4)*15})
	}
	pts = append(pts, placedPoint{"Kk", 300, 200}, placedPoint{"Kk/c", 301, 201}, placedPoint{"Kk", 300, 200})
	labels := placeLabels(pts, frame)
	if len(labels) != 13 || labels[12].text != "Kk, Kk/c" {
		t.Fatalf("%d labels, the last %+v", len(labels), labels[len(labels)-1])
	}
	boxes := make([]box, len(labels))
	for i, l := range labels {
		boxes[i] = box{l.x, l.y + 1 - labelH, l.x + labelCharW*float64(len(l.text)), l.y + 1}
		if !boxes[i].inside(frame) {
			t.Errorf("label %q at %+v leaves the frame", l.text, boxes[i])
		}
		for _, pt := range pts {
			if (box{pt.x - 4, pt.y - 4, pt.x + 4, pt.y + 4}).overlaps(boxes[i]) {
				t.Errorf("label %q covers point %q", l.text, pt.name)
			}
		}
		for j := range i {
			if boxes[i].overlaps(boxes[j]) {
				t.Errorf("labels %q and %q overlap", l.text, labels[j].text)
			}
		}
	}
}

func TestCSVRoundTrip(t *testing.T) {
	res := fixture()
	res[0].Err = `quote " and, comma`
	var b bytes.Buffer
	if err := WriteCSV(&b, res); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCSV(&b, "r.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, res) {
		t.Errorf("round trip changed the results:\n got %+v\nwant %+v", got, res)
	}
}

func TestReadCSVErrors(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCSV(&b, fixture()[:1]); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	tests := []struct{ name, text, want string }{
		{"bad header", strings.Replace(good, "suite", "suit", 1), `r.csv:1: column 1 is "suit", want "suite"`},
		{"bad number", strings.Replace(good, ",0.2000,", ",x,", 1), `r.csv:2: bad number "x"`},
		{"bad status", strings.Replace(good, ",ok,", ",maybe,", 1), `r.csv:2: bad status "maybe"`},
		{"empty", "", "r.csv: empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadCSV(strings.NewReader(tc.text), "r.csv")
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// The paper's Table 5 uncompressed PCN is 8 bytes per clause of Table 4's
// compaction, expansion and irredundancy: LoadPaper must read figures that
// keep that rule on every row that has both.
func TestLoadPaper(t *testing.T) {
	p, err := LoadPaper(suite.Paper(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Table3) != 12 || len(p.Table4) != 36 || len(p.Table5) != 35 {
		t.Fatalf("rows: %d, %d, %d; want 12, 36, 35", len(p.Table3), len(p.Table4), len(p.Table5))
	}
	irred := map[string]PaperFigure{}
	for _, r := range p.Table4 {
		irred[r.Material] = r.Figures["compact_expand_irred"]
	}
	checked := 0
	for _, b := range p.Table5 {
		f, ok := irred[b.Material]
		if !ok || f.Note != "" || b.UncompressedN < 0 {
			continue
		}
		checked++
		if b.UncompressedN != 8*f.F {
			t.Errorf("%s: Table 5 has %d bytes, 8 x %d clauses = %d", b.Material, b.UncompressedN, f.F, 8*f.F)
		}
	}
	if checked < 30 {
		t.Errorf("only %d rows checked", checked)
	}
	if f := irred["KPkp"]; f.Note != "assertion failure" {
		t.Errorf("KPkp: %+v, want the note \"assertion failure\"", f)
	}
	if got := p.Table3[2].Figures["expand"]; p.Table3[2].Material != "KQk" || p.Table3[2].Canonical || got.Seconds != 21319.9 || got.F != 1275 {
		t.Errorf("Table 3 row 3: %+v", p.Table3[2])
	}
}

func TestLoadPaperMissing(t *testing.T) {
	if _, err := LoadPaper(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("no error for a missing folder")
	}
}
