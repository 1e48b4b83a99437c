#!/usr/bin/env bash
# `npm test`: every group, none dropped, in an order that keeps a 2-core machine busy.
#
# unit, modules and http run one after the other: each keeps both cores busy (jest workers;
# http runs three, as its apps also wait on PostgreSQL and the sandbox). The rest runs as two
# lines side by side: the cluster group's platform-faults and crash-recovery in one; install,
# browser and the cluster group's other files (cluster.spec) in the other. In CI (2026-11-26)
# that took 327 s beside 410 s; platform-faults + browser beside install + crash-recovery +
# cluster.spec, balanced on paper by those times, took 375 s beside 462 s: cluster.spec, which
# kills a worker, took 196 s instead of 96 s beside browser's Chromium and `medusa develop`; in
# this order it runs last, mostly alone. Their databases, ports, Redis prefixes and sandboxes
# are their own (platform-faults even its own PostgreSQL and Redis). Each line's output is kept
# in a file and printed whole once it ended, so the log reads as if they had run in turn. The
# exit status is the first failure's.
set -uo pipefail
cd "$(dirname "$0")/.."

t0=$(date +%s)
stamp() { echo "[test +$(($(date +%s) - t0))s] $*"; }

for group in unit modules http; do
  stamp "test:$group"
  npm run "test:$group" || exit $?
done

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# line NAME STEP...: runs the steps in turn (a step is a group, or group:file,file to run only
# those files of it), stops at the first failure.
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

# The cluster group's files: these two in one line, every other one (cluster.spec) in the other.
faults=(integration-tests/cluster/platform-faults.spec.ts integration-tests/cluster/crash-recovery.spec.ts)
others=()
for f in integration-tests/cluster/*.spec.ts; do
  [[ " ${faults[*]} " == *" $f "* ]] || others+=("$f")
done
join() {
  local IFS=,
  echo "$*"
}
stamp "two lines: test:cluster (${faults[*]##*/}) beside test:install, test:browser, test:cluster (${others[*]##*/})"
line cluster "cluster:$(join "${faults[@]}")" &
first=$!
line merchant install browser ${others[0]+"cluster:$(join "${others[@]}")"} &
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
