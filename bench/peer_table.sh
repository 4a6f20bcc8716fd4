#!/usr/bin/env bash
# Issue 18's peer table re-measured into bench/RESULTS.md: rt-tests'
# hackbench side by side with membench's, and membench's lat_mem_rd- and
# usemem-equivalent modes. Installs the peer (Debian's rt-tests) and python3
# for the bookkeeping; neither is a dependency of membench itself. lmbench's
# lat_mem_rd and vm-scalability's usemem are not packaged: build them outside
# this tree and name them to run them side by side too.
#   [LAT_MEM_RD=path] [USEMEM=path] bench/peer_table.sh [ROUNDS]   (default 3; about 4 minutes a round, 7-8 with the peers)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing hackbench:rt-tests python3:python3
make build >/dev/null
exec python3 bench/peer_table.py --rounds "${1:-3}" --membench build/membench --out bench/RESULTS.md \
  --lat-mem-rd "${LAT_MEM_RD:-}" --usemem "${USEMEM:-}"
