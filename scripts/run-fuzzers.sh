#!/usr/bin/env bash
# Runs every fuzz target of a `make fuzz` build for SECONDS each, on its
# seeds (fuzz/corpus/<target>, the experiment files, the result seeds for
# the store) and what earlier runs found (BUILD/corpus/<target>). Prints
# one line per target: executions, corpus size, and what it found. A crash,
# a leak, a timeout or an out-of-memory is kept under BUILD/findings and
# fails the script. FUZZ_SEED=N makes the mutations repeatable (CI sets it,
# so a short run cannot fail one day and pass the next); unset, each run
# explores anew. FUZZ_RUNS=N stops a target after N executions, SECONDS
# being then only the cap (bench/fuzz_long.sh: 10 million each). --replay
# executes each input of the corpora once and mutates nothing: what a run
# in another build (bench/fuzz_long.sh's UBSan-only one) found, checked in
# this one. FUZZ_WORKERS=N runs N processes of each target on its one
# corpus, each with its share of FUZZ_RUNS (and, with FUZZ_SEED, its own
# seed after it): a target too slow for 10 million in one process on one CPU
# reaches them in the time of 10/N.
#   usage: scripts/run-fuzzers.sh BUILD SECONDS [TARGET...]
#          scripts/run-fuzzers.sh --replay BUILD [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: run-fuzzers.sh BUILD SECONDS [TARGET...] | --replay BUILD [TARGET...]"
if [ "${1:-}" = --replay ]; then
  build=${2:?$usage}
  seconds=0
  FUZZ_RUNS=0
  FUZZ_WORKERS=1
  shift 2
else
  build=${1:?$usage}
  seconds=${2:?$usage}
  shift 2
fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(sizes matrix events result compare experiment store_import change_record)

seeds_of() {
  case "$1" in
    experiment) echo experiments ;;
    store_import) echo fuzz/corpus/result ;;
    *) echo "fuzz/corpus/$1" ;;
  esac
}

# Sizes, matrices and event lists are command-line text: 4 KiB is far more
# than any real one, and longer inputs only slow the target (events kept
# 18 KiB lists and averaged 544 executions a second over a 67-minute run
# that began at 1,400). Result, experiment and store files can be long.
max_len_of() {
  case "$1" in
    sizes|matrix|events) echo 4096 ;;
    *) echo 65536 ;;
  esac
}

workers=${FUZZ_WORKERS:-1}
[[ "$workers" =~ ^[1-9][0-9]*$ ]] || { echo "membench: FUZZ_WORKERS must be a whole number of processes, not '$workers'" >&2; exit 2; }
runs=${FUZZ_RUNS:--1}
[ "$runs" -gt 0 ] && runs=$(( (runs + workers - 1) / workers ))

failed=0
mkdir -p "$build/findings"
printf '%-14s %14s %8s %8s  %s\n' target executions corpus seconds result
for target in "${targets[@]}"; do
  binary="$build/fuzz/fuzz_$target"
  [ -x "$binary" ] || { echo "membench: $binary is not built (make fuzz builds it)" >&2; exit 2; }
  corpus="$build/corpus/$target"
  mkdir -p "$corpus"
  logs=()
  pids=()
  started=$(date +%s)
  for ((worker = 1; worker <= workers; worker++)); do
    log="$build/findings/$target.log"
    [ "$workers" -gt 1 ] && log="$build/findings/$target-$worker.log"
    seed=${FUZZ_SEED:-0}
    [ "$seed" -ne 0 ] && seed=$((seed + worker - 1))
    # -rss_limit_mb: a parser that allocates gigabytes for a short input is a
    # finding, not something to wait for; -timeout likewise for a hang.
    "$binary" -seed="$seed" -max_total_time="$seconds" -runs="$runs" -timeout=10 -rss_limit_mb=2048 \
      -max_len="$(max_len_of "$target")" -print_final_stats=1 \
      -artifact_prefix="$build/findings/$target-" "$corpus" "$(seeds_of "$target")" >"$log" 2>&1 &
    pids+=($!)
    logs+=("$log")
  done
  status=0
  for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
  executions=0
  for log in "${logs[@]}"; do
    count=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    if [ "$count" = "?" ] || [ "$executions" = "?" ]; then
      executions="?"
    else
      executions=$((executions + count))
    fi
  done
  size=$(find "$corpus" -type f | wc -l)
  if [ "$status" -eq 0 ]; then
    result="nothing found"
  elif [ "$status" -eq 72 ] && grep -q 'libFuzzer: run interrupted' "${logs[@]}"; then
    # A Ctrl-C: libFuzzer stops with 72, which is no finding.
    printf '%-14s %14s %8s %8s  %s\n' "$target" "$executions" "$size" "$(( $(date +%s) - started ))" "interrupted"
    exit 130
  else
    first=$(grep -h -E 'ERROR|property violated|deadly signal|out-of-memory|timeout' "${logs[@]}" | head -n 1 || true)
    result="FOUND (exit $status): ${first:-see ${logs[*]}}"
    failed=1
  fi
  printf '%-14s %14s %8s %8s  %s\n' "$target" "$executions" "$size" "$(( $(date +%s) - started ))" "$result"
done
exit $failed
