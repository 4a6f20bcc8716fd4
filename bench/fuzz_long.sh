#!/usr/bin/env bash
# The long fuzzing run of issue 17: every fuzz target (docs/fuzzing.md) for
# 10 million executions, or until HOURS (default 24) have passed, built as
# `make fuzz` builds them (Clang, ASan, UBSan). Two targets at a time, one
# per CPU of a 2-vCPU machine; JOBS=N for more. Prints one line per target
# (executions, corpus, seconds, what it found); a finding fails the script
# and is kept under build-fuzz/findings. Record the table in bench/RESULTS.md.
#   usage: bench/fuzz_long.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${FUZZ_RUNS:-10000000}
seconds=$(( ${HOURS:-24} * 3600 ))
jobs=${JOBS:-2}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(sizes matrix events result compare experiment store_import change_record)
make setup >/dev/null
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DMEMBENCH_FUZZ=ON \
  -DMEMBENCH_SANITIZE=ON -DMEMBENCH_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz -j "$jobs" --target fuzzers >/dev/null
# The store target writes an SQLite file per process: in memory, not on disk.
export TMPDIR=${TMPDIR:-/dev/shm}
printf '%s\n' "${targets[@]}" |
  xargs -P "$jobs" -I{} env FUZZ_RUNS="$runs" scripts/run-fuzzers.sh build-fuzz "$seconds" {} |
  awk 'NR == 1 || $1 != "target"'
