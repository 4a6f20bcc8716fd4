#!/usr/bin/env bash
# usemem beside membench's anon-w-seq, the gap taken apart into cold memory,
# the touch loop, the clock start and the accounting (issue 18), written
# into bench/RESULTS.md. usemem is not packaged: build it from
# vm-scalability's usemem.c outside this tree and name it in USEMEM.
# Needs root: the THP rows switch THP to `always` for usemem and back.
#   USEMEM=/path/to/usemem bench/usemem_gap.sh [ROUNDS]   (default 3; about 4 minutes a round)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x "${USEMEM:-}" ] || { echo "set USEMEM to a usemem binary built from vm-scalability's usemem.c" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "run as root: the THP rows set transparent_hugepage/enabled" >&2; exit 1; }
. bench/peers.sh
install_missing python3:python3 perf:linux-perf
make build >/dev/null
exec python3 bench/usemem_gap.py --rounds "${1:-3}" --usemem "$USEMEM" --membench build/membench --out bench/RESULTS.md
