#!/usr/bin/env bash
# Runs every shipped experiment file in full, one after another, and keeps
# each one's output and wall time: what docs/experiments/*.md paste from.
# Usage: bench/experiments.sh [OUTDIR] [membench binary]; nothing else may
# run on the machine meanwhile (the figures are rates).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench/out/experiments}
membench=${2:-build/membench}
mkdir -p "$out"
for file in experiments/*.toml; do
  name=$(basename "$file" .toml)
  start=$(date +%s)
  "$membench" experiment run "$file" > "$out/$name.txt" 2>&1 || echo "$name: exit status $?" >&2
  echo "$name: $(( $(date +%s) - start )) s" | tee -a "$out/times.txt"
done
