#!/usr/bin/env bash
# The arm64 binary run as a user runs it, under qemu-aarch64, with the
# defaults: a run (three invocations, each a separate membench process),
# `report` of its file, a second run and `compare` of the two. Each command
# has a time limit, so a hang fails instead of stalling CI.
#
#   scripts/arm64-end-to-end.sh BUILD_DIR [user|ci]
#
# membench starts its invocations by executing itself again: the kernel must
# hand an arm64 executable to qemu (binfmt_misc). Where no handler is
# registered, this script registers one for its duration (root), and removes
# it again on every way out. Without root and without a handler, the run is
# skipped with the reason where the tests allow it (`user`, make test-arm64's
# SKIPS_ALLOWED), and fails in CI.
set -euo pipefail
build=${1:?usage: $0 BUILD_DIR [user|ci]}
where=${2:-ci}
binary=$(realpath "$build/membench")
qemu=$(command -v qemu-aarch64) || { echo "$0: qemu-aarch64 not found (scripts/setup-deps.sh arm64)" >&2; exit 1; }
export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
binfmt=/proc/sys/fs/binfmt_misc
registered=""
scratch=$(mktemp -d)
cleanup() {
  if [ -n "$registered" ]; then echo -1 > "$binfmt/$registered"; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

# 126: the kernel found no handler for an arm64 executable (Exec format
# error); any other failure is the binary's own, and is shown as it is.
probe_status=0
probe=$("$binary" --version 2>&1) || probe_status=$?
if [ "$probe_status" -eq 126 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    why="no binfmt_misc handler runs arm64 executables, and registering one needs root"
    if [ "$where" = user ]; then
      echo "arm64: end to end: skipped: $why"
      exit 0
    fi
    echo "$0: $why" >&2
    exit 1
  fi
  mountpoint -q "$binfmt" || mount -t binfmt_misc binfmt_misc "$binfmt"
  # The ELF header of an arm64 executable (e_machine 0xb7), as Debian's
  # qemu-user-binfmt registers it; a name of this run's own.
  magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
  mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
  name=membench-qemu-aarch64-$$
  echo ":$name:M::$magic:$mask:$qemu:" > "$binfmt/register"
  registered=$name
elif [ "$probe_status" -ne 0 ]; then
  echo "$0: $binary --version failed ($probe_status): $probe" >&2
  exit 1
fi

step() {
  local limit=$1
  shift
  echo "arm64: $*"
  local started=$SECONDS
  if ! timeout -s KILL "$limit" "$@"; then
    echo "arm64: FAILED (or past ${limit} s): $*" >&2
    exit 1
  fi
  echo "arm64: $((SECONDS - started)) s"
}

cd "$scratch"
step 300 "$binary" run memcpy --size 64K --impl libc -r 3 --json a.json
step 60 "$binary" report a.json
step 300 "$binary" run memcpy --size 64K --impl libc -r 3 --json b.json
step 60 "$binary" compare a.json b.json
# Three invocations each, merged: the default a user gets.
grep -q '"invocations": *3' a.json || { echo "arm64: a.json is not a run of three invocations" >&2; exit 1; }
echo "arm64: end to end: passed"
