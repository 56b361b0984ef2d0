# waves.awk: the waves of a build plan (DIR/plan.tsv, written by `tablebase
# plan`), one line each: "wave first last memory_mib minutes", where first-last
# is the wave's contiguous range of job numbers and memory_mib and minutes are
# its largest job's, rounded up to whole MiB and minutes. Checks the header
# line, the field count, the numbering from 0 and the order of the waves; a
# fault is reported as "plan.tsv:LINE: what is wrong" with exit status 1.
#
#   awk -F'\t' -v plan=DIR/plan.tsv -f waves.awk DIR/plan.tsv
#
# Used by deploy/slurm/submit.sh (one job array per wave) and
# deploy/kubernetes/render.sh (one Indexed Job per wave).
function fail(msg) {
  printf "%s:%d: %s\n", plan, NR, msg > "/dev/stderr"
  bad = 1
  exit 1
}
/^#/ || /^[ \t]*$/ { next }
!header {
  want = "job\twave\tkind\tmaterial\tslice\tmemory_mib\tminutes\tafter\toutput"
  if ($0 != want) fail("want the header line \"" want "\"")
  header = 1
  next
}
{
  if (NF != 9) fail("want 9 tab-separated fields, have " NF)
  if ($1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/) fail("job and wave must be numbers")
  if ($6 !~ /^[0-9]+(\.[0-9]*)?$/ || $7 !~ /^[0-9]+(\.[0-9]*)?$/) fail("memory_mib and minutes must be numbers")
  if ($1 != jobs) fail("job " $1 " out of order (want " jobs ")")
  jobs++
  w = $2 + 0
  if (n == 0 || w != wave[n]) {
    if (n > 0 && w < wave[n]) fail("wave " w " after wave " wave[n])
    n++
    wave[n] = w; first[n] = $1; mem[n] = 0; min[n] = 0
  }
  last[n] = $1
  if ($6 + 0 > mem[n]) mem[n] = $6 + 0
  if ($7 + 0 > min[n]) min[n] = $7 + 0
}
END {
  if (bad) exit 1
  if (!header) {
    printf "%s: no header line\n", plan > "/dev/stderr"
    exit 1
  }
  if (n == 0) {
    printf "%s: no jobs\n", plan > "/dev/stderr"
    exit 1
  }
  for (i = 1; i <= n; i++) {
    # Never 0: Slurm reads --mem=0 as "all the node's memory" and --time=0
    # as "no limit".
    m = int(mem[i]); if (m < mem[i]) m++; if (m < 64) m = 64
    t = int(min[i]); if (t < min[i]) t++; if (t < 1) t = 1
    print wave[i], first[i], last[i], m, t
  }
}
