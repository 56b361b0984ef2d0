package plan_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/format"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// TestRunJob runs every job of a plan in order, without the command, and checks the
// table and the statistics: whole and sliced, the same material has the same stored
// positions and a table that gives them the same values.
func TestRunJob(t *testing.T) {
	m := chess.MustParseMaterial("KRvK")
	tables := map[bool]*format.Table{}
	positions := map[bool]int{}
	for _, sliced := range []bool{false, true} {
		dir := t.TempDir()
		p, err := plan.New([]chess.Material{m}, plan.Options{SliceAll: sliced})
		if err != nil {
			t.Fatal(err)
		}
		for n, j := range p.Jobs {
			if plan.Done(dir, j) {
				t.Fatalf("sliced %v: job %d done before it ran", sliced, n)
			}
			st, err := plan.RunJob(context.Background(), dir, p, n, plan.JobOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !plan.Done(dir, j) || st.Bytes == 0 {
				t.Errorf("sliced %v: job %d (%s): no output (stats %+v)", sliced, n, j.Name(), st)
			}
			back, err := plan.ReadStats(dir, j)
			if err == nil { // the file keeps the times to 0.1 s
				back.Seconds, back.CPUSeconds = st.Seconds, st.CPUSeconds
			}
			if err != nil || *back != *st {
				t.Errorf("sliced %v: job %d: read back %+v, %v; want %+v", sliced, n, back, err, st)
			}
		}
		tab, err := format.ReadFile(filepath.Join(dir, plan.TablePath(m)))
		if err != nil {
			t.Fatal(err)
		}
		if got := len(tab.Slices) > 0; got != sliced {
			t.Errorf("sliced %v: the table has %d slices", sliced, len(tab.Slices))
		}
		st, err := p.TableStats(dir, m)
		if err != nil {
			t.Fatal(err)
		}
		if st.Cubes != tab.Cubes() || st.Positions == 0 {
			t.Errorf("sliced %v: TableStats %+v, the table has %d cubes", sliced, st, tab.Cubes())
		}
		tables[sliced], positions[sliced] = tab, st.Positions
	}
	if positions[false] != positions[true] {
		t.Errorf("stored positions: %d whole, %d sliced", positions[false], positions[true])
	}
	v, err := chess.NewSolver().SolveValues(m)
	if err != nil {
		t.Fatal(err)
	}
	c := format.NewCanonicalizer(m, tables[false].Symmetry)
	for x := range uint32(m.Size()) {
		want := v.At(int(x))
		if want < chess.Win || want > chess.Loss || !c.IsRepresentative(x) {
			continue
		}
		if tables[false].Lookup(x) != want || tables[true].Lookup(x) != want {
			t.Fatalf("position %#x: %v whole, %v sliced, want %v", x, tables[false].Lookup(x), tables[true].Lookup(x), want)
		}
	}
}

// TestRunJobErrors checks that a job whose inputs are missing, a job number outside the
// plan and a statistics file that is bad are errors that say so.
func TestRunJobErrors(t *testing.T) {
	m := chess.MustParseMaterial("KQvK")
	p, err := plan.New([]chess.Material{m}, plan.Options{SliceAll: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	last := len(p.Jobs) - 1
	for _, tc := range []struct {
		n    int
		want string
	}{
		{last, "inputs are missing"},
		{1, "inputs are missing"},
		{len(p.Jobs), "the plan has jobs 0 to"},
		{-1, "the plan has jobs 0 to"},
	} {
		if _, err := plan.RunJob(context.Background(), dir, p, tc.n, plan.JobOptions{Workers: 1}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("job %d: error %v, want one saying %q", tc.n, err, tc.want)
		}
	}
	if _, err := plan.RunJob(context.Background(), dir, p, 0, plan.JobOptions{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, filepath.FromSlash(plan.StatsPath(p.Jobs[0])))
	if err := os.WriteFile(path, []byte("job,positions\n0,x\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := plan.ReadStats(dir, p.Jobs[0]); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("bad statistics: error %v, want one naming %s", err, path)
	}
	if _, err := p.TableStats(dir, m); err == nil {
		t.Error("TableStats of a build whose slices did not run: no error")
	}
}
