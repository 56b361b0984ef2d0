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

// TestMemoryNeeded: with fewer than five pieces, the estimate is a quarter over three
// bytes per computed position (10/64 of the table without pawns), three bit sets over
// them, two bytes per entry of the table and of each cached smaller table (rule of
// MemoryNeeded's doc); for Kk nothing else, for KQk Kk is the only dependency, Kkq
// derives from KQk. With five, it is at least the arrays of the solve (a byte per
// computed position, the bit sets, the output at two bits an entry) and at most 8 GiB.
func TestMemoryNeeded(t *testing.T) {
	const kk, kqk = 8192, 524288
	for _, tc := range []struct {
		name string
		want int64
	}{
		{"Kk", (kk*10/64*3 + kk*10/64*3/8 + 2*kk) * 5 / 4},
		{"KQk", (kqk*10/64*3 + kqk*10/64*3/8 + 2*kqk + 2*kk) * 5 / 4},
		{"Kkq", (kqk*10/64*3 + kqk*10/64*3/8 + 2*kqk + 2*kqk + 2*kk) * 5 / 4},
	} {
		if got := MemoryNeeded(MustParseMaterial(tc.name)); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
	for _, name := range []string{"KQRvKR", "KRPvKR", "KPPvKP"} {
		m := MustParseMaterial(name)
		computed := int64(m.Size()) / 2
		if !m.HasPawns() {
			computed = int64(m.Size()) * 10 / 64
		}
		lo := computed + computed*3/8 + int64(m.Size())/4
		if got := MemoryNeeded(m); got < lo || got > 8<<30 {
			t.Errorf("%s: %d, want between %d and 8 GiB", name, got, lo)
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
