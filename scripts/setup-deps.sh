#!/usr/bin/env bash
# Installs membench's Debian 12 dependencies (DESIGN.md's list), as root, and
# only those that are missing; a no-op when all are present.
#
#   scripts/setup-deps.sh [run|test]    install what building and running (or testing) needs
#   scripts/setup-deps.sh arm64         add what the arm64 cross build and its tests under qemu need
#   scripts/setup-deps.sh --list run    print the packages, one a line, and install nothing
#
# `run` is what `make run` needs: the compiler and the libraries membench
# links. `test` adds what only the tests and `make fuzz` need: GoogleTest;
# python3, which runs scripts/check-skips.py after the tests (and its tomllib);
# postgresql, the server the store tests start a throw-away cluster of;
# rt-tests, the hackbench seed 004's experiment file runs (its smoke test);
# chromium, the headless browser the HTML report's test renders the page in;
# clang and libclang-rt-14-dev, the compiler and libFuzzer runtime of
# `make fuzz`. The default is `test`, everything.
#
# `arm64` is what `make test-arm64` adds (cmake/aarch64-linux-gnu.cmake):
# Debian's cross toolchain, qemu-user to run the tests, and the :arm64
# builds of the libraries membench links, after enabling the architecture.
# libpq-dev is of one architecture only: the cross build takes its headers
# from the host's and links libpq5:arm64.
set -euo pipefail

run_packages=(g++ make cmake pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev libpfm4-dev libpfm4
              libsqlite3-dev libpq-dev libtomlplusplus-dev libboost-math-dev libhwloc-dev libnuma-dev zlib1g-dev
              libdw-dev)
test_only_packages=(googletest libgtest-dev python3 postgresql rt-tests chromium clang libclang-rt-14-dev)
arm64_packages=(crossbuild-essential-arm64 qemu-user python3 g++ make cmake pkg-config libcli11-dev nlohmann-json3-dev
                libpq-dev libfmt-dev:arm64 libpfm4-dev:arm64 libsqlite3-dev:arm64 libpq5:arm64
                libtomlplusplus-dev:arm64 libboost-dev:arm64 libhwloc-dev:arm64 libnuma-dev:arm64 zlib1g-dev:arm64
                libdw-dev:arm64 libgtest-dev:arm64)

usage() {
  echo "usage: $0 [run|test|arm64]  or  $0 --list run|test|arm64" >&2
  exit 2
}

packages_for() {
  case "$1" in
    run) printf '%s\n' "${run_packages[@]}" ;;
    test) printf '%s\n' "${run_packages[@]}" "${test_only_packages[@]}" ;;
    arm64) printf '%s\n' "${arm64_packages[@]}" ;;
    *) usage ;;
  esac
}

if [ "${1:-}" = "--list" ]; then
  [ $# -eq 2 ] || usage
  packages_for "$2"
  exit 0
fi
[ $# -le 1 ] || usage
# Checked here: a usage error inside the process substitution below would
# leave an empty list and exit 0.
case "${1:-test}" in run | test | arm64) ;; *) usage ;; esac
mapfile -t packages < <(packages_for "${1:-test}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "membench: missing Debian packages: ${missing[*]}" >&2
  echo "membench: run as root, or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "membench: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if [ "${1:-test}" = arm64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  dpkg --add-architecture arm64
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
