#!/usr/bin/env bash
# Issue 18's peer table re-measured into bench/RESULTS.md: rt-tests'
# hackbench side by side with membench's, and membench's lat_mem_rd- and
# usemem-equivalent modes. Installs the peer (Debian's rt-tests) and python3
# for the bookkeeping; neither is a dependency of membench itself.
#   bench/peer_table.sh [ROUNDS]   (default 3; about 4 minutes a round)
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v hackbench >/dev/null || need+=(rt-tests)
command -v python3 >/dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || { echo "install ${need[*]} first (as root: apt-get install ${need[*]})" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
make build >/dev/null
exec python3 bench/peer_table.py --rounds "${1:-3}" --membench build/membench --out bench/RESULTS.md
