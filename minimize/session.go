package minimize

import "github.com/espresso-go/espresso/cover"

// Continue returns a Run for functions of the cube structure cube that
// carries on the session of r: the options as they stand (2.3 may have
// turned UnwrapOnset off or SkipMakeSparse on), the alternation of
// reduce's cube orders and the statistics, as 2.3's -Dmany carries its
// globals from one PLA to the next. r must not be used afterwards.
func (r *Run) Continue(cube *cover.Cube) *Run {
	n := *r
	n.cube = cube
	return &n
}
