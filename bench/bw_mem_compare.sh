#!/usr/bin/env bash
# membench's read and read --op rdwr beside lmbench's bw_mem frd and rdwr
# (issue 44), alternating, ROUNDS times (default 3); prints each run's
# figure in 10^9 B/s, both tools counting the buffer's bytes once a pass.
# lmbench is not packaged: build bw_mem from its public source outside this
# tree (with libtirpc-dev: gcc -O -I/usr/include/tirpc ... bw_mem.c lib_*.c
# getopt.c -ltirpc -lm) and name it in BW_MEM.
#   BW_MEM=/path/to/bw_mem bench/bw_mem_compare.sh [ROUNDS] [SIZE]   (default 3, 1G)
# MEMBENCH=/path/to/membench measures that build instead of making one.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peers.sh
install_missing python3:python3
membench=${MEMBENCH:-build/membench}
[ -n "${MEMBENCH:-}" ] || make build >/dev/null
rounds=${1:-3} size=${2:-1G}
bytes=$(python3 -c "print({'K':1<<10,'M':1<<20,'G':1<<30}['$size'[-1]] * int('$size'[:-1]))")
for ((round = 1; round <= rounds; round++)); do
  for op in frd rdwr; do
    # bw_mem prints the size and the rate in 10^6 B/s.
    peer=$("${BW_MEM:?name the bw_mem binary}" -P 1 "$((bytes >> 20))m" "$op" 2>&1 | awk '{print $2 / 1000}')
    mine_op=$([ "$op" = frd ] && echo read || echo rdwr)
    mine=$("$membench" run read --size "$size" --op "$mine_op" -r 5 --invocations 1 -e task-clock \
             --json /tmp/bw_mem_compare.json >/dev/null 2>&1 &&
           python3 -c "import json; m=json.load(open('/tmp/bw_mem_compare.json'))['measurements'][0]; \
print(round(m['stats']['rate_per_second']['mean'] / 1e9, 2))")
    echo "round $round $op: bw_mem $peer GB/s, membench read --op $mine_op $mine GB/s ($bytes B)"
  done
done
rm -f /tmp/bw_mem_compare.json
