#!/usr/bin/env bash
# The arm64 binary run as a user runs it, under qemu-aarch64, with the
# defaults: a run (three invocations, each a separate membench process),
# `report` of its file, a second run and `compare` of the two. Each command
# has a time limit, so a hang fails instead of stalling CI.
#
#   scripts/arm64-end-to-end.sh BUILD_DIR
#
# membench starts its invocations by executing itself again: the kernel must
# hand an arm64 executable to qemu (binfmt_misc). Where no handler is
# registered, this script registers one for its duration (root), and removes
# it again on every way out.
set -euo pipefail
build=${1:?usage: $0 BUILD_DIR}
binary=$(realpath "$build/membench")
qemu=$(command -v qemu-aarch64) || { echo "$0: qemu-aarch64 not found (scripts/setup-deps.sh arm64)" >&2; exit 1; }
export QEMU_LD_PREFIX=/usr/aarch64-linux-gnu
binfmt=/proc/sys/fs/binfmt_misc
registered=""
scratch=$(mktemp -d)
cleanup() {
  [ -n "$registered" ] && echo -1 > "$binfmt/$registered"
  rm -rf "$scratch"
}
trap cleanup EXIT

if ! "$binary" --version > /dev/null 2>&1; then
  [ "$(id -u)" -eq 0 ] || { echo "$0: no binfmt_misc handler runs arm64 executables, and registering one needs root" >&2; exit 1; }
  mountpoint -q "$binfmt" || mount -t binfmt_misc binfmt_misc "$binfmt"
  registered=membench-qemu-aarch64
  # The ELF header of an arm64 executable (e_machine 0xb7), as Debian's
  # qemu-user-binfmt registers it.
  magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
  mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
  echo ":$registered:M::$magic:$mask:$qemu:" > "$binfmt/register"
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
