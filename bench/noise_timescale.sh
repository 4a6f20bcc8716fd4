#!/usr/bin/env bash
# On what time scale a 1 GiB copy's rate wanders, inside one invocation and
# between invocations (issue 18), into bench/RESULTS.md. Installs the peer
# (Debian's linux-perf) and python3 for the bookkeeping.
#   bench/noise_timescale.sh [ROUNDS]   (default 10; about 40 s a round)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing python3:python3 perf:linux-perf
make build >/dev/null
exec python3 bench/noise_timescale.py --rounds "${1:-10}" --membench build/membench --out bench/RESULTS.md
