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

# Every group runs on the Node.js first on PATH when its line is supported (package.json's
# "engines"); on another (20 reached its end of life) on the newest LTS, fetched from the npm
# registry into .node-lines/ (scripts/node-line.sh). NODE_LINES_BESIDE (CI sets it: the other
# supported lines) adds the unit group and test:install on each of those lines.
# shellcheck source=node-line.sh
source scripts/node-line.sh
ensure_supported_node || exit 1
stamp "Node.js $(node -v) ($(command -v node))"

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

# line NAME STEP...: runs the steps in turn, stops at the first failure. A step is a group, or
# group:file,file to run only those files of it (jest alone would order a group's files by size),
# or group@MAJOR to run it on that Node.js line (fetched when the machine lacks it).
line() {
  local name=$1
  shift
  (
    status=0
    for step in "$@"; do
      local head=${step%%:*} files=() group major bin path=$PATH
      [ "$step" != "$head" ] && IFS=, read -ra files <<<"${step#*:}"
      group=${head%@*}
      major=$([ "$head" != "$group" ] && echo "${head#*@}")
      if [ -n "$major" ]; then
        bin=$(node_line_bin "$major") || {
          echo "[test] Node.js $major: not available"
          status=1
          break
        }
        path="$bin:$PATH"
      fi
      local version
      version=$(PATH=$path node -v)
      echo "[test] test:$group ${files[*]} on Node.js $version"
      PATH=$path npm run "test:$group" -- "${files[@]}" || {
        status=$?
        echo "[test] test:$group failed on Node.js $version"
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
pids=("$first" "$second")
names=(cluster merchant)
# The other Node.js lines (CI): each one's unit group and README's merchant path, a third line.
steps=()
for major in ${NODE_LINES_BESIDE:-}; do steps+=("unit@$major" "install@$major"); done
if [ ${#steps[@]} -gt 0 ]; then
  stamp "and a third: ${steps[*]}"
  line node-lines "${steps[@]}" &
  pids+=("$!")
  names+=(node-lines)
fi

status=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}"
  rc=$?
  stamp "line ${names[$i]} ended ($rc):"
  cat "$logs/${names[$i]}.log"
  [ "$status" -eq 0 ] && status=$rc
done
stamp "done ($status)"
exit $status
