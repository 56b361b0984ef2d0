package tbref

import (
	"bytes"
	"encoding/csv"
	"os"
	"strconv"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/suite"
)

// TestReferencesMatchTable5 compares References with the paper's Table 5 in testdata: every
// row but KvK, with the same bytes, and KPvKP after them.
func TestReferencesMatchTable5(t *testing.T) {
	data, err := os.ReadFile(suite.Paper(t, "table5.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var want []Reference
	for _, r := range recs[1:] {
		if r[0] == "totals" || r[1] == "KvK" {
			continue
		}
		paper, err1 := strconv.Atoi(r[3])
		syzygy, err2 := strconv.Atoi(r[4])
		if err1 != nil || err2 != nil {
			t.Fatalf("row %v: %v %v", r, err1, err2)
		}
		want = append(want, Reference{Material: r[1], PaperBytes: paper, SyzygyBytes: syzygy})
	}
	want = append(want, Reference{Material: "KPvKP", SyzygyBytes: 245328})
	if len(References) < len(want) {
		t.Fatalf("%d references, want at least %d", len(References), len(want))
	}
	syzygy := 0
	for i := range want {
		if References[i] != want[i] {
			t.Errorf("reference %d: %+v, want %+v", i, References[i], want[i])
		}
		syzygy += References[i].SyzygyBytes
	}
	if syzygy != 1262704 {
		t.Errorf("Syzygy's 35 files sum to %d bytes, want 1 262 704", syzygy)
	}
	if n := len(chess.Materials(4)); n != 35 {
		t.Errorf("chess.Materials(4) has %d materials, want 35", n)
	}
}

// TestReferencesMatchSyzygy compares the Syzygy bytes of References with Syzygy's WDL
// files in testdata: one reference per file, the same bytes, and the totals of its README.
func TestReferencesMatchSyzygy(t *testing.T) {
	data, err := os.ReadFile(suite.Paper(t, "syzygy-wdl-bytes.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	var total [6]int
	for _, r := range recs[1:] {
		n, err := strconv.Atoi(r[2])
		if err != nil {
			t.Fatalf("row %v: %v", r, err)
		}
		want[r[1]] = n
		total[len(r[1])-1] += n
	}
	if len(References) != len(want) {
		t.Errorf("%d references, want %d", len(References), len(want))
	}
	for _, r := range References {
		if n, ok := want[r.Material]; !ok || n != r.SyzygyBytes {
			t.Errorf("%s: %d Syzygy bytes, want %d (in the file: %v)", r.Material, r.SyzygyBytes, n, ok)
		}
	}
	if total[5] != 394842912 {
		t.Errorf("Syzygy's 5-piece files sum to %d bytes, want 394 842 912", total[5])
	}
	// The references are the materials of the rules: the 35 of up to four pieces in
	// their order, the 110 of five in the order of their names.
	ms := chess.Materials(5)
	if len(ms) != len(References) {
		t.Fatalf("chess.Materials(5) has %d materials, want %d", len(ms), len(References))
	}
	for i, m := range ms {
		if r, ok := ReferenceOf(m); !ok || i < 35 && References[i].Material != m.SyzygyName() {
			t.Errorf("material %d, %s: reference %v (%v), in the references' order %s", i, m.SyzygyName(), r, ok, References[i].Material)
		}
	}
}
