package benchmark

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"path/filepath"
	"reflect"
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

// The SVG is well-formed XML with one marker per finished run and per paper
// figure with numbers: circles for ours, squares for the reference,
// triangles for the paper (the legend adds one of each).
func TestWriteSVG(t *testing.T) {
	pts := PlotPoints(fixture(), fixturePaper())
	var b bytes.Buffer
	if err := WriteSVG(&b, "t <&>", pts); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
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
		}
	}
	// ours: a, b, KQk-canonical = 3 (+1 legend); reference: a, b = 2 (+1 legend,
	// +3 rects: background, frame and legend box); paper: 2 figures with
	// numbers (+1 legend).
	if counts["circle"] != 4 || counts["rect"] != 6 || counts["polygon"] != 3 {
		t.Errorf("got %d circles, %d rects, %d polygons; want 4, 6, 3", counts["circle"], counts["rect"], counts["polygon"])
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
