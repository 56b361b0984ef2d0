#!/usr/bin/env bash
# test.sh [--fake]: build the same tables through Slurm and locally, and
# compare the files byte for byte.
#
# Installs Slurm and MUNGE from Debian if missing (install.sh), starts a
# single-node cluster on this machine (cluster.sh), plans the 3-piece tables
# and one 4-piece material with `tablebase plan`, submits the plan with
# submit.sh, waits for every job, builds the same materials locally with
# `tablebase build`, and a third time by running `tablebase job` for each job
# in turn, the longest one killed a few seconds in and run again; compares
# every output the plan names, and stops the cluster. Exits 0 only when every
# file is identical three ways. On the way, it renders the plan as Kubernetes
# Indexed Jobs (deploy/kubernetes/render.sh) and checks their pod count. Run
# as root, from anywhere in the repository; CI runs it from .ci/run.
#
# --fake submits testdata/fake-tablebase instead of the real command: the same
# cluster, job arrays and comparison in seconds, for working on these scripts.
#
# Environment: TABLEBASE, a tablebase binary to test (default: built from
# ./cmd/tablebase); SLURM_TEST_MATERIALS (default: the five 3-piece tables and
# KQvKQ); SLURM_TEST_OPTIONS, options of tablebase plan and build (e.g.
# --slice-all); SLURM_TEST_TIMEOUT, the seconds to wait for the jobs (default 1200);
# SLURM_TEST_KILL_AFTER, when to kill the longest job (default 3 seconds);
# SLURM_TEST_KEEP=1 keeps the work folder (its path is printed).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fake=
case ${1:-} in
--fake) fake=1 ;;
"") ;;
*)
  echo "usage: test.sh [--fake]" >&2
  exit 2
  ;;
esac
read -r -a materials <<<"${SLURM_TEST_MATERIALS:-KQvK KRvK KBvK KNvK KPvK KQvKQ}"
read -r -a options <<<"${SLURM_TEST_OPTIONS:-}"
timeout=${SLURM_TEST_TIMEOUT:-1200}
kill_after=${SLURM_TEST_KILL_AFTER:-3}

log() { echo "test.sh: $*" >&2; }
fail() {
  log "FAIL: $*"
  exit 1
}
# quietly LOG COMMAND...: run COMMAND with its output (the progress lines)
# appended to LOG; when it fails, show LOG's last lines.
quietly() {
  local file=$1
  shift
  if "$@" >>"$file" 2>&1; then
    return 0
  fi
  echo "--- $file (last 30 lines)" >&2
  tail -n 30 "$file" >&2
  return 1
}

[ "$(id -u)" = 0 ] || fail "run as root (slurmd runs the jobs, munged holds the key)"
"$here/install.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/tablebase-slurm.XXXXXX")
chmod 755 "$work"
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  "$here/cluster.sh" stop "$work/cluster" || status=1
  if [ -n "${SLURM_TEST_KEEP:-}" ]; then
    log "kept $work"
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ -n "$fake" ]; then
  bin=$here/testdata/fake-tablebase
elif [ -n "${TABLEBASE:-}" ]; then
  bin=$(cd "$(dirname "$TABLEBASE")" && pwd)/$(basename "$TABLEBASE")
else
  log "building cmd/tablebase"
  (cd "$root" && go build -o "$work/tablebase" ./cmd/tablebase)
  bin=$work/tablebase
fi

mkdir -p "$work/cluster"
"$here/cluster.sh" start "$work/cluster"
eval "$("$here/cluster.sh" env "$work/cluster")"

log "planning ${options[*]} ${materials[*]}"
"$bin" plan --out "$work/slurm" "${options[@]}" "${materials[@]}" >/dev/null
jobs=$(awk -F'\t' '!/^#/ && $1 ~ /^[0-9]+$/' "$work/slurm/plan.tsv" | wc -l)
[ "$jobs" -gt 0 ] || fail "the plan has no jobs"
ids=$("$here/submit.sh" "$work/slurm" "$bin" | paste -sd, -)

# The same plan as Kubernetes Indexed Jobs (deploy/kubernetes): one Job per
# wave, whose completions together are the plan's jobs.
TABLEBASE=$bin "$here/../kubernetes/render.sh" "$work/slurm" "$work/kubernetes" example/tablebase tables >/dev/null
pods=$(awk '/^  completions: [0-9]+$/ { n += $2 } END { print n + 0 }' "$work"/kubernetes/wave-*.yaml)
[ "$pods" = "$jobs" ] || fail "kubernetes/render.sh: the Jobs have $pods completions, the plan $jobs jobs"

log "submitted $jobs jobs as Slurm job arrays $ids; waiting up to ${timeout}s"

