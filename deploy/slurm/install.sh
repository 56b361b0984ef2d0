#!/usr/bin/env bash
# Installs what deploy/slurm/test.sh needs from Debian: Slurm's controller
# (slurmctld), its node daemon (slurmd), its client commands (sbatch,
# squeue, sinfo, scontrol) and MUNGE, the authentication they share.
# Run as root. Does nothing when they are already installed, so CI can call
# it on every run; reads no standard input.
set -euo pipefail

need=()
for cmd in slurmctld slurmd sbatch squeue scontrol munged mungekey; do
  command -v "$cmd" >/dev/null 2>&1 || need+=("$cmd")
done
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
echo "install.sh: missing ${need[*]}; installing slurmctld slurmd slurm-client munge" >&2
if [ "$(id -u)" != 0 ]; then
  echo "install.sh: must run as root to install packages" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# The packages' maintainer scripts try to start their services; the cluster
# is started by cluster.sh instead, with its own configuration, so forbid
# that for the length of the install (policy-rc.d exit 101: "not allowed").
policy=/usr/sbin/policy-rc.d
made_policy=
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  made_policy=1
fi
trap '[ -z "$made_policy" ] || rm -f "$policy"' EXIT
apt-get update -q </dev/null
apt-get install -y -q --no-install-recommends slurmctld slurmd slurm-client munge </dev/null
