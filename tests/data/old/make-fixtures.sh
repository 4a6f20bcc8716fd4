#!/usr/bin/env bash
# How the fixtures of this folder were made, once, by the membench of the
# commit before the store's last migration (schema version 3, "store:
# schema version 3 keeps each host's noise floors"): that commit's tree
# exported into a scratch folder and built there (cmake --build ... --target
# membench membench-helper). They are frozen: the tests
# (store_test's AStoreTheLastVersionWroteOpensMigratesAndKeepsItsRows,
# report_roundtrip_test's ResultFilesOfAnEarlierVersionAreReadAsWritten)
# check that today's membench opens, migrates and reads what that membench
# wrote. Running this again replaces them with another version's output;
# do that only when the store's schema changes again, from the commit
# before that change.
#
#   tests/data/old/make-fixtures.sh OLD_MEMBENCH OUT_DIR
#
# As root: PostgreSQL runs as the user postgres.
set -euo pipefail
old=$(realpath "${1:?usage: $0 OLD_MEMBENCH OUT_DIR}")
out=$(realpath "${2:?usage: $0 OLD_MEMBENCH OUT_DIR}")
work=$(mktemp -d)
chmod 755 "$work"
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
cleanup() {
  runuser -u postgres -- "$pg_bin/pg_ctl" -w -D "$work/pg" -m immediate stop > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

mkdir "$work/pg" "$work/socket"
chown postgres "$work/pg" "$work/socket"
runuser -u postgres -- "$pg_bin/initdb" --no-sync -A trust -U postgres -E UTF8 -D "$work/pg" > /dev/null
runuser -u postgres -- "$pg_bin/pg_ctl" -w -D "$work/pg" -l "$work/socket/pg.log" \
  -o "-k $work/socket -p 54331 -h ''" start > /dev/null
pg="postgresql:///postgres?host=$work/socket&port=54331&user=postgres"

# The same three runs into each store: two tags of an A/B with labels, and
# a fault run; one invocation each, short.
for store in "$out/store-v2.sqlite" "$pg"; do
  [ "$store" = "$pg" ] || rm -f "$store"
  "$old" run memset --size 16K --impl libc,stosb -r 3 --save --store "$store" --tag base \
    --label kernel=6.1-base > /dev/null
  "$old" run memset --size 16K --impl libc,stosb -r 3 --save --store "$store" --tag patched \
    --label kernel=6.1-patched > /dev/null
  "$old" run fault --size 1M --pages 4k -r 2 --save --store "$store" --tag base > /dev/null
done
"$pg_bin/pg_dump" --no-owner --no-privileges -d "$pg" > "$out/store-v2.pg.sql"

# Result files of that version's defaults (one process: separate invocations came later), before the fields added
# since (single latencies, profiles, node proofs).
"$old" run memcpy --size 4M --impl libc,movsb -r 3 --json "$out/result-memcpy.json" > /dev/null
"$old" run chase --size 1M -r 3 --json "$out/result-chase.json" > /dev/null

# The rows as that membench stored them, which the tests compare with what
# today's membench reads after migrating (the same in both stores: they
# hold the same runs).
python3 - "$out/store-v2.sqlite" "$out/store-v2.rows.json" <<'PYTHON'
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
queries = {
    "runs": "SELECT id, kind, tag, kernel_release, tool_version, interrupted FROM runs ORDER BY id",
    "labels": "SELECT run_id, key, value FROM labels ORDER BY run_id, key",
    "measurements": "SELECT run_id, position, workload, point, unit, samples FROM measurements ORDER BY run_id, position",
}
rows = {name: [[str(v) for v in row] for row in db.execute(sql)] for name, sql in queries.items()}
json.dump({"queries": queries, "rows": rows}, open(sys.argv[2], "w"), indent=1)
PYTHON
