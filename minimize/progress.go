package minimize

// progress tells Options.Progress, when set, that step has done cubes of
// total done (-1: not counted).
func (r *Run) progress(step Timer, done, total int) {
	if r.opt.Progress != nil {
		r.opt.Progress(step, done, total)
	}
}
