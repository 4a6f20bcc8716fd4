#!/usr/bin/env bash
# chase's walk, unrolled as lat_mem_rd's against tight, beside lat_mem_rd
# itself (issue 18), written into bench/RESULTS.md. lmbench is not
# packaged: build lat_mem_rd from its public source outside this tree and
# name it in LAT_MEM_RD (without it, only membench's rows are measured).
#   LAT_MEM_RD=/path/to/lat_mem_rd bench/chase_loop.sh [ROUNDS]   (default 2; about 6 minutes a round)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing python3:python3 perf:linux-perf
make build >/dev/null
exec python3 bench/chase_loop.py --rounds "${1:-2}" --lat-mem-rd "${LAT_MEM_RD:-}" --membench build/membench \
  --out bench/RESULTS.md
