#!/usr/bin/env bash
# render.sh PLAN_DIR OUT IMAGE CLAIM [DIR]: write OUT/wave-W.yaml, one
# Kubernetes Indexed Job per wave of PLAN_DIR/plan.tsv, from wave-job.yaml.
#
# PLAN_DIR is where this machine sees the plan; DIR is where the pods see it
# inside the volume CLAIM, mounted at /tables (default: /tables). IMAGE holds
# the tablebase binary. Each Job asks for the memory and time of its wave's
# largest job, as `tablebase plan --waves` prints them (TABLEBASE: the
# tablebase binary on this machine, default `tablebase` on PATH). Prints the
# files written, in the order to apply them.
set -euo pipefail

if [ $# -lt 4 ] || [ $# -gt 5 ]; then
  echo "usage: render.sh PLAN_DIR OUT IMAGE CLAIM [DIR]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
plan=$1/plan.tsv out=$2 image=$3 claim=$4 dir=${5:-/tables}
[ -f "$plan" ] || {
  echo "render.sh: $plan: no such file" >&2
  exit 1
}
waves=$("${TABLEBASE:-tablebase}" plan --waves --out "$1")
mkdir -p "$out"
while read -r wave first last mem minutes; do
  f=$out/wave-$wave.yaml
  sed -e "s|@WAVE@|$wave|g" -e "s|@FIRST@|$first|g" -e "s|@COUNT@|$((last - first + 1))|g" \
    -e "s|@MEMORY_MIB@|$mem|g" -e "s|@SECONDS@|$((minutes * 60))|g" \
    -e "s|@IMAGE@|$image|g" -e "s|@CLAIM@|$claim|g" -e "s|@DIR@|$dir|g" \
    "$here/wave-job.yaml" >"$f"
  echo "$f"
done <<<"$waves"
