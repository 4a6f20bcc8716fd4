#!/usr/bin/env bash
# experiment plan's promise tried on real runs (issue 55; bench/RESULTS.md,
# "experiment plan's promise, measured"). Two pools of real runs taken in
# this boot: seed 001's faults (anon-w-seq on THP, one writer, as its
# experiment file's runs) as one result of RUNS invocations, and seed 004's
# hackbench (rt-tests, its own printed time, --time-from) as RUNS results
# of exec. Then plan_power's TRIALS trials of the plan's design for each at
# three assumed between-boot CVs: this machine cannot reboot, so the boots
# are drawn as the plan models them.
#   usage: bench/plan_power.sh   (BUILD, OUT, RUNS, TRIALS from the environment)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build}
out=${OUT:-/tmp/plan_power}
runs=${RUNS:-30}
trials=${TRIALS:-1000}
mkdir -p "$out"
cmake --build "$build" --target membench plan_power > /dev/null
membench=$build/membench
started=$SECONDS
"$membench" run fault --case anon-w-seq --size 256M --pages thp -r 5 --invocations "$runs" \
  --json "$out/fault.json" > /dev/null
for i in $(seq "$runs"); do
  "$membench" exec -r 3 --time-from 'Time: ([0-9.]+)' s --json "$out/hackbench-$i.json" \
    -- hackbench --process --groups 2 --loops 200 > /dev/null
done
echo "pools collected in $((SECONDS - started)) s"
started=$SECONDS
for between in 0.5 1 2; do
  echo "== seed 001's faults: effect 5%, threshold 1%"
  "$build/plan_power" 5 1 "$between" "$trials" "$out/fault.json"
  echo "== seed 004's hackbench: effect 1%, threshold 0.5%"
  "$build/plan_power" 1 0.5 "$between" "$trials" "$out"/hackbench-*.json
done
echo "trials in $((SECONDS - started)) s"
