package mincov

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// build makes a matrix from rows of column numbers; rows[i] is row i.
func build(rows [][]int) *Matrix {
	m := NewMatrix()
	for i, r := range rows {
		for _, c := range r {
			m.Insert(i, c)
		}
	}
	return m
}

// contents lists the elements of m row by row, and checks that the column
// lists, the counts and the links agree with the rows.
func contents(t *testing.T, m *Matrix) map[int][]int {
	t.Helper()
	out := map[int][]int{}
	n, prev := 0, -1
	byCol := map[int][]int{}
	for r := m.FirstRow(); r != nil; r = r.Next() {
		if r.Num <= prev {
			t.Fatalf("rows out of order: %d after %d", r.Num, prev)
		}
		prev = r.Num
		if m.Row(r.Num) != r {
			t.Fatalf("row %d: header not indexed", r.Num)
		}
		cols := r.Cols()
		if len(cols) != r.Len() || len(cols) == 0 {
			t.Fatalf("row %d: %d elements, length %d", r.Num, len(cols), r.Len())
		}
		for i, p := 0, r.First(); p != nil; i, p = i+1, p.NextInRow() {
			if p.Row != r.Num || (i > 0 && p.PrevInRow().Col >= p.Col) {
				t.Fatalf("row %d: bad element (%d,%d)", r.Num, p.Row, p.Col)
			}
			byCol[p.Col] = append(byCol[p.Col], r.Num)
		}
		out[r.Num] = cols
		n++
	}
	if n != m.NumRows() {
		t.Fatalf("%d rows listed, NumRows %d", n, m.NumRows())
	}
	nc := 0
	for c := m.FirstCol(); c != nil; c = c.Next() {
		if !reflect.DeepEqual(c.Rows(), byCol[c.Num]) || c.Len() != len(byCol[c.Num]) {
			t.Fatalf("column %d holds rows %v (len %d), rows say %v", c.Num, c.Rows(), c.Len(), byCol[c.Num])
		}
		nc++
	}
	if nc != len(byCol) || nc != m.NumCols() {
		t.Fatalf("%d columns listed, %d used, NumCols %d", nc, len(byCol), m.NumCols())
	}
	return out
}

func TestMatrixEdits(t *testing.T) {
	tests := []struct {
		name string
		rows [][]int
		edit func(m *Matrix)
		want map[int][]int
	}{
		{"insert out of order", nil, func(m *Matrix) {
			for _, e := range [][2]int{{5, 3}, {1, 7}, {5, 1}, {3, 3}, {1, 7}, {5, 2}, {0, 9}} {
				m.Insert(e[0], e[1])
			}
		}, map[int][]int{0: {9}, 1: {7}, 3: {3}, 5: {1, 2, 3}}},
		{"delrow drops emptied columns", [][]int{{0, 1}, {1, 2}, {2}}, func(m *Matrix) { m.DelRow(0) },
			map[int][]int{1: {1, 2}, 2: {2}}},
		{"delcol drops emptied rows", [][]int{{0, 1}, {1}, {2}}, func(m *Matrix) { m.DelCol(1) },
			map[int][]int{0: {0}, 2: {2}}},
		{"remove last of row", [][]int{{0, 1}, {1}, {1, 2}}, func(m *Matrix) { m.Remove(1, 1) },
			map[int][]int{0: {0, 1}, 2: {1, 2}}},
		{"remove missing is a no-op", [][]int{{0, 1}}, func(m *Matrix) { m.Remove(0, 5); m.Remove(4, 0) },
			map[int][]int{0: {0, 1}}},
		{"delete missing is a no-op", [][]int{{0}}, func(m *Matrix) { m.DelRow(3); m.DelCol(-1) },
			map[int][]int{0: {0}}},
		{"copy row and column", [][]int{{0, 2}, {1}}, func(m *Matrix) {
			m.CopyRow(4, m.Row(0))
			m.CopyCol(5, m.Col(2))
		}, map[int][]int{0: {0, 2, 5}, 1: {1}, 4: {0, 2, 5}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := build(tc.rows)
			tc.edit(m)
			got := contents(t, m)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			if d := contents(t, m.Dup()); !reflect.DeepEqual(d, tc.want) {
				t.Fatalf("dup %v, want %v", d, tc.want)
			}
		})
	}
}

