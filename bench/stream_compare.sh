#!/usr/bin/env bash
# membench's stream beside McCalpin's STREAM (issue 44), written into
# bench/RESULTS.md. STREAM is not packaged: build stream.c from its public
# source outside this tree, with STREAM_ARRAY_SIZE the doubles of one of
# membench's default arrays (membench run stream says its size), e.g.
#   gcc -O3 -mcmodel=medium -DSTREAM_ARRAY_SIZE=150994944 -DNTIMES=10 stream.c -o stream
# and add -fopenmp for THREADS above 1.
#   STREAM=/path/to/stream [THREADS=1] bench/stream_compare.sh [ROUNDS]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing python3:python3
make build >/dev/null
exec python3 bench/stream_compare.py --stream "${STREAM:?name the STREAM binary}" --membench build/membench \
  --threads "${THREADS:-1}" --rounds "${1:-3}" --out bench/RESULTS.md
