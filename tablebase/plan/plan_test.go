package plan

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/internal/suite"
)

func materials(names ...string) []chess.Material {
	var out []chess.Material
	for _, n := range names {
		out = append(out, chess.MustParseMaterial(n))
	}
	return out
}

// describe gives a job as "wave kind material [square]: after > output".
func describe(j Job) string {
	var after []string
	for _, a := range j.After {
		after = append(after, strconv.Itoa(a))
	}
	return fmt.Sprintf("%d %s: %s > %s", j.Wave, j.Name(), strings.Join(after, ","), j.Output)
}

func slicesOf(wave int, m string, squares string, after string) []string {
	var out []string
	for _, s := range strings.Fields(squares) {
		out = append(out, fmt.Sprintf("%d slice %s %s: %s > slices/%s/%s.slice", wave, m, s, after, m, s))
	}
	return out
}

func join(parts ...[]string) []string { return slices.Concat(parts...) }

// TestNew checks the jobs of a few plans: their kinds, waves, numbers, dependencies and
// outputs.
func TestNew(t *testing.T) {
	// The squares of the slices but the reference square's (d5), in the plan's order.
	triangleRest := "a8 b8 c8 d8 b7 c7 d7 c6 d6"
	filesADRest := "a8 b8 c8 d8 a7 b7 c7 d7 a6 b6 c6 d6 a5 b5 c5 a4 b4 c4 d4 a3 b3 c3 d3 a2 b2 c2 d2 a1 b1 c1 d1"
	var board []string
	for s := range 64 {
		board = append(board, chess.SquareName(s))
	}
	for _, tc := range []struct {
		materials []string
		opt       Options
		want      []string
	}{
		{[]string{"KQvK", "KRk", "KQk"}, Options{}, []string{"0 table KQvK:  > KQvK.tbc", "0 table KRvK:  > KRvK.tbc"}},
		{[]string{"KRvKQ"}, Options{}, []string{"0 table KQvKR:  > KQvKR.tbc"}},
		// The reference square's slice (d5) chooses the order: the others come after it.
		{[]string{"KQRvKR"}, Options{}, join(
			[]string{"0 solve KQRvKR:  > values/KQRvKR.wdl2"},
			slicesOf(1, "KQRvKR", "d5", "0"),
			slicesOf(2, "KQRvKR", triangleRest, "0,1"),
			[]string{"3 assemble KQRvKR: " + rangeList(1, 11) + " > KQRvKR.tbc"})},
		// KRPvKR reads the values of its promotions: their solves come first, in wave 0;
		// KQRvKR's, asked for as a table too, is shared.
		{[]string{"KQRvKR", "KRPvKR", "KNvKP"}, Options{}, join(
			[]string{"0 solve KQRvKR:  > values/KQRvKR.wdl2",
				"0 solve KRRvKR:  > values/KRRvKR.wdl2",
				"0 solve KRBvKR:  > values/KRBvKR.wdl2",
				"0 solve KRNvKR:  > values/KRNvKR.wdl2",
				"0 table KNvKP:  > KNvKP.tbc"},
			slicesOf(1, "KQRvKR", "d5", "0"),
			[]string{"1 solve KRPvKR: 0,1,2,3 > values/KRPvKR.wdl2"},
			slicesOf(2, "KQRvKR", triangleRest, "0,5"),
			slicesOf(2, "KRPvKR", "d5", "6"),
			[]string{"3 assemble KQRvKR: 5," + rangeList(7, 16) + " > KQRvKR.tbc"},
			slicesOf(3, "KRPvKR", filesADRest, "6,16"),
			[]string{"4 assemble KRPvKR: 16," + rangeList(18, 49) + " > KRPvKR.tbc"})},
		// KQQvKB's values file is its colour twin's, KBvKQQ's: the slices are ranges of
		// that file's indices, and the table file holds KBvKQQ.
		{[]string{"KQQvKB"}, Options{}, join(
			[]string{"0 solve KBvKQQ:  > values/KBvKQQ.wdl2"},
			slicesOf(1, "KBvKQQ", "d5", "0"),
			slicesOf(2, "KBvKQQ", triangleRest, "0,1"),
			[]string{"3 assemble KBvKQQ: " + rangeList(1, 11) + " > KBvKQQ.tbc"})},
		// A sliced 4-piece table reads its promotions' values from their files too.
		{[]string{"KRvKP"}, Options{SliceAll: true}, join(
			[]string{"0 solve KQvKR:  > values/KQvKR.wdl2",
				"0 solve KRvKR:  > values/KRvKR.wdl2",
				"0 solve KRvKB:  > values/KBvKR.wdl2",
				"0 solve KRvKN:  > values/KNvKR.wdl2",
				"1 solve KPvKR: 0,1,2,3 > values/KPvKR.wdl2"},
			slicesOf(2, "KPvKR", "d5", "4"),
			slicesOf(3, "KPvKR", filesADRest, "4,5"),
			[]string{"4 assemble KPvKR: " + rangeList(5, 37) + " > KPvKR.tbc"})},
		{[]string{"KQvK"}, Options{SliceAll: true, NoBoardSymmetry: true}, join(
			[]string{"0 solve KQvK:  > values/KQvK.wdl2"},
			slicesOf(1, "KQvK", "d5", "0"),
			slicesOf(2, "KQvK", strings.Join(slices.DeleteFunc(board, func(s string) bool { return s == "d5" }), " "), "0,1"),
			[]string{"3 assemble KQvK: " + rangeList(1, 65) + " > KQvK.tbc"})},
	} {
		p, err := New(materials(tc.materials...), tc.opt)
		if err != nil {
			t.Fatalf("%v: %v", tc.materials, err)
		}
		checkPlan(t, p)
		var got []string
		for _, j := range p.Jobs {
			got = append(got, describe(j))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v: jobs\n%s\nwant\n%s", tc.materials, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

// rangeList returns "lo,lo+1,...,hi-1".
func rangeList(lo, hi int) string {
	var s []string
	for i := lo; i < hi; i++ {
		s = append(s, strconv.Itoa(i))
	}
	return strings.Join(s, ",")
}

// checkPlan checks what every plan must hold: jobs numbered from 0, each after earlier jobs
// of lower waves, its wave one more than theirs, the waves contiguous ranges; a memory and
// a time for each.
func checkPlan(t *testing.T, p *Plan) {
	t.Helper()
	for i, j := range p.Jobs {
		if j.Number != i {
			t.Errorf("job %d numbered %d", i, j.Number)
		}
		wave := 0
		for _, a := range j.After {
			if a >= i {
				t.Errorf("job %d runs after job %d", i, a)
				continue
			}
			wave = max(wave, p.Jobs[a].Wave+1)
		}
		if j.Wave != wave {
			t.Errorf("job %d in wave %d, want %d", i, j.Wave, wave)
		}
		if j.MemoryMiB <= 0 || j.Minutes <= 0 {
			t.Errorf("job %d: %d MiB, %d minutes", i, j.MemoryMiB, j.Minutes)
		}
	}
	next := 0
	for w, r := range p.Waves() {
		if r[0] != next {
			t.Errorf("wave %d begins at job %d, want %d", w, r[0], next)
		}
		for i := r[0]; i < r[1]; i++ {
			if p.Jobs[i].Wave != w {
				t.Errorf("job %d of wave %d in the range of wave %d", i, p.Jobs[i].Wave, w)
			}
		}
		next = r[1]
	}
	if next != len(p.Jobs) {
		t.Errorf("the waves end at job %d of %d", next, len(p.Jobs))
	}
}

// TestNewErrors: materials that are not built, or not sliced.
func TestNewErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  Options
		want string
	}{
		{"KvK", Options{}, "2 pieces"},
	} {
		_, err := New(materials(tc.name), tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestFivePieces: the plan of every five-piece table of Syzygy's (testdata) solves each
// values file once and assembles 110 table files, one per material, each the material of
// its values file.
func TestFivePieces(t *testing.T) {
	var ms []chess.Material
	for _, r := range syzygyRows(t) {
		if m := chess.MustParseMaterial(r[1]); m.NumPieces() == 5 {
			ms = append(ms, m)
		}
	}
	p, err := New(ms, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkPlan(t, p)
	solves, tables := map[string]bool{}, map[string]bool{}
	for _, j := range p.Jobs {
		switch j.Kind {
		case Solve:
			if solves[j.Output] {
				t.Errorf("%s solved twice", j.Output)
			}
			solves[j.Output] = true
		case Assemble:
			if ValuesPath(j.Material) != "values/"+j.Material.SyzygyName()+chess.ValuesExt {
				t.Errorf("%s: its values file is %s", j.Name(), ValuesPath(j.Material))
			}
			tables[j.Output] = true
		}
	}
	if len(ms) != 110 || len(tables) != 110 {
		t.Errorf("%d table files of %d materials, want 110", len(tables), len(ms))
	}
}

// syzygyRows returns the rows of Syzygy's WDL file sizes (testdata), without the header.
func syzygyRows(t *testing.T) [][]string {
	t.Helper()
	data, err := os.ReadFile(suite.Paper(t, "syzygy-wdl-bytes.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 146 {
		t.Fatalf("%d rows, want a header and 145", len(rows))
	}
	return rows[1:]
}

// TestStored: every material of Syzygy's WDL files (testdata) is stored as Syzygy names
// it, from either side.
func TestStored(t *testing.T) {
	for _, r := range syzygyRows(t) {
		m := chess.MustParseMaterial(r[1])
		swapped := chess.MustParseMaterial(r[1][strings.IndexByte(r[1], 'v')+1:] + "v" + r[1][:strings.IndexByte(r[1], 'v')])
		for _, x := range []chess.Material{m, swapped} {
			if got := x.Stored().SyzygyName(); got != r[1] {
				t.Errorf("Stored(%s) = %s, want %s", x.SyzygyName(), got, r[1])
			}
		}
	}
}

// TestSliceSquares: the white king's squares of the representatives of the board's
// symmetries.
func TestSliceSquares(t *testing.T) {
	for _, tc := range []struct {
		m     string
		board bool
		want  int
	}{{"KQRvKR", true, 10}, {"KRPvKR", true, 32}, {"KQvK", false, 64}} {
		if got := SliceSquares(chess.MustParseMaterial(tc.m), tc.board); len(got) != tc.want {
			t.Errorf("%s: %d squares, want %d", tc.m, len(got), tc.want)
		}
	}
}

// TestJobMemory: a table of 3 or 4 pieces is sliced when its whole build is expected to
// need more than a job may take, and built whole otherwise.
func TestJobMemory(t *testing.T) {
	for _, tc := range []struct {
		material string
		jobMiB   int
		sliced   bool
	}{
		{"KPvKP", 0, false},
		{"KPvKP", 2048, true},
		{"KPvKP", 8192, false},
		{"KQvK", 2048, false},
		{"KQvK", 1, true},
		{"KRRvKR", 1 << 20, true}, // five pieces: always sliced
	} {
		p, err := New(materials(tc.material), Options{JobMiB: tc.jobMiB})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Sliced(p.Materials[0]); got != tc.sliced {
			t.Errorf("%s with %d MiB a job: sliced %v, want %v", tc.material, tc.jobMiB, got, tc.sliced)
		}
		for _, j := range p.Jobs {
			if tc.material == "KPvKP" && tc.jobMiB > 0 && j.MemoryMiB > tc.jobMiB {
				t.Errorf("%s with %d MiB a job: job %s expects %d MiB", tc.material, tc.jobMiB, j.Name(), j.MemoryMiB)
			}
		}
	}
}