// TestMatrixReusesDeleted: insertions, row and column deletions and element
// removals in random order leave the matrix a model (a set of (row,
// column) pairs) says, while deleted elements and headers are handed out
// again, so the storage stays at what the matrix holds at its largest
// (plus one).
func TestMatrixReusesDeleted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		m := NewMatrix()
		model := map[[2]int]bool{}
		peak, reused := 0, 0
		for range 2000 {
			switch k := rng.IntN(10); {
			case k < 6:
				e := [2]int{rng.IntN(30), rng.IntN(30)}
				before := len(m.elems.free)
				m.Insert(e[0], e[1])
				if !model[e] && before > 0 {
					reused++
				}
				model[e] = true
			case k < 8:
				r := rng.IntN(30)
				m.DelRow(r)
				maps.DeleteFunc(model, func(e [2]int, _ bool) bool { return e[0] == r })
			case k < 9:
				c := rng.IntN(30)
				m.DelCol(c)
				maps.DeleteFunc(model, func(e [2]int, _ bool) bool { return e[1] == c })
			default:
				e := [2]int{rng.IntN(30), rng.IntN(30)}
				m.Remove(e[0], e[1])
				delete(model, e)
			}
			peak = max(peak, len(model))
		}
		want := map[int][]int{}
		for r := range 30 {
			for c := range 30 {
				if model[[2]int{r, c}] {
					want[r] = append(want[r], c)
				}
			}
		}
		if got := contents(t, m); !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d: got %v, want %v", trial, got, want)
		}
		handed := 0
		for _, ch := range m.elems.chunks[:m.elems.used] {
			handed += len(ch)
		}
		// One more than the peak: inserting an element already there
		// takes one and gives it back.
		if handed-len(m.elems.cur)+m.elems.pos > peak+1 || reused == 0 {
			t.Fatalf("trial %d: %d elements taken from chunks, %d reused; at most %d held at once",
				trial, handed-len(m.elems.cur)+m.elems.pos, reused, peak)
		}
	}
}

