#!/usr/bin/env bash
# Do compare's verdicts hold with default settings? 20 A/A pairs of the
# default run (three invocations), one result a side, per size; then the
# design `doctor --noise` recommends for a 3% change, with that change
# injected into side B. Writes bench/RESULTS.md.
#   bench/aa_runs.sh [PAIRS] [SIZES]   (default 20 16K,4M; 5 to 20 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "install python3 first" >&2; exit 1; }
make build >/dev/null
exec python3 bench/aa_runs.py --pairs "${1:-20}" --sizes "${2:-16K,4M}" --membench build/membench --out bench/RESULTS.md
