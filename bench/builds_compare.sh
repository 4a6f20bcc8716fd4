#!/usr/bin/env bash
# Two builds of membench on one copy, alternating, beside perf bench mem, into
# bench/RESULTS.md: whether a change to how membench samples changes its
# spread between invocations. OLD is a membench binary built without the
# change (e.g. from a worktree of the commit before it).
#   bench/builds_compare.sh BATCHES SIZE OLD "WHAT CHANGED"
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 4 ] || { echo "usage: bench/builds_compare.sh BATCHES SIZE OLD \"WHAT CHANGED\"" >&2; exit 2; }
need=()
command -v perf >/dev/null || need+=(linux-perf)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || { echo "install ${need[*]} first (as root: apt-get install ${need[*]})" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
make build >/dev/null
exec python3 bench/builds_compare.py --batches "$1" --size "$2" --old "$3" --what "$4" --out bench/RESULTS.md
