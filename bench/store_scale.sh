#!/usr/bin/env bash
# How the history store scales: fills an SQLite store and a throw-away
# PostgreSQL cluster with RUNS real results each (through `membench history
# import`, the path --save takes), then times history and compare against
# them and writes the figures into bench/RESULTS.md.
#   bench/store_scale.sh [RUNS]   (default 10000; about 5 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "install python3 first" >&2; exit 1; }
make build >/dev/null
exec python3 bench/store_scale.py --runs "${1:-10000}" --membench build/membench --out bench/RESULTS.md
