#!/usr/bin/env bash
# `npm test`: every group, none dropped, in an order that keeps a 2-core machine busy.
#
# unit, modules and http run one after the other: each keeps both cores busy (jest workers;
# http runs three, as its apps also wait on PostgreSQL and the sandbox). The rest runs as two
# lines side by side: the cluster group in one (platform-faults and crash-recovery, then its
# other files: cluster.spec), install then browser in the other. In CI (2026-11-26) with
# cluster.spec at the end of the second line, the lines took 246 s beside 384 s (install 162,
# browser 100, cluster.spec 112): the first sat idle for two minutes. Last in the cluster
# line, cluster.spec starts about when browser ends, so it hardly overlaps the browser's
# Chromium and `medusa develop` (beside them it once took 196 s instead of 96 s). Their
# databases, ports, Redis prefixes and sandboxes are their own (platform-faults even its own
# PostgreSQL and Redis). Each line's output is kept in a file and printed whole once it ended,
# so the log reads as if they had run in turn. The exit status is the first failure's.
set -uo pipefail
cd "$(dirname "$0")/.."

t0=$(date +%s)
stamp() { echo "[test +$(($(date +%s) - t0))s] $*"; }

# One PostgreSQL of the tests' own for every group (scripts/with-test-db.sh), removed at the end.
# shellcheck source=with-test-db.sh
source scripts/with-test-db.sh
ensure_test_db || exit 1
logs=$(mktemp -d)
trap 'rm -rf "$logs"; _test_db_stop' EXIT

for group in unit modules http; do
  stamp "test:$group"
  npm run "test:$group" || exit $?
done

# line NAME STEP...: runs the steps in turn (a step is a group, or group:file,file to run only
# those files of it: jest alone would order a group's files by size), stops at the first failure.
line() {
  local name=$1
  shift
  (
    status=0
    for step in "$@"; do
      local group=${step%%:*} files=()
      [ "$step" != "$group" ] && IFS=, read -ra files <<<"${step#*:}"
      echo "[test] test:$group ${files[*]}"
      npm run "test:$group" -- "${files[@]}" || {
        status=$?
        break
      }
    done
    exit $status
  ) >"$logs/$name.log" 2>&1
}

# The cluster group's files: these two first, then every other one (cluster.spec; a file added
# later runs there, not nowhere).
faults=(integration-tests/cluster/platform-faults.spec.ts integration-tests/cluster/crash-recovery.spec.ts)
others=()
for f in integration-tests/cluster/*.spec.ts; do
  [[ " ${faults[*]} " == *" $f "* ]] || others+=("$f")
done
join() {
  local IFS=,
  echo "$*"
}
stamp "two lines: test:cluster (${faults[*]##*/}, then ${others[*]##*/}) beside test:install, test:browser"
line cluster "cluster:$(join "${faults[@]}")" ${others[0]+"cluster:$(join "${others[@]}")"} &
first=$!
line merchant install browser &
second=$!

status=0
for pid in $first $second; do
  wait "$pid"
  rc=$?
  name=$([ "$pid" = "$first" ] && echo cluster || echo merchant)
  stamp "line $name ended ($rc):"
  cat "$logs/$name.log"
  [ "$status" -eq 0 ] && status=$rc
done
stamp "done ($status)"
exit $status
