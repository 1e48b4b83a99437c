#!/usr/bin/env bash
# `npm test`: every group, none dropped, in an order that keeps a 2-core machine busy to the end.
#
# The suite is bound by CPU, so its time is its CPU-seconds over two cores, less the time a core
# sits idle: the order only has to leave none idle. The cluster group is the exception: most of
# its time is spent waiting (a database away for 20 s, leases running out, the sandbox's
# latency), about half a core's work for ten minutes. Started last, beside the other lines, it
# ended a CI run minutes after them; so it starts first, a line of its own (platform-faults and
# crash-recovery, then its other files: cluster.spec, real-shop), beside unit, modules and http,
# which run one after the other and each keep both cores busy (jest workers; http runs three, as
# its apps also wait on PostgreSQL and the sandbox). Then two more lines side by side: install
# then browser; and (CI) the other Node.js lines. Their databases, ports, Redis prefixes and
# sandboxes are their own (platform-faults even its own PostgreSQL and Redis). Each line's
# output is kept in a file and printed whole once it ended, so the log reads as if they had run
# in turn. The exit status is the first failure's; a failed group starts no later one, and the
# lines already running are waited for.
set -uo pipefail
cd "$(dirname "$0")/.."

t0=$(date +%s)
stamp() { echo "[test +$(($(date +%s) - t0))s] $*"; }

# Every group runs on the Node.js first on PATH when its line is supported (package.json's
# "engines"); on another (20 reached its end of life) on the newest LTS, fetched from the npm
# registry into .node-lines/ (scripts/node-line.sh). NODE_LINES_BESIDE (CI sets it: the other
# supported lines) adds a line of groups on those lines (below).
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

# Runs `npm run test:GROUP -- ARGS...` and says what it cost: wall seconds and the CPU-seconds of
# every process it waited for (jest and its workers, the apps and tools they started; not the
# tests' PostgreSQL, a server of its own). The suite is bound by CPU: those are the figures to
# compare from one run to the next on a shared machine.
# In a subshell of its own: a line running in the background that ends meanwhile is reaped by this
# shell, and `time` here would count its CPU too.
timed_group() {
  local group=$1
  shift
  (
    TIMEFORMAT="[test] test:$group took %0R s; CPU: %0U s user, %0S s system"
    time npm run "test:$group" -- "$@"
  )
}

# line NAME STEP...: runs the steps in turn, stops at the first failure. A step is a group, or
# group:file,file to run only those files of it (jest alone would order a group's files by size),
# or group@MAJOR to run it on that Node.js line (fetched when the machine lacks it), each after
# any VAR=value words that set its environment ("INSTALL_STARTER=dtc install@22").
line() {
  local name=$1
  shift
  (
    status=0
    for step in "$@"; do
      local words vars=() head files=() group major bin path=$PATH
      read -ra words <<<"$step"
      while [ ${#words[@]} -gt 1 ] && [[ ${words[0]} =~ ^[A-Z_][A-Z0-9_]*= ]]; do
        vars+=("${words[0]}")
        words=("${words[@]:1}")
      done
      step=${words[0]}
      head=${step%%:*}
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
      echo "[test] ${vars[*]}${vars[*]:+ }test:$group ${files[*]} on Node.js $version"
      # shellcheck disable=SC2030 # each step's PATH and variables are its own
      (export PATH=$path ${vars[@]+"${vars[@]}"} && timed_group "$group" "${files[@]}") || {
        status=$?
        echo "[test] ${vars[*]}${vars[*]:+ }test:$group failed on Node.js $version"
        break
      }
    done
    exit $status
  ) >"$logs/$name.log" 2>&1
}

# The cluster group's files: these two first, then every other one (cluster.spec, real-shop; a
# file added later runs there, not nowhere).
faults=(integration-tests/cluster/platform-faults.spec.ts integration-tests/cluster/crash-recovery.spec.ts)
others=()
for f in integration-tests/cluster/*.spec.ts; do
  [[ " ${faults[*]} " == *" $f "* ]] || others+=("$f")
done
join() {
  local IFS=,
  echo "$*"
}
pids=()
names=()
stamp "a line: test:cluster (${faults[*]##*/}, then ${others[*]##*/}), beside the rest"
line cluster "cluster:$(join "${faults[@]}")" ${others[0]+"cluster:$(join "${others[@]}")"} &
pids+=("$!")
names+=(cluster)

status=0
for group in unit modules http; do
  stamp "test:$group"
  timed_group "$group" || {
    status=$?
    stamp "test:$group failed: no later group starts"
    break
  }
done

if [ "$status" -eq 0 ]; then
  stamp "a line: test:install, test:browser"
  line merchant install browser &
  pids+=("$!")
  names+=(merchant)
  # The other Node.js lines (CI), a third line: the unit group on each; on the oldest, README's
  # merchant path in the shape of Medusa's dtc starter (INSTALL_STARTER=dtc: its backend, its
  # Medusa, pnpm and its deployment path), while the plain npm app of the newest Medusa runs on
  # the main line in the line above: the install test pairs the Medusa axis with the Node.js axis.
  steps=()
  oldest=$(printf '%s\n' ${NODE_LINES_BESIDE:-} | sort -n | head -1)
  for major in ${NODE_LINES_BESIDE:-}; do
    steps+=("unit@$major")
    [ "$major" = "$oldest" ] && steps+=("INSTALL_STARTER=dtc install@$major")
  done
  if [ ${#steps[@]} -gt 0 ]; then
    stamp "and a line of the other Node.js lines: ${steps[*]}"
    line node-lines "${steps[@]}" &
    pids+=("$!")
    names+=(node-lines)
  fi
fi

for i in "${!pids[@]}"; do
  wait "${pids[$i]}"
  rc=$?
  stamp "line ${names[$i]} ended ($rc):"
  cat "$logs/${names[$i]}.log"
  [ "$status" -eq 0 ] && status=$rc
done
stamp "done ($status)"
exit $status
