#!/usr/bin/env bash
# membench's 2-worker copy and fill against likwid-bench, alternating, into
# bench/RESULTS.md. Installs the peer (Debian's likwid) and python3 for the
# bookkeeping; neither is a dependency of membench itself.
#   bench/likwid_compare.sh [ROUNDS]   (default 5; about 5 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing likwid-bench:likwid python3:python3
make build >/dev/null
exec python3 bench/likwid_compare.py --rounds "${1:-5}" --membench build/membench --out bench/RESULTS.md
