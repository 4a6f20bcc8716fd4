#!/usr/bin/env bash
# The long fuzzing run of issue 17: every fuzz target (docs/fuzzing.md) for
# 10 million executions, or until HOURS (default 24; 1.5 is 90 minutes) have
# passed. Two targets at a time, one per CPU of a 2-vCPU machine; JOBS=N for
# more. WORKERS=N runs N processes of each target on its corpus instead, each
# to its share of the runs (for one slow target: WORKERS=2 on two CPUs, which
# sets JOBS to 1 unless JOBS is given).
#
# The long runs use a build with UBSan alone (build-fuzz-ub), which executes
# the file loaders' inputs about 1.7 times as fast as `make fuzz`'s ASan+UBSan
# build (fuzz_result: 3,703 against 2,238 a second over the same 20 s from
# the seeds); their corpora are those of `make fuzz` (build-fuzz/corpus).
# Then every input of each target's corpus is replayed once in the ASan+UBSan
# build, so what the fast runs reached is also checked for memory errors.
# Prints one line per target for the runs, then one per replay; a finding
# fails the script and is kept under build-fuzz-ub/findings or
# build-fuzz/findings. Record both tables in bench/RESULTS.md.
#   usage: bench/fuzz_long.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${FUZZ_RUNS:-10000000}
seconds=$(awk -v hours="${HOURS:-24}" 'BEGIN { printf "%d", hours * 3600 }')
workers=${WORKERS:-1}
jobs=${JOBS:-$(( workers > 1 ? 1 : 2 ))}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(sizes matrix events result compare experiment store_import change_record)
make setup >/dev/null
build_fuzzers() {  # BUILD SANITIZERS
  cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DMEMBENCH_FUZZ=ON \
    -DMEMBENCH_SANITIZE=ON -DMEMBENCH_SANITIZERS="$2" -DMEMBENCH_BUILD_TESTS=OFF >/dev/null
  cmake --build "$1" -j "$(( jobs * workers ))" --target fuzzers >/dev/null
}
build_fuzzers build-fuzz address,undefined
build_fuzzers build-fuzz-ub undefined
mkdir -p build-fuzz/corpus
[ -L build-fuzz-ub/corpus ] || ln -s ../build-fuzz/corpus build-fuzz-ub/corpus
# The store target writes an SQLite file per process: in memory, not on disk.
export TMPDIR=${TMPDIR:-/dev/shm}
status=0
echo "runs (UBSan):"
printf '%s\n' "${targets[@]}" |
  xargs -P "$jobs" -I{} env FUZZ_RUNS="$runs" FUZZ_WORKERS="$workers" scripts/run-fuzzers.sh build-fuzz-ub "$seconds" {} |
  awk 'NR == 1 || $1 != "target"' || status=1
echo "replay of each corpus (ASan+UBSan):"
scripts/run-fuzzers.sh --replay build-fuzz "${targets[@]}" || status=1
exit $status
