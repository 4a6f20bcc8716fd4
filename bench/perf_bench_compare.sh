#!/usr/bin/env bash
# Runs membench and perf bench mem side by side, alternating, and writes
# bench/RESULTS.md. Installs the peer (Debian's linux-perf) and python3 for
# the bookkeeping; neither is a dependency of membench itself.
#   bench/perf_bench_compare.sh [ROUNDS [SECTIONS]]   (default: 5 rounds, ratio,cv; about 40 minutes)
#   PREVIOUS=/path/to/older/membench bench/perf_bench_compare.sh 5 ratio
#     also runs a membench built from an earlier commit in the same rounds (the ratio section),
#     to show whether a change of the harness changed what it measures.
# ROUNDS: alternating rounds per size for the ratios, batches of 10 invocations for the spread.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing perf:linux-perf python3:python3
make build >/dev/null
exec python3 bench/perf_bench_compare.py --rounds "${1:-5}" --sections "${2:-ratio,cv}" \
  --membench build/membench --out bench/RESULTS.md ${PREVIOUS:+--previous "$PREVIOUS"}
