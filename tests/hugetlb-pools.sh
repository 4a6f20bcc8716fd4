#!/usr/bin/env bash
# ctest's fixture around the tests that reserve hugetlb pages: `save FILE`
# before them records every pool's nr_hugepages; `restore FILE` after them,
# even after a test crashed, writes back any that differ and then fails,
# since a test that leaves a pool changed is a bug (its own destructor gives
# its pages back when it ends normally).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 save|restore FILE" >&2; exit 2; }
pools=/sys/kernel/mm/hugepages
case "$1" in
  save)
    : > "$2"
    for pool in "$pools"/hugepages-*; do
      # No pool at all (a kernel without hugetlb) leaves the glob as it is.
      if [ -e "$pool/nr_hugepages" ]; then echo "$pool $(cat "$pool/nr_hugepages")" >> "$2"; fi
    done
    ;;
  restore)
    [ -f "$2" ] || { echo "$0: no saved pools in $2 (the save step did not run)" >&2; exit 1; }
    changed=0
    while read -r pool pages; do
      now=$(cat "$pool/nr_hugepages")
      if [ "$now" != "$pages" ]; then
        echo "$0: $pool/nr_hugepages was left at $now; put back to $pages" >&2
        echo "$pages" > "$pool/nr_hugepages" || true
        changed=1
      fi
    done < "$2"
    rm -f "$2"
    exit "$changed"
    ;;
  *) echo "usage: $0 save|restore FILE" >&2; exit 2 ;;
esac
