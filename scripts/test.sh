#!/usr/bin/env bash
# `npm test`: every group, none dropped, in an order that keeps a 2-core machine busy to the end.
#
# The suite is bound by CPU, so its time is its CPU-seconds over two cores, less the time a core
# sits idle. The cluster group mostly waits (a database away for 20 s, leases, the sandbox's
# latency), so it starts first, a line of its own, with the HTTP group (the longest) and the unit
# group beside it. After the unit group more waiting lines start: merchant (modules, install,
# browser) and, in CI, the dtc install on the oldest other Node.js line and the unit group on each
# other line. Some HTTP files follow the lines that end first. Their databases, ports, Redis prefixes and sandboxes are their own. Each line's output
# is printed whole once it ended. The exit status is the first failure's; a failed group starts no
# later one of its line (a failed unit group, no line after it), and the lines already running are
# waited for.
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

# run_steps STEP...: runs the steps in turn, stops at the first failure. A step is a group, or
# group:file,file to run only those files of it (jest alone would order a group's files by size),
# or group@MAJOR to run it on that Node.js line (fetched when the machine lacks it), each after
# any VAR=value words that set its environment ("INSTALL_STARTER=dtc install@22").
# line NAME STEP...: the same, its output kept in a file of its own.
run_steps() {
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
  )
}
line() {
  local name=$1
  shift
  run_steps "$@" >"$logs/$name.log" 2>&1
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
# Some of the HTTP group's files run later, in jest runs of their own (each its own sandboxes and
# ports; the app's migrated template is made once and shared), two workers each: in CI some after the cluster group (that line ends
# first) and the two heaviest with a few more after the dtc install (the next to end); else all
# after the cluster group. Each file moved takes about half its time from HTTP's own line.
after_cluster=(integration-tests/http/batches.spec.ts integration-tests/http/exchange-return-labels.spec.ts integration-tests/http/watch.spec.ts)
after_dtc=(integration-tests/http/checkout-refusals.spec.ts integration-tests/http/customer-returns.spec.ts integration-tests/http/order-lifecycle.spec.ts integration-tests/http/batch-restart.spec.ts integration-tests/http/webhook-registration.spec.ts)
http_files=()
for f in integration-tests/http/*.spec.ts; do
  [[ " ${after_cluster[*]} ${after_dtc[*]} " == *" $f "* ]] || http_files+=("$f")
done
oldest=$(printf '%s\n' ${NODE_LINES_BESIDE:-} | sort -n | head -1)
if [ -z "$oldest" ]; then
  after_cluster+=("${after_dtc[@]}")
  after_dtc=()
fi
pids=()
names=()
stamp "a line: test:cluster (${faults[*]##*/}, then ${others[*]##*/}), then test:http (${after_cluster[*]##*/}), beside the rest"
line cluster "cluster:$(join "${faults[@]}")" ${others[0]+"cluster:$(join "${others[@]}")"} \
  "HTTP_TEST_WORKERS=2 http:$(join "${after_cluster[@]}")" &
pids+=("$!")
names+=(cluster)

# The HTTP group, the longest line, from the start too: beside the unit group it takes the core
# the cluster line leaves idle while it waits. (The unit group runs fully loaded on the other
# Node.js lines as well.)
stamp "a line: test:http (but ${after_cluster[*]##*/}${after_dtc[*]+ ${after_dtc[*]##*/}})"
line http "http:$(join "${http_files[@]}")" &
pids+=("$!")
names+=(http)

stamp "test:unit"
run_steps unit
status=$?
stamp "test:unit ended ($status)"

if [ "$status" -eq 0 ]; then
  # The module group here, not before HTTP: it mostly waits on PostgreSQL, and the HTTP group's
  # line is the one that ends last.
  stamp "a line: test:modules, test:install, test:browser"
  line merchant modules install browser &
  pids+=("$!")
  names+=(merchant)

  # The other Node.js lines (CI): on the oldest, README's merchant path in the shape of Medusa's
  # dtc starter (INSTALL_STARTER=dtc: its backend, its Medusa, pnpm and its deployment path), while
  # the plain npm app of the newest Medusa runs on the main line in the line above: the install
  # test pairs the Medusa axis with the Node.js axis. It mostly waits (pnpm, the builds), so it is
  # a line of its own beside another that runs the unit group on each of those Node.js lines; the
  # HTTP group's later files follow it.
  if [ -n "$oldest" ]; then
    stamp "a line: INSTALL_STARTER=dtc test:install on Node.js $oldest, then test:http (${after_dtc[*]##*/})"
    line dtc "INSTALL_STARTER=dtc install@$oldest" "HTTP_TEST_WORKERS=2 http:$(join "${after_dtc[@]}")" &
    pids+=("$!")
    names+=(dtc)
  fi
  steps=()
  for major in ${NODE_LINES_BESIDE:-}; do
    steps+=("unit@$major")
  done
  if [ ${#steps[@]} -gt 0 ]; then
    stamp "a line of the other Node.js lines: ${steps[*]}"
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
