#!/usr/bin/env bash
# Installs membench's Debian 12 build and test dependencies (DESIGN.md's list),
# as root, and only those that are missing; a no-op when all are present.
set -euo pipefail
# postgresql: the server the store tests start a throw-away cluster of; rt-tests:
# the hackbench seed 004's experiment file runs (its smoke test); chromium:
# the headless browser the HTML report's test renders the page in; clang and
# libclang-rt-14-dev: the compiler and libFuzzer runtime of `make fuzz`.
packages=(g++ make cmake pkg-config libcli11-dev nlohmann-json3-dev libfmt-dev libpfm4-dev libpfm4
          libsqlite3-dev libpq-dev postgresql libtomlplusplus-dev libboost-math-dev libhwloc-dev libnuma-dev zlib1g-dev googletest libgtest-dev rt-tests chromium
          clang libclang-rt-14-dev)
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
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
