#!/usr/bin/env bash
# submit.sh DIR [TABLEBASE_BINARY]: submit the build plan DIR/plan.tsv (written
# by `tablebase plan --out DIR ...`) to Slurm, one job array per group of jobs:
# the jobs of one kind and one material in one wave (a material's solve, its
# slices, its assembly; a table built whole).
#
# The plan numbers its jobs from 0 in wave order, the jobs of a group one after
# the other, so a group is a contiguous range A-B of job numbers. Its array is
# `sbatch --array=A-B`, each task running `tablebase job DIR $SLURM_ARRAY_TASK_ID`
# (the array task's id is the job's number). The array asks for the memory
# (--mem) and time (--time) of the group's largest job, and starts only when the
# arrays of the jobs it runs after have succeeded (--dependency=afterok), not a
# whole wave: a table's assembly starts when its own slices are done, whatever
# the other tables' slices. Should a task fail, the arrays that run after it are
# cancelled (--kill-on-invalid-dep=yes), and a rerun of submit.sh resumes, since
# a job whose output exists is skipped.
#
# DIR must be on a filesystem every node shares, and TABLEBASE_BINARY (default:
# `tablebase` on PATH) at the same path on every node. The tasks write their
# logs to DIR/slurm/. Prints one Slurm job id a line, group by group, on stdout,
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

# One line a group: "first last memory_mib minutes after", after the groups
# (their lines, from 0) whose jobs the group's jobs run after, joined by
# commas, or "-". The plan's columns: job wave kind material slice memory_mib
# minutes after output.
groups=$(awk -F'\t' '
  !/^#/ && $1 ~ /^[0-9]+$/ {
    key = $2 " " $3 " " $4
    if (n == 0 || key != current) { g = n++; current = key; first[g] = $1; mem[g] = 0; min[g] = 0; deps[g] = "" }
    group[$1] = g
    last[g] = $1
    if ($6 + 0 > mem[g]) mem[g] = $6 + 0
    if ($7 + 0 > min[g]) min[g] = $7 + 0
    if ($8 != "-") {
      k = split($8, after, ",")
      for (i = 1; i <= k; i++) {
        d = group[after[i]]
        if (!((g, d) in seen)) { seen[g, d] = 1; deps[g] = deps[g] (deps[g] == "" ? "" : ",") d }
      }
    }
  }
  END { for (g = 0; g < n; g++) print first[g], last[g], mem[g], min[g], (deps[g] == "" ? "-" : deps[g]) }' "$plan")
[ -n "$groups" ] || {
  echo "submit.sh: $plan: no jobs" >&2
  exit 1
}

mkdir -p "$dir/slurm"
# The task's shell expands SLURM_ARRAY_TASK_ID: the job's number.
command=$(printf 'exec %q job %q "$SLURM_ARRAY_TASK_ID"' "$bin" "$dir")
ids=()
while read -r first last mem minutes after; do
  args=(--parsable --job-name="tablebase-$first" --array="$first-$last"
    --mem="${mem}M" --time="$minutes" --cpus-per-task="${TABLEBASE_CPUS:-1}"
    --chdir="$dir" --output="$dir/slurm/%A_%a.out" --kill-on-invalid-dep=yes)
  if [ "$after" != - ]; then
    dependency=afterok
    for g in ${after//,/ }; do
      dependency+=":${ids[$g]}"
    done
    args+=(--dependency="$dependency")
  fi
  id=$(sbatch "${args[@]}" --wrap="$command" </dev/null)
  id=${id%%;*} # --parsable prints "id;cluster" on a federation
  echo "submit.sh: jobs $first-$last, ${mem} MiB, $minutes min, after ${after//,/ }: Slurm job $id" >&2
  echo "$id"
  ids+=("$id")
done <<<"$groups"
