package minimize_test

import (
	"bufio"
	"strings"
	"testing"

	"github.com/espresso-go/espresso/cover"
	"github.com/espresso-go/espresso/minimize"
)

// TestTraceLinesFlushed checks that each -t line reaches the writer under
// a bufio.Writer as soon as its step ends: a minimization of hours shows
// its progress, not everything at the end.
func TestTraceLinesFlushed(t *testing.T) {
	cube, err := cover.NewCube(2, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	cubeOf := func(a, b int) cover.Set {
		s := cube.NewSet()
		cover.SetInput(s, 0, a)
		cover.SetInput(s, 1, b)
		s.Insert(4)
		return s
	}
	F := cover.FromSets(cube.Size, []cover.Set{cubeOf(cover.Zero, cover.One), cubeOf(cover.One, cover.One)})
	R := cover.FromSets(cube.Size, []cover.Set{cubeOf(cover.Dash, cover.Zero)})

	var under strings.Builder
	out := bufio.NewWriterSize(&under, 1<<16)
	opt := minimize.DefaultOptions()
	opt.Trace, opt.Out = true, out
	if _, err := minimize.Espresso(cube, F, cube.NewCover(0), R, opt); err != nil {
		t.Fatal(err)
	}
	if n := out.Buffered(); n != 0 {
		t.Errorf("%d bytes of the trace still buffered after the run; written so far:\n%s", n, under.String())
	}
	if !strings.Contains(under.String(), "# EXPAND     \tTime was") {
		t.Errorf("no EXPAND line in the trace:\n%s", under.String())
	}
}
