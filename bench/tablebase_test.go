package bench

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadTableCSV(t *testing.T) {
	tests := []struct {
		name, in string
		want     []TableRow
		err      string // a part of the error, "" for none
	}{
		{"tablebase build's CSV",
			"material,positions,symmetry,order,cubes,bytes,syzygy_bytes,paper_bytes,paper_cubes,seconds,cpu_seconds,peak_mib\n" +
				"KQvK,46137,board,\"win,loss,draw\",117,265,272,748,-,0.1,0.1,14\n" +
				"KPvKP,1000,board,\"win,loss,draw\",5,60,245328,-,-,2.5,2.4,300\n",
			[]TableRow{{Material: "KQvK", Positions: 46137, Cubes: 117, Bytes: 265, SyzygyBytes: 272, PaperBytes: 748, Seconds: 0.1, PeakMiB: 14},
				{Material: "KPvKP", Positions: 1000, Cubes: 5, Bytes: 60, SyzygyBytes: 245328, Seconds: 2.5, PeakMiB: 300}}, ""},
		{"the bench's CSV",
			"material,positions,cubes,bytes,syzygy_bytes,paper_bytes,seconds,peak_mib,probe_ns\nKRvK,50015,59,145,208,636,0.1,25,90\n",
			[]TableRow{{Material: "KRvK", Positions: 50015, Cubes: 59, Bytes: 145, SyzygyBytes: 208, PaperBytes: 636, Seconds: 0.1, PeakMiB: 25, ProbeNS: 90}}, ""},
		{"no bytes column", "material,positions,cubes,syzygy_bytes,paper_bytes,seconds,peak_mib\n", nil, `x.csv:1: no column "bytes"`},
		{"bad number", "material,positions,cubes,bytes,syzygy_bytes,paper_bytes,seconds,peak_mib\nKQvK,1,2,3,4,5,6,7\nKRvK,1,x,3,4,5,6,7\n",
			nil, `x.csv:3: bad number "x"`},
		{"no material", "material,positions,cubes,bytes,syzygy_bytes,paper_bytes,seconds,peak_mib\n,1,2,3,4,5,6,7\n", nil, "x.csv:2: no material"},
		{"empty", "", nil, "x.csv: empty"},
	}
	for _, tc := range tests {
		got, err := ReadTableCSV(strings.NewReader(tc.in), "x.csv")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tc.name, diff)
		}
		// What WriteTableCSV writes reads back the same.
		var b bytes.Buffer
		if err := WriteTableCSV(&b, got); err != nil {
			t.Fatal(err)
		}
		again, err := ReadTableCSV(&b, "again.csv")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(got, again); diff != "" {
			t.Errorf("%s: round trip (-first +again)\n%s", tc.name, diff)
		}
	}
}

// The section's totals: ours and Syzygy's over every table, ours and the paper's over the
// tables the paper has; a table without a paper row shows a dash.
func TestWriteTableMarkdown(t *testing.T) {
	rows := []TableRow{
		{Material: "KQvK", Positions: 46137, Cubes: 117, Bytes: 265, SyzygyBytes: 272, PaperBytes: 748, Seconds: 0.1, PeakMiB: 14, ProbeNS: 90},
		{Material: "KRvK", Positions: 50015, Cubes: 59, Bytes: 300, SyzygyBytes: 208, PaperBytes: 636, Seconds: 0.2, PeakMiB: 25},
		{Material: "KPvKP", Positions: 9, Cubes: 4, Bytes: 1000, SyzygyBytes: 245328, Seconds: 3, PeakMiB: 300, ProbeNS: 120},
	}
	var b bytes.Buffer
	paper := &Paper{Table5: []PaperBytes{{Material: "Kk", Compressed: "64"}, {Material: "KQk", Compressed: "748"},
		{Material: "KRk", Compressed: "636"}, {Material: "totals", Compressed: "1448"}}}
	if err := WriteTableMarkdown(&b, rows, paper, "tb.svg"); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"![bytes per table](tb.svg)",
		"| KQvK | 46137 | 117 | 265 | 748 | 272 | 0.97 | 0.1 | 14 | 90 |",
		"| KRvK | 50015 | 59 | 300 | 636 | 208 | 1.44 | 0.2 | 25 | — |",
		"| KPvKP | 9 | 4 | 1000 | — | 245328 | 0.00 | 3.0 | 300 | 120 |",
		"| total (3 tables) | | 180 | 1565 | 1384 (2 tables) | 245808 | 0.01× | 3.3 | | |",
		"smaller than Syzygy's file for 2 of 3 tables",
		"Ours over the paper's 2 tables: 565 bytes, against the paper's 1384 (0.41×)",
		"The paper's Table 5 also has KvK (64 compressed PCN bytes), which no table here covers; with it the\npaper's total is 1448.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("section lacks %q:\n%s", want, md)
		}
	}
}

// The plot has one bar per known figure: three for a table of the paper, two for KPvKP.
func TestWriteTableSVG(t *testing.T) {
	rows := []TableRow{{Material: "KQvK", Bytes: 265, SyzygyBytes: 272, PaperBytes: 748}, {Material: "KPvKP", Bytes: 5, SyzygyBytes: 245328}}
	var b bytes.Buffer
	if err := WriteTableSVG(&b, "t", rows); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if n := strings.Count(svg, "<title>"); n != 5 {
		t.Errorf("%d bars, want 5", n)
	}
	for _, want := range []string{"KPvKP ours: 5 bytes", "KPvKP Syzygy (WDL): 245328 bytes", "KQvK paper (compressed PCN): 748 bytes"} {
		if !strings.Contains(svg, want) {
			t.Errorf("plot lacks %q", want)
		}
	}
}
