package bench

import (
	"bytes"
	"strings"
	"testing"
)

// TestMemorySection: the section lists the runs where the reference took
// 0.1 s or more and the chess tables, largest reference peak first, with
// whether ours is within twice the reference's peak or 20 MiB.
func TestMemorySection(t *testing.T) {
	mk := func(suite, input, bin string, wall float64, kb int64) Result {
		return Result{Suite: suite, Input: input, Condition: "espresso", Binary: bin, Status: StatusOK,
			Cubes: 1, WallS: wall, CPUS: wall, MaxRSSKB: kb}
	}
	results := []Result{
		mk("s", "fast", Ours, 0.01, 90<<10), mk("s", "fast", Reference, 0.01, 1<<10), // under 0.1 s: left out
		mk("s", "big", Ours, 1, 100<<10), mk("s", "big", Reference, 2, 40<<10), // 2.5×: not within; the geometric mean of 2.5, 60/39 and 5 is 2.68
		mk("s", "small", Ours, 0.1, 15<<10), mk("s", "small", Reference, 0.2, 3<<10), // 15 MiB: within
		mk("chess", "KQk", Ours, 0.05, 60<<10), mk("chess", "KQk", Reference, 0.05, 39<<10), // a chess table: listed
	}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, Meta{}, results, nil, ""); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"Runs where the reference took 0.1 s or more, and the chess tables: 3, of which 2 peak at\nmost 2× the reference's or 20 MiB; peak ours / reference 2.68 (geometric mean), largest 5.00 (small, espresso).",
		"| s | big | espresso | 2.00 | 100.0 | 40.0 | 2.50 | no |\n| chess | KQk | espresso | 0.050 | 60.0 | 39.0 | 1.54 | yes |\n| s | small | espresso | 0.200 | 15.0 | 3.0 | 5.00 | yes |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(md, "| fast |") && strings.Contains(md[strings.Index(md, "## Peak memory"):], "| fast |") {
		t.Error("the memory section lists a run under 0.1 s")
	}
	if t.Failed() {
		t.Logf("report:\n%s", md)
	}
}
