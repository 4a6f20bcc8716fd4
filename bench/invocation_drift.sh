#!/usr/bin/env bash
# Cold memory against the host's drift as the cause of a 1 GiB copy's
# spread between membench invocations (issue 18), written into
# bench/RESULTS.md.
#   bench/invocation_drift.sh [PAIRS]   (default 6; about 70 s a pair)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing python3:python3 perf:linux-perf
make build >/dev/null
exec python3 bench/invocation_drift.py --pairs "${1:-6}" --membench build/membench --out bench/RESULTS.md