# The jobs are done when none is pending, configuring, running or completing.
start=$SECONDS
while :; do
  active=$(squeue -h -r -t all -j "$ids" -o '%T' | grep -cvE '^(COMPLETED|FAILED|CANCELLED|TIMEOUT|OUT_OF_MEMORY|NODE_FAIL|PREEMPTED|BOOT_FAIL|DEADLINE)$' || true)
  [ "$active" -eq 0 ] && break
  if [ $((SECONDS - start)) -ge "$timeout" ]; then
    squeue -r -t all -j "$ids" >&2 || true
    fail "the jobs did not finish within ${timeout}s (SLURM_TEST_TIMEOUT)"
  fi
  sleep 2
done
log "jobs ended after $((SECONDS - start))s"

# Every task of every array must have completed: a failed one is reported
# with its log, and the later waves it cancelled with it.
states=$(squeue -h -r -t all -j "$ids" -o '%i %T')
done=$(grep -c ' COMPLETED$' <<<"$states" || true)
if [ "$done" -ne "$jobs" ]; then
  grep -v ' COMPLETED$' <<<"$states" >&2 || true
  for f in "$work"/slurm/slurm/*.out; do
    [ -e "$f" ] || continue
    if grep -q . "$f" && ! grep -q 'COMPLETED' <<<"$(grep -F "$(basename "$f" .out) " <<<"$states")"; then
      echo "--- $f" >&2
      tail -n 20 "$f" >&2
    fi
  done
  fail "$done of $jobs jobs completed"
fi

log "building the same locally"
quietly "$work/local.log" "$bin" build --out "$work/local" "${options[@]}" "${materials[@]}" ||
  fail "tablebase build failed"

# The third way: the jobs one by one, as a plain loop would run them, with
# the longest job killed (SIGKILL) a few seconds in and run again. A killed
# job leaves no output or a whole one, since every output is written
# atomically: the run after the kill finishes the job or finds it done.
log "running the jobs one by one, killing the longest after ${kill_after}s"
"$bin" plan --out "$work/byjob" "${options[@]}" "${materials[@]}" >/dev/null
longest=$(awk -F'\t' '!/^#/ && $1 ~ /^[0-9]+$/ && $7 + 0 >= most { most = $7 + 0; job = $1 } END { print job }' "$work/byjob/plan.tsv")
while IFS=$'\t' read -r job output; do
  if [ "$job" = "$longest" ]; then
    # (In a subshell that waits for it, whose stderr takes the shell's
    # "Killed" notice.)
    if (
      timeout -s KILL "$kill_after" "$bin" job "$work/byjob" "$job" >>"$work/byjob.log" 2>&1
      status=$?
      exit "$status"
    ) 2>/dev/null; then
      log "job $job ended before it could be killed"
    elif [ -e "$work/byjob/$output" ]; then
      # Killed between its rename and its exit: the output is whole, as the
      # comparison below checks.
      log "job $job killed as it ended, its output written"
    else
      log "job $job killed after ${kill_after}s; running it again"
    fi
  fi
  quietly "$work/byjob.log" "$bin" job "$work/byjob" "$job" || fail "job $job failed when run alone"
done < <(awk -F'\t' '!/^#/ && $1 ~ /^[0-9]+$/ { print $1 "\t" $9 }' "$work/byjob/plan.tsv")

# Compare every output the plan names: the tables (kinds table and assemble)
# must exist in every folder; an intermediate file (values, slices) must be
# in all or in none, and identical.
compared=0
while IFS=$'\t' read -r job kind output; do
  present=0
  for way in slurm local byjob; do
    [ -e "$work/$way/$output" ] && present=$((present + 1))
  done
  if [ "$present" = 0 ]; then
    case $kind in
    table | assemble) fail "job $job ($kind): $output written by no build" ;;
    *) continue ;;
    esac
  fi
  for way in slurm local byjob; do
    [ -e "$work/$way/$output" ] || fail "job $job ($kind): $output missing from the $way build"
  done
  cmp "$work/slurm/$output" "$work/local/$output" ||
    fail "job $job ($kind): $output differs between the Slurm and the local build"
  cmp "$work/slurm/$output" "$work/byjob/$output" ||
    fail "job $job ($kind): $output differs between the Slurm build and the jobs run one by one"
  compared=$((compared + 1))
done < <(awk -F'\t' '!/^#/ && $1 ~ /^[0-9]+$/ { print $1 "\t" $3 "\t" $9 }' "$work/slurm/plan.tsv")
[ "$compared" -gt 0 ] || fail "no file compared"
log "ok: $compared files of $jobs jobs identical three ways (Slurm, tablebase build, the jobs one by one with a kill) for ${materials[*]}"
