package chess

import (
	"encoding/csv"
	"os"
	"strconv"
	"testing"

	"github.com/espresso-go/espresso/internal/suite"
)

// TestTable2 checks the rows of the paper's Table 2 without canonicalization, which follow
// from the rules of chess alone (see testdata/paper/README.md): every count must match.
func TestTable2(t *testing.T) {
	f, err := os.Open(suite.Paper(t, "table2.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if recs[0][0] != "material" || len(recs[0]) != 12 {
		t.Fatalf("unexpected header %v", recs[0])
	}
	s := NewSolver()
	rows := 0
	for _, rec := range recs[1:] {
		if rec[2] != "false" {
			continue
		}
		rows++
		t.Run(rec[0], func(t *testing.T) {
			m, err := ParseMaterial(rec[0])
			if err != nil {
				t.Fatal(err)
			}
			if m2, err := ParseMaterial(rec[1]); err != nil || m2.key() != m.key() {
				t.Fatalf("syzygy name %s: %v %v", rec[1], m2, err)
			}
			tb, err := s.Solve(m)
			if err != nil {
				t.Fatal(err)
			}
			got := tb.Stats(false)
			want := make([]int, 0, 9)
			for _, c := range append(rec[3:9], rec[9:]...) {
				n, err := strconv.Atoi(c)
				if err != nil {
					t.Fatalf("column %q: %v", c, err)
				}
				want = append(want, n)
			}
			have := []int{got.Invalid, got.Acanonical, got.Illegal, got.Win, got.Draw, got.Loss, m.Inputs(), 3, m.Size()}
			for i := range want {
				if want[i] != have[i] {
					t.Errorf("%s: got %v, want %v (invalid, acanonical, illegal, win, draw, loss, inputs, outputs, rows)", rec[0], have, want)
					break
				}
			}
			if line := got.CSV(); line != joinCSV(rec) {
				t.Errorf("CSV line %q, want %q", line, joinCSV(rec))
			}
		})
	}
	if rows != 6 {
		t.Errorf("%d rows without canonicalization, want 6", rows)
	}
}

func joinCSV(rec []string) string {
	s := rec[0]
	for _, c := range rec[1:] {
		s += "," + c
	}
	return s
}

// TestMemoryNeeded: the estimate is 3.375 bytes per entry of the table (value, three bit
// sets, a byte of event lists) plus two per entry
// of each cached smaller table (rule of MemoryNeeded's doc); for Kk nothing else, for KQk
// Kk is the only dependency.
func TestMemoryNeeded(t *testing.T) {
	for _, tc := range []struct {
		name string
		want int64
	}{
		{"Kk", 8192*2 + 8192*3/8 + 8192},
		{"KQk", 524288*2 + 524288*3/8 + 524288 + 2*8192},
		{"Kkq", 524288*2 + 524288*3/8 + 524288 + 2*524288 + 2*8192},
	} {
		if got := MemoryNeeded(MustParseMaterial(tc.name)); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestWorkersSameTable: sharing the classification and the retrograde levels between
// goroutines changes nothing (the table is a fixed point: the order of updates is free).
func TestWorkersSameTable(t *testing.T) {
	for _, name := range []string{"KQk", "KPk", "Kkp"} {
		m := MustParseMaterial(name)
		one, err := NewSolver().Solve(m)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSolver()
		s.Workers = 3
		three, err := s.Solve(m)
		if err != nil {
			t.Fatal(err)
		}
		for i := range one.val {
			if one.val[i] != three.val[i] {
				t.Fatalf("%s index %d: %v with one worker, %v with three", name, i, one.Probe(i), three.Probe(i))
			}
		}
	}
}
