package bench

import (
	"strings"
	"testing"
)

// TestDropIn: the drop-in section sets ours beside the reference on the
// start-up PLA, the reference suite's sum and the chess tables' peaks, and
// says which aims are met; without a reference there is no section.
func TestDropIn(t *testing.T) {
	run := func(suite, input, bin string, wall float64, rssKB int64, st Status) Result {
		return Result{Suite: suite, Input: input, Condition: "espresso", Binary: bin, Status: st, WallS: wall, MaxRSSKB: rssKB}
	}
	withRef := []Result{
		run(StartupSuite, "tiny.pla", Ours, 0.008, 3000, StatusOK),
		run(StartupSuite, "tiny.pla", Reference, 0.004, 2000, StatusOK),
		run("espresso-suite", "a", Ours, 1.0, 9000, StatusOK),
		run("espresso-suite", "a", Reference, 2.0, 9000, StatusOK),
		run("espresso-suite", "b", Ours, 0.5, 9000, StatusOK),
		run("espresso-suite", "b", Reference, 0.5, 9000, StatusOK),
		run("chess", "KQk-canonical", Ours, 9, 60<<10, StatusOK),
		run("chess", "KQk-canonical", Reference, 90, 39<<10, StatusOK),
		run("chess", "KPk-canonical", Ours, 20, 95<<10, StatusOK),
		run("chess", "KPk-canonical", Reference, 30, 20<<10, StatusTimeout),
	}
	tests := []struct {
		name    string
		results []Result
		want    []string
		notWant []string
	}{
		{"with a reference", withRef, []string{
			"## A drop-in for the reference",
			"| start-up: a PLA of 2 inputs, median wall time | 8 ms | 4 ms | 2.00 | ≤ 1.5× | no |",
			"| the reference suite: wall time summed over the 2 PLAs both finished | 1.5 s | 2.5 s | 0.60 | ≤ 0.8× | yes |",
			"| peak memory: chess2pla --canonical KQk \\| espresso | 60 MiB | 39 MiB | 1.54 | ≤ 2.0× | yes |",
			"| peak memory: chess2pla --canonical KPk \\| espresso | 95 MiB | at least 20 MiB (stopped at the time limit) | at most 4.75 | ≤ 2.0× | — |",
		}, nil},
		{"the reference failed", []Result{
			run("chess", "KQk-canonical", Ours, 9, 60<<10, StatusOK),
			run("chess", "KQk-canonical", Reference, 1, 1<<10, StatusFailed),
		}, []string{"| peak memory: chess2pla --canonical KQk \\| espresso | 60 MiB | did not finish | — | ≤ 2.0× | — |"}, nil},
		{"ours alone", withRef[:1], nil, []string{"A drop-in"}},
	}
	for _, tc := range tests {
		var b strings.Builder
		if err := WriteMarkdown(&b, Meta{}, tc.results, nil, ""); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: the report lacks %q:\n%s", tc.name, w, b.String())
			}
		}
		for _, w := range tc.notWant {
			if strings.Contains(b.String(), w) {
				t.Errorf("%s: the report has %q", tc.name, w)
			}
		}
	}
}
