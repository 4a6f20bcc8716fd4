#!/usr/bin/env bash
# Two builds of membench on one copy, alternating, beside perf bench mem, into
# bench/RESULTS.md: whether a change to how membench samples changes its
# spread between invocations. OLD is a membench binary built without the
# change (e.g. from a worktree of the commit before it).
#   bench/builds_compare.sh BATCHES SIZE OLD "WHAT CHANGED"
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 4 ] || { echo "usage: bench/builds_compare.sh BATCHES SIZE OLD \"WHAT CHANGED\"" >&2; exit 2; }
. bench/peers.sh
install_missing perf:linux-perf python3:python3
make build >/dev/null
exec python3 bench/builds_compare.py --batches "$1" --size "$2" --old "$3" --what "$4" --out bench/RESULTS.md
