package plan

import (
	"errors"
	"fmt"
	"strconv"
)

// JobNumber returns the number of the job to run, of a plan of jobs jobs: arg when it is
// not empty, else $SLURM_ARRAY_TASK_ID (a Slurm job array's task), else
// $JOB_COMPLETION_INDEX (a Kubernetes Indexed Job's), as getenv finds them.
func JobNumber(arg string, getenv func(string) string, jobs int) (int, error) {
	from := "the argument"
	if arg == "" {
		for _, v := range []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"} {
			if arg = getenv(v); arg != "" {
				from = "$" + v
				break
			}
		}
	}
	if arg == "" {
		return 0, errors.New("no job number: give it as an argument, or set SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX")
	}
	n, err := strconv.Atoi(arg)
	if err != nil {
		return 0, fmt.Errorf("job number %q (from %s): not a whole number", arg, from)
	}
	if n < 0 || n >= jobs {
		return 0, fmt.Errorf("job number %d (from %s): the plan has jobs 0 to %d", n, from, jobs-1)
	}
	return n, nil
}
