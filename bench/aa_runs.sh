#!/usr/bin/env bash
# Do compare's verdicts hold with default settings? 20 A/A pairs of the
# default run (three invocations), one result a side, per size; then the
# design `doctor --noise` recommends for a 3% change, with that change
# injected into side B. Writes bench/RESULTS.md.
#   bench/aa_runs.sh [PAIRS] [SIZES] [TRIALS]   (default 20 16K,4M 20: the
#   trials of the 3% design take about 2 x N seconds each, N the runs a side
#   doctor asks for; the A/A pairs 2 to 5 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "install python3 first" >&2; exit 1; }
make build >/dev/null
exec python3 bench/aa_runs.py --pairs "${1:-20}" --sizes "${2:-16K,4M}" --design-trials "${3:-20}" --membench build/membench --out bench/RESULTS.md
