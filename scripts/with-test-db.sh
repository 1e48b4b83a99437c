#!/usr/bin/env bash
# Runs a test command on a PostgreSQL of the tests' own (dev/test-postgres.ts: on the RAM disk,
# no fsync; a database copy there takes ~50 ms where the machine's server took up to a second),
# removed when the command ends. Source it for ensure_test_db, or run it with the command.
#   - one already started by an outer run (TEST_PG_DIR: `npm test` starts one for every group);
#   - the given server when DATABASE_URL, a DB_HOST other than localhost, or TEST_POSTGRES=shared
#     says so (and the machine's when the tests' own cannot start);
#   - PostgreSQL is installed when missing (ensure-db.sh): the tests' own server is started from
#     its programs (initdb, pg_ctl), and the machine's serves when it cannot start.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=ensure-db.sh
source "$here/ensure-db.sh"

_test_db_own() {
  [ -z "${TEST_PG_DIR:-}" ] && [ "${TEST_POSTGRES:-own}" = own ] &&
    [ -z "${DATABASE_URL:-}" ] && [ "${DB_HOST:-localhost}" = localhost ]
}

_test_db_stop() {
  [ -n "${_TEST_DB_STARTED:-}" ] || return 0
  "$here/../node_modules/.bin/ts-node" --swc "$here/../dev/test-postgres.ts" stop "$_TEST_DB_STARTED" \
    "$here/../.test-results" || true
  _TEST_DB_STARTED=""
}

_test_db_start() {
  local out
  out=$("$here/../node_modules/.bin/ts-node" --swc "$here/../dev/test-postgres.ts" start $$) || return 1
  eval "$out"
  _TEST_DB_STARTED=$TEST_PG_DIR
}

# Exports the DB_* variables of the tests' server; the caller stops it with _test_db_stop.
ensure_test_db() {
  if ! _test_db_own; then
    ensure_db
    return $?
  fi
  _test_db_start && return 0
  # PostgreSQL not installed (ensure_db installs it), or its own could not start.
  ensure_db || return 1
  _test_db_start && return 0
  _db_log "the tests' own PostgreSQL could not start: using the one on $DB_HOST:$DB_PORT"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  ensure_test_db
  export MEDUSA_DISABLE_TELEMETRY="${MEDUSA_DISABLE_TELEMETRY:-true}"
  export PATH="$here/../node_modules/.bin:$PATH"
  trap _test_db_stop EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  status=0
  "$@" || status=$?
  exit $status
fi
