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
// table and the statistics: whole, sliced and merged, and sliced and joined, the same
// material has the same stored positions and a table that gives them the same values.
func TestRunJob(t *testing.T) {
	m := chess.MustParseMaterial("KRvK")
	type build struct{ sliced, noMerge bool }
	builds := []build{{false, false}, {true, false}, {true, true}}
	tables := map[build]*format.Table{}
	positions := map[build]int{}
	for _, bd := range builds {
		dir := t.TempDir()
		p, err := plan.New([]chess.Material{m}, plan.Options{SliceAll: bd.sliced, NoMerge: bd.noMerge})
		if err != nil {
			t.Fatal(err)
		}
		for n, j := range p.Jobs {
			if plan.Done(dir, j) {
				t.Fatalf("%+v: job %d done before it ran", bd, n)
			}
			st, err := plan.RunJob(context.Background(), dir, p, n, plan.JobOptions{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !plan.Done(dir, j) || st.Bytes == 0 {
				t.Errorf("%+v: job %d (%s): no output (stats %+v)", bd, n, j.Name(), st)
			}
			back, err := plan.ReadStats(dir, j)
			if err == nil { // the file keeps the times to 0.1 s
				back.Seconds, back.CPUSeconds = st.Seconds, st.CPUSeconds
			}
			if err != nil || *back != *st {
				t.Errorf("%+v: job %d: read back %+v, %v; want %+v", bd, n, back, err, st)
			}
		}
		tab, err := format.ReadFile(filepath.Join(dir, plan.TablePath(m)))
		if err != nil {
			t.Fatal(err)
		}
		if got := len(tab.Slices) > 0; got != bd.noMerge {
			t.Errorf("%+v: the table has %d slices", bd, len(tab.Slices))
		}
		st, err := p.TableStats(dir, m)
		if err != nil {
			t.Fatal(err)
		}
		if st.Cubes != tab.Cubes() || st.Positions == 0 {
			t.Errorf("%+v: TableStats %+v, the table has %d cubes", bd, st, tab.Cubes())
		}
		tables[bd], positions[bd] = tab, st.Positions
	}
	for _, bd := range builds[1:] {
		if positions[bd] != positions[builds[0]] {
			t.Errorf("stored positions: %d whole, %d %+v", positions[builds[0]], positions[bd], bd)
		}
	}
	v, err := chess.NewSolver().SolveValues(m)
	if err != nil {
		t.Fatal(err)
	}
	c := format.NewCanonicalizer(m, tables[builds[0]].Symmetry)
	for x := range uint32(m.Size()) {
		want := v.At(int(x))
		if want < chess.Win || want > chess.Loss || !c.IsRepresentative(x) {
			continue
		}
		for _, bd := range builds {
			if got := tables[bd].Lookup(x); got != want {
				t.Fatalf("position %#x: %v in the table of %+v, want %v", x, got, bd, want)
			}
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