func TestRowVectorOps(t *testing.T) {
	tests := []struct {
		a, b       []int
		subset     bool
		intersects bool
		cmp        int
		and        []int
	}{
		{[]int{1, 3}, []int{1, 2, 3}, true, true, 1, []int{1, 3}},
		{[]int{1, 2, 3}, []int{1, 3}, false, true, -1, []int{1, 3}},
		{[]int{}, []int{4}, true, false, -1, []int{}},
		{[]int{4}, []int{}, false, false, 1, []int{}},
		{[]int{0, 5}, []int{0, 5}, true, true, 0, []int{0, 5}},
		{[]int{2, 4}, []int{3, 5}, false, false, -1, []int{}},
		{[]int{1, 2}, []int{1, 2, 7}, true, true, -1, []int{1, 2}},
	}
	for _, tc := range tests {
		a, b := RowOf(tc.a...), RowOf(tc.b...)
		if got := a.SubsetOf(b); got != tc.subset {
			t.Errorf("%v SubsetOf %v = %v", tc.a, tc.b, got)
		}
		if got := a.Intersects(b); got != tc.intersects {
			t.Errorf("%v Intersects %v = %v", tc.a, tc.b, got)
		}
		if got := a.Compare(b); sign(got) != tc.cmp {
			t.Errorf("%v Compare %v = %v", tc.a, tc.b, got)
		}
		if got := a.And(b).Cols(); !reflect.DeepEqual(got, tc.and) {
			t.Errorf("%v And %v = %v", tc.a, tc.b, got)
		}
		// Columns are the transposed case and must agree.
		ca, cb := NewCol(), NewCol()
		for _, x := range tc.a {
			ca.Insert(x)
		}
		for _, x := range tc.b {
			cb.Insert(x)
		}
		if ca.SubsetOf(cb) != tc.subset || ca.Intersects(cb) != tc.intersects ||
			sign(ca.Compare(cb)) != tc.cmp || !reflect.DeepEqual(ca.And(cb).Rows(), tc.and) {
			t.Errorf("column ops on %v, %v disagree with row ops", tc.a, tc.b)
		}
	}
	r := RowOf(5, 1, 3, 1)
	r.Remove(3)
	r.Remove(4)
	if got := r.Cols(); !reflect.DeepEqual(got, []int{1, 5}) || r.Find(5) == nil || r.Find(3) != nil {
		t.Errorf("insert/remove: %v", got)
	}
	// Hash rule: sum = (sum*17 + col) % modulus over the columns.
	if got, want := RowOf(1, 5).Hash(7), ((0*17+1)%7*17+5)%7; got != want {
		t.Errorf("Hash = %d, want %d", got, want)
	}
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func TestDominance(t *testing.T) {
	tests := []struct {
		name     string
		rows     [][]int
		weight   []int
		rowDel   int
		afterRow map[int][]int
		colDel   int
		afterCol map[int][]int
	}{
		{
			name: "superset rows and equal rows go",
			rows: [][]int{{0, 1, 2}, {1}, {0, 2}, {0, 2}},
			// rows 1 and 2 are minimal; 0 contains 1; 3 equals 2 with a
			// larger number.
			rowDel:   2,
			afterRow: map[int][]int{1: {1}, 2: {0, 2}},
			// column 0 has the rows of 2 (and of 1); 1 is kept (its rows
			// are {0,1}, 2's rows are {0,2,3}).
			colDel:   1,
			afterCol: map[int][]int{0: {1, 2}, 1: {1}, 2: {2}, 3: {2}},
		},
		{
			name:     "weights keep a cheaper dominated column",
			rows:     [][]int{{0, 1}, {1}},
			weight:   []int{1, 5},
			rowDel:   1,
			afterRow: map[int][]int{1: {1}},
			colDel:   0,
			afterCol: map[int][]int{0: {0, 1}, 1: {1}},
		},
		{
			name:     "no weights: dominated column goes",
			rows:     [][]int{{0, 1}, {1}},
			rowDel:   1,
			afterRow: map[int][]int{1: {1}},
			colDel:   1,
			afterCol: map[int][]int{0: {1}, 1: {1}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := build(tc.rows)
			if n := m.RowDominance(); n != tc.rowDel {
				t.Errorf("RowDominance deleted %d, want %d", n, tc.rowDel)
			}
			if got := contents(t, m); !reflect.DeepEqual(got, tc.afterRow) {
				t.Errorf("after RowDominance %v, want %v", got, tc.afterRow)
			}
			m = build(tc.rows)
			if n := m.ColDominance(tc.weight); n != tc.colDel {
				t.Errorf("ColDominance deleted %d, want %d", n, tc.colDel)
			}
			if got := contents(t, m); !reflect.DeepEqual(got, tc.afterCol) {
				t.Errorf("after ColDominance %v, want %v", got, tc.afterCol)
			}
		})
	}
}

func TestBlockPartition(t *testing.T) {
	tests := []struct {
		name string
		rows [][]int
		ok   bool
		l, r map[int][]int
	}{
		{"connected", [][]int{{0, 1}, {1, 2}, {2, 3}}, false, nil, nil},
		{"two blocks", [][]int{{0, 1}, {2}, {1}, {2, 3}}, true,
			map[int][]int{0: {0, 1}, 2: {1}}, map[int][]int{1: {2}, 3: {2, 3}}},
		{"three blocks", [][]int{{4}, {0}, {1}, {4, 5}}, true,
			map[int][]int{0: {4}, 3: {4, 5}}, map[int][]int{1: {0}, 2: {1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, r, ok := build(tc.rows).BlockPartition()
			if ok != tc.ok {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				return
			}
			if got := contents(t, l); !reflect.DeepEqual(got, tc.l) {
				t.Errorf("l = %v, want %v", got, tc.l)
			}
			if got := contents(t, r); !reflect.DeepEqual(got, tc.r) {
				t.Errorf("r = %v, want %v", got, tc.r)
			}
		})
	}
	if _, _, ok := NewMatrix().BlockPartition(); ok {
		t.Error("empty matrix partitioned")
	}
}

func TestWriteReadPrint(t *testing.T) {
	m := build([][]int{{0, 12}, nil, {3}})
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "0 0\n0 12\n2 3\n"; got != want {
		t.Errorf("Write = %q, want %q", got, want)
	}
	m2, err := Read(strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(contents(t, m2), contents(t, m)) {
		t.Error("Read(Write(m)) differs from m")
	}
	buf.Reset()
	m.Print(&buf)
	// sm_print: tens digits, units digits, dashes, then "%3d:" rows over
	// the present columns 0, 3, 12.
	want := "    001\n    032\n    ---\n  0:1.1\n  2:.1.\n"
	if buf.String() != want {
		t.Errorf("Print =\n%s\nwant\n%s", buf.String(), want)
	}
	for _, bad := range []string{"1 2 3", "1 x", "-1 2"} {
		if _, err := Read(strings.NewReader(bad)); err == nil {
			t.Errorf("Read(%q): no error", bad)
		}
	}
	// Compressed: 2 rows, 40 columns; row 0 = bits 0,2 of word 0 and bit 1
	// of word 1 (column 33); row 1 = bit 31 of word 0.
	mc, err := ReadCompressed(strings.NewReader("2 40\n0 5 2\n0 80000000 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := contents(t, mc), map[int][]int{0: {0, 2, 33}, 1: {31}}; !reflect.DeepEqual(got, want) {
		t.Errorf("ReadCompressed = %v, want %v", got, want)
	}
	if _, err := ReadCompressed(strings.NewReader("2 40\n0 5")); err == nil {
		t.Error("ReadCompressed of a short input: no error")
	}
}

func ExampleMatrix_Print() {
	m := NewMatrix()
	m.Insert(0, 1)
	m.Insert(1, 0)
	m.Insert(1, 2)
	var b strings.Builder
	m.Print(&b)
	fmt.Print(b.String())
	// Output:
	//     012
	//     ---
	//   0:.1.
	//   1:1.1
}
