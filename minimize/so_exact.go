package minimize

import "github.com/espresso-go/espresso/cover"

func exactStep(r *Run, F, D, R *cover.Cover) (*cover.Cover, error) {
	return r.MinimizeExact(F, D, R, true)
}

// SingleOutputExact is [Run.SingleOutput] with each output minimized by
// [Run.MinimizeExact] (so_espresso with strategy 1, -Dso -S1).
func (r *Run) SingleOutputExact(F, D, R *cover.Cover) (*cover.Cover, error) {
	return r.singleOutput(exactStep, "EXACT", F, D, R)
}

// SingleOutputBothExact is [Run.SingleOutputBoth] with each phase
// minimized by [Run.MinimizeExact] (so_both_espresso with strategy 1).
func (r *Run) SingleOutputBothExact(F, D, R *cover.Cover) (*cover.Cover, cover.Set, error) {
	return r.singleOutputBoth(exactStep, "EXACT", F, D, R)
}
