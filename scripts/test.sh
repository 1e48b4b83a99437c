#!/usr/bin/env bash
# `npm test`: every group, none dropped, in an order that keeps a 2-core machine busy.
#
# unit, modules and http run one after the other: each keeps both cores busy (jest workers;
# http runs three, as its apps also wait on PostgreSQL and the sandbox). The rest runs as two
# lines side by side, balanced by what each file took in CI (2026-11-26): the cluster group's
# platform-faults then browser (213 + 134 s) in one; install, then the cluster group's other
# files, crash-recovery and cluster.spec (165 + 112 + 96 s), in the other. Their databases,
# ports, Redis prefixes and sandboxes are their own (platform-faults even its own PostgreSQL and
# Redis). Each line's output is kept in a file and printed whole once it ended, so the log reads
# as if they had run in turn. The exit status is the first failure's.
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

# The cluster group's files: platform-faults in one line, every other one in the other.
faults=integration-tests/cluster/platform-faults.spec.ts
others=()
for f in integration-tests/cluster/*.spec.ts; do
  [ "$f" = "$faults" ] || others+=("$f")
done
join() {
  local IFS=,
  echo "$*"
}
stamp "two lines: test:cluster (${faults##*/}) then test:browser, beside test:install then test:cluster (${others[*]##*/})"
line faults-browser "cluster:$faults" browser &
first=$!
line install-cluster install ${others[0]+"cluster:$(join "${others[@]}")"} &
second=$!

status=0
for pid in $first $second; do
  wait "$pid"
  rc=$?
  name=$([ "$pid" = "$first" ] && echo faults-browser || echo install-cluster)
  stamp "line $name ended ($rc):"
  cat "$logs/$name.log"
  [ "$status" -eq 0 ] && status=$rc
done
stamp "done ($status)"
exit $status
