#!/usr/bin/env bash
# membench's spread between invocations against perf bench's (64 MiB and
# 1 GiB rep movsb copies, alternating), into bench/RESULTS.md. Installs the
# peer (Debian's linux-perf) and python3 for the bookkeeping; neither is a
# dependency of membench itself.
#   bench/noise_compare.sh [BATCHES [SIZES]]   (default 3 and 64M,1G)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing perf:linux-perf python3:python3
make build >/dev/null
exec python3 bench/noise_compare.py --batches "${1:-3}" --sizes "${2:-64M,1G}" --membench build/membench --out bench/RESULTS.md
