package tbref

import (
	"bytes"
	"encoding/csv"
	"os"
	"strconv"
	"testing"

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
	if len(References) != len(want) {
		t.Fatalf("%d references, want %d", len(References), len(want))
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
	if n := len(Materials(4)); n != 35 {
		t.Errorf("Materials(4) has %d materials, want 35", n)
	}
}
