#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for testing submit.sh.
#
#   cluster.sh start STATE   start munged, slurmctld and slurmd with a
#                            configuration written into the empty or new
#                            directory STATE; wait until the node is idle
#   cluster.sh stop STATE    cancel every job, stop the three daemons
#   cluster.sh env STATE     print the export line that points sbatch,
#                            squeue and scontrol at this cluster
#
# Run as root (slurmd runs the jobs as their submitter and munged's key is
# root's here). Everything the cluster writes stays in STATE: its slurm.conf,
# the MUNGE key and socket, the controller's state, the daemons' logs and
# pid files. Nothing in /etc is read or changed, so a system Slurm or MUNGE,
# if any, is left alone. The plugins are those that work in a container
# without cgroups or systemd: proctrack/linuxproc, task/none and
# select/cons_tres (cores and memory as consumable resources, so that --mem
# counts). The node has this machine's memory and its CPUs, or
# SLURM_TEST_CPUS (default 4) if that is more. Finished jobs stay listed by
# squeue for a day (MinJobAge), so that a test can read every task's end
# state, and a job that runs past its --time is not killed (OverTimeLimit):
# a test of byte identity should not fail because a busy machine ran a job
# slower than the plan expected. The ports are SLURM_TEST_CTLD_PORT and
# SLURM_TEST_SLURMD_PORT (6817 and 6818 unless set).
set -euo pipefail

usage() {
  echo "usage: cluster.sh start|stop|env STATE" >&2
  exit 2
}

[ $# -eq 2 ] || usage
action=$1
state=$(cd "$2" 2>/dev/null && pwd) || {
  echo "cluster.sh: $2: no such directory" >&2
  exit 1
}
conf=$state/slurm.conf
socket=$state/munge/munge.socket

log() { echo "cluster.sh: $*" >&2; }

# pid_alive PIDFILE: whether the process named in PIDFILE still runs.
pid_alive() {
  [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

# stop_pid NAME PIDFILE: TERM the process, wait up to 15 s, then KILL.
stop_pid() {
  local name=$1 file=$2 pid
  pid_alive "$file" || { rm -f "$file"; return 0; }
  pid=$(cat "$file")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 150); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$file"; return 0; }
    sleep 0.1
  done
  log "$name (pid $pid) did not stop on TERM; killing it"
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$file"
}

write_conf() {
  local host cpus mem
  host=$(hostname -s)
  # slurmd -C prints this machine's CPUs and memory as slurm.conf wants them.
  cpus=$(slurmd -C | sed -n 's/.* CPUs=\([0-9]*\).*/\1/p')
  mem=$(slurmd -C | sed -n 's/.* RealMemory=\([0-9]*\).*/\1/p')
  if [ -z "$cpus" ] || [ -z "$mem" ]; then
    log "slurmd -C did not print CPUs and RealMemory"
    exit 1
  fi
  # At least 4 job slots, even on fewer cores (config_overrides keeps the
  # node from being drained for it): with more jobs side by side, a job
  # started before the jobs it depends on have ended fails, rather than
  # finding their outputs written by chance.
  if [ "$cpus" -lt "${SLURM_TEST_CPUS:-4}" ]; then
    cpus=${SLURM_TEST_CPUS:-4}
  fi
  cat >"$conf" <<CONF
# Written by deploy/slurm/cluster.sh: a single-node cluster for testing.
ClusterName=tablebase-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=${SLURM_TEST_CTLD_PORT:-6817}
SlurmdPort=${SLURM_TEST_SLURMD_PORT:-6818}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/slurmd
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
SlurmdParameters=config_overrides
MaxArraySize=100001
MinJobAge=86400
OverTimeLimit=UNLIMITED
SchedulerParameters=bf_interval=1
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
}

start() {
  if pid_alive "$state/slurmctld.pid" || pid_alive "$state/slurmd.pid" || pid_alive "$state/munged.pid"; then
    log "a cluster already runs in $state; stop it first"
    exit 1
  fi
  mkdir -p "$state/munge" "$state/ctld" "$state/slurmd"
  chmod 755 "$state/munge"
  write_conf

  # MUNGE: a fresh key for this cluster, a socket of its own.
  rm -f "$state/munge/munge.key"
  mungekey --create --keyfile="$state/munge/munge.key" 2>/dev/null ||
    dd if=/dev/urandom of="$state/munge/munge.key" bs=1024 count=1 status=none
  chmod 600 "$state/munge/munge.key"
  munged --force --key-file="$state/munge/munge.key" --socket="$socket" \
    --pid-file="$state/munged.pid" --log-file="$state/munged.log" \
    --seed-file="$state/munge/munged.seed"
  wait_for "munged" 10 test -S "$socket"

  export SLURM_CONF=$conf
  # -i: ignore state left by an earlier run; both daemonize and write their
  # pid files (named in slurm.conf).
  slurmctld -i -f "$conf"
  wait_for "slurmctld" 30 scontrol ping
  slurmd -f "$conf"
  wait_for "the node to become idle" 60 node_idle
  log "cluster up: $(sinfo -h -o '%P %D nodes %c CPUs %m MiB %T')"
}

node_idle() {
  sinfo -h -o '%T' 2>/dev/null | grep -qx idle
}

# wait_for WHAT SECONDS COMMAND...: retry COMMAND every half second; on
# timeout print the daemons' logs and fail.
wait_for() {
  local what=$1 secs=$2
  shift 2
  for _ in $(seq $((secs * 2))); do
    if "$@" >/dev/null 2>&1; then
      return 0
    fi
    sleep 0.5
  done
  log "timed out after ${secs}s waiting for $what"
  for f in munged slurmctld slurmd; do
    if [ -f "$state/$f.log" ]; then
      echo "--- $state/$f.log (last 30 lines)" >&2
      tail -n 30 "$state/$f.log" >&2
    fi
  done
  exit 1
}

stop() {
  export SLURM_CONF=$conf
  if pid_alive "$state/slurmctld.pid"; then
    # Cancel every job, then give the node up to 30 s to end them, so that no
    # job step outlives the daemons.
    scancel --full --partition=test 2>/dev/null || true
    for _ in $(seq 60); do
      # squeue lists only the jobs that have not ended.
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.5
    done
  fi
  stop_pid slurmd "$state/slurmd.pid"
  stop_pid slurmctld "$state/slurmctld.pid"
  stop_pid munged "$state/munged.pid"
}

case $action in
start) start ;;
stop) stop ;;
env) printf 'export SLURM_CONF=%q\n' "$conf" ;;
*) usage ;;
esac
