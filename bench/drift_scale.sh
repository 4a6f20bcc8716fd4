#!/usr/bin/env bash
# Per-process state or the machine's drift: whether 5-sample blocks inside one
# long membench invocation spread as much as separate invocations of membench
# and perf bench over the same time (issue 18), into bench/RESULTS.md. Installs
# the peer (Debian's linux-perf) and python3 for the bookkeeping.
#   bench/drift_scale.sh [ROUNDS [SIZE]]   (default 3 and 64M; about 1.5 min a round at 64M)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing python3:python3 perf:linux-perf
make build >/dev/null
exec python3 bench/drift_scale.py --rounds "${1:-3}" --size "${2:-64M}" --membench build/membench --out bench/RESULTS.md
