#!/usr/bin/env bash
# Does compare with runs as the unit keep its word on this machine? 20 A/A
# pairs per size, each side 3 separate invocations of one short run (alternating A
# and B), compared with `membench compare a1 a2 a3 vs b1 b2 b3`; then the
# same pairs with a 3% slowdown injected into side B's results. Writes
# bench/RESULTS.md.
#   bench/aa_runs.sh [PAIRS] [SIZES]   (default 20 16K,4M; about 6 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "install python3 first" >&2; exit 1; }
make build >/dev/null
exec python3 bench/aa_runs.py --pairs "${1:-20}" --sizes "${2:-16K,4M}" --membench build/membench --out bench/RESULTS.md
