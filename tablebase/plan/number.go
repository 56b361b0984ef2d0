package plan

import (
	"fmt"
	"strconv"
)

// ParseJobNumber returns the job number s names, of a plan of jobs jobs. A cluster gives
// each task its number as the argument of `tablebase job DIR N`: the scripts of deploy/
// map their engine's task index onto it (a Slurm array task's id, a Kubernetes Indexed
// Job's completion index plus the wave's first job), so that no engine is named here.
func ParseJobNumber(s string, jobs int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("job number %q: not a whole number", s)
	}
	if n < 0 || n >= jobs {
		return 0, fmt.Errorf("job number %d: the plan has jobs 0 to %d", n, jobs-1)
	}
	return n, nil
}
