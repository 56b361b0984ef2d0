package minimize

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/espresso-go/espresso/cover"
)

// traceTimes matches the times of trace lines, which vary from run to run.
var traceTimes = regexp.MustCompile(`Time was [0-9.]+ sec`)

// TestProgress: with Progress set, a traced run is told of EXPAND, IRRED and REDUCE with
// counts within their covers, and writes the same trace (times masked) and result as
// without.
func TestProgress(t *testing.T) {
	c, err := cover.NewCube(6, []int{3})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 5))
	for trial := range 20 {
		F, D, R := randomFunction(c, rng, 4+rng.IntN(12), rng.IntN(3))
		run := func(progress func(Timer, int, int)) (string, string) {
			var trace bytes.Buffer
			opt := DefaultOptions()
			opt.Trace = true
			opt.Out = &trace
			opt.Progress = progress
			G, err := Espresso(c, F, D, R, opt)
			if err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
			var cubes bytes.Buffer
			for p := range G.All() {
				cubes.WriteString(c.Format(p) + "\n")
			}
			return cubes.String(), traceTimes.ReplaceAllString(trace.String(), "Time was T sec")
		}
		seen := map[Timer]bool{}
		G1, trace1 := run(func(step Timer, done, total int) {
			seen[step] = true
			if done < -1 || (done >= 0 && done >= total) || total < 0 {
				t.Errorf("trial %d: %s: %d of %d", trial, step.Name(), done, total)
			}
		})
		G0, trace0 := run(nil)
		if G1 != G0 || trace1 != trace0 {
			t.Errorf("trial %d: with Progress the run differs:\n%s%s\nwithout:\n%s%s", trial, G1, trace1, G0, trace0)
		}
		for _, step := range []Timer{ExpandTime, IrredTime} {
			if !seen[step] {
				t.Errorf("trial %d: not told of %s", trial, step.Name())
			}
		}
	}
}
