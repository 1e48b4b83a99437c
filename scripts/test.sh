#!/usr/bin/env bash
# `npm test`: every group, none dropped, in an order that keeps a 2-core machine busy.
#
# unit, modules and http run one after the other: each uses both cores (jest workers). The
# cluster group then runs beside install followed by browser: the cluster's Medusa processes wait
# much of the time (leases, outages, a sandbox holding requests), install mostly waits for npm, so
# the two lines share the cores instead of taking turns (their databases, ports, Redis prefixes
# and sandboxes are their own). Each line's output is kept in a file and printed whole once it
# ended (the cluster's first), so the log reads as if they had run in turn. The exit status is the
# first failure's.
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
line() {
  local name=$1
  shift
  (
    status=0
    for group in "$@"; do
      echo "[test] test:$group"
      npm run "test:$group" || {
        status=$?
        break
      }
    done
    exit $status
  ) >"$logs/$name.log" 2>&1
}

stamp "test:cluster beside test:install then test:browser"
line cluster cluster &
cluster=$!
line merchant install browser &
merchant=$!

status=0
for pid in $cluster $merchant; do
  wait "$pid"
  rc=$?
  name=$([ "$pid" = "$cluster" ] && echo cluster || echo merchant)
  stamp "line $name ended ($rc):"
  cat "$logs/$name.log"
  [ "$status" -eq 0 ] && status=$rc
done
stamp "done ($status)"
exit $status
