#!/usr/bin/env bash
# membench's 2-worker copy and fill against likwid-bench, alternating, into
# bench/RESULTS.md. Installs the peer (Debian's likwid) and python3 for the
# bookkeeping; neither is a dependency of membench itself.
#   bench/likwid_compare.sh [ROUNDS]   (default 5; about 5 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v likwid-bench >/dev/null || need+=(likwid)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || { echo "install ${need[*]} first (as root: apt-get install ${need[*]})" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
make build >/dev/null
exec python3 bench/likwid_compare.py --rounds "${1:-5}" --membench build/membench --out bench/RESULTS.md
