# Sourced by the bench scripts: installs the peers a script measures against
# (and python3 for its bookkeeping) from Debian where they are missing; none
# of them is a dependency of membench itself.
#   install_missing COMMAND:PACKAGE ...   e.g. install_missing perf:linux-perf python3:python3
install_missing() {
  local need=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null || need+=("${pair#*:}")
  done
  [ ${#need[@]} -gt 0 ] || return 0
  [ "$(id -u)" -eq 0 ] || { echo "install ${need[*]} first (as root: apt-get install ${need[*]})" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
}
