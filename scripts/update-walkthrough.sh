#!/usr/bin/env bash
# Rewrites the sample outputs of the README's walk-through from a fresh run:
# every step whose output no longer matches what README.md shows gets what
# membench printed now; steps that still match keep their `...`. Then read
# `git diff README.md` and put `...` back where values vary between runs or
# machines (the CPU, verdicts near the edge, page sizes THP may change).
#   scripts/update-walkthrough.sh [BUILD]   BUILD: a build directory configured
#                                           with the tests (make build-all), default build
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
if ! cmake --build "$build" --target help 2>/dev/null | grep -q walkthrough_test; then
  echo "update-walkthrough: $build has no walkthrough_test target; configure it with the tests: make build-all" >&2
  exit 2
fi
cmake --build "$build" --target membench membench-helper membench-forker walkthrough_test
MEMBENCH_UPDATE_GOLDEN=1 "$build/tests/walkthrough_test" --gtest_filter='Readme/WalkthroughStep.*'
git --no-pager diff --stat -- README.md
