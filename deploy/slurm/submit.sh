#!/usr/bin/env bash
# submit.sh DIR [TABLEBASE_BINARY]: submit the build plan DIR/plan.tsv (written
# by `tablebase plan --out DIR ...`) to Slurm, one job array per wave.
#
# The plan numbers its jobs from 0 in wave order, so wave W is the contiguous
# range A-B of job numbers (`tablebase plan --waves` prints them). Its array is
# `sbatch --array=A-B`, each task running `tablebase job DIR $SLURM_ARRAY_TASK_ID`
# (the array task's id is the job's number). The
# array asks for the memory (--mem) and time (--time) of the wave's largest job,
# and starts only when the previous wave's array has succeeded
# (--dependency=afterok); should a task fail, the later waves are cancelled
# (--kill-on-invalid-dep=yes), and a rerun of submit.sh resumes, since a job
# whose output exists is skipped.
#
# DIR must be on a filesystem every node shares, and TABLEBASE_BINARY (default:
# `tablebase` on PATH) at the same path on every node. The tasks write their
# logs to DIR/slurm/. Prints one Slurm job id a line, wave by wave, on stdout,
# and what each array holds on stderr. sbatch's own environment variables
# (SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_QOS, ...) choose where the jobs go;
# TABLEBASE_CPUS (default 1) is each task's --cpus-per-task.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: submit.sh DIR [TABLEBASE_BINARY]" >&2
  exit 2
fi
dir=$(cd "$1" 2>/dev/null && pwd) || {
  echo "submit.sh: $1: no such directory" >&2
  exit 1
}
plan=$dir/plan.tsv
[ -f "$plan" ] || {
  echo "submit.sh: $plan: no such file (write it with tablebase plan --out $1 ...)" >&2
  exit 1
}
bin=${2:-tablebase}
if [[ $bin != */* ]]; then
  bin=$(command -v "$bin") || {
    echo "submit.sh: $bin: not found on PATH" >&2
    exit 1
  }
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || {
  echo "submit.sh: $bin: not an executable" >&2
  exit 1
}

# One line per wave: "wave first last memory_mib minutes".
waves=$("$bin" plan --waves --out "$dir")

mkdir -p "$dir/slurm"
# The task's shell expands SLURM_ARRAY_TASK_ID: the job's number.
command=$(printf 'exec %q job %q "$SLURM_ARRAY_TASK_ID"' "$bin" "$dir")
previous=
while read -r wave first last mem minutes; do
  args=(--parsable --job-name="tablebase-w$wave" --array="$first-$last"
    --mem="${mem}M" --time="$minutes" --cpus-per-task="${TABLEBASE_CPUS:-1}"
    --chdir="$dir" --output="$dir/slurm/%A_%a.out" --kill-on-invalid-dep=yes)
  if [ -n "$previous" ]; then
    args+=(--dependency="afterok:$previous")
  fi
  id=$(sbatch "${args[@]}" --wrap="$command" </dev/null)
  id=${id%%;*} # --parsable prints "id;cluster" on a federation
  echo "submit.sh: wave $wave: jobs $first-$last, ${mem} MiB, $minutes min: Slurm job $id" >&2
  echo "$id"
  previous=$id
done <<<"$waves"
