#!/usr/bin/env bash
# Makes a PostgreSQL server reachable for the tests, the demo and `medusa` commands, and exports
# the DB_* variables Medusa's tools read. Source it (with-db-env.sh does) or run it.
#   - DATABASE_URL or DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD when given;
#   - else the local server on localhost:5432 as user postgres;
#   - a local server that is installed but stopped is started; on Debian/Ubuntu a missing one
#     is installed (apt-get) and set up for local password-less TCP access.

_db_log() { echo "[db] $*" >&2; }
_db_fail() { _db_log "$*"; return 1 2>/dev/null || exit 1; }

_db_from_url() {
  # Medusa's test runners force SSL for any host other than "localhost" (tooling-pitfalls 2).
  eval "$(node -e '
    const u = new URL(process.argv[1]);
    const q = (s) => "\x27" + String(s).replace(/\x27/g, "\x27\\\x27\x27") + "\x27";
    const host = u.hostname === "127.0.0.1" || u.hostname === "::1" ? "localhost" : u.hostname;
    console.log(`DB_HOST=${q(host)}; DB_PORT=${q(u.port || 5432)}; DB_USERNAME=${q(decodeURIComponent(u.username || "postgres"))}; DB_PASSWORD=${q(decodeURIComponent(u.password))}`);
  ' "$1")"
}

_db_reachable() {
  node -e '
    const s = require("net").connect({ host: process.argv[1], port: +process.argv[2] });
    s.setTimeout(2000);
    s.on("connect", () => { s.end(); process.exit(0) });
    s.on("error", () => process.exit(1));
    s.on("timeout", () => process.exit(1));
  ' "$DB_HOST" "$DB_PORT"
}

_db_sudo() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else return 1; fi; }

_db_start_local() {
  if command -v pg_lsclusters >/dev/null 2>&1; then
    local started=1
    while read -r ver name _port status _; do
      [ -n "$ver" ] || continue
      if [ "$status" != online ]; then
        _db_log "starting PostgreSQL cluster $ver/$name"
        _db_sudo pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" start && started=0
      fi
    done < <(pg_lsclusters --no-header 2>/dev/null)
    return $started
  fi
  if command -v pg_ctl >/dev/null 2>&1 && [ -n "${PGDATA:-}" ]; then
    _db_log "starting PostgreSQL in $PGDATA"
    pg_ctl -D "$PGDATA" -l "$PGDATA/server.log" start
    return $?
  fi
  return 1
}

_db_install_local() {
  command -v apt-get >/dev/null 2>&1 || return 1
  _db_log "PostgreSQL is not installed: installing it with apt-get (Debian/Ubuntu)"
  _db_sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || return 1
  _db_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2 || return 1
  local hba
  for hba in /etc/postgresql/*/main/pg_hba.conf; do
    # A server we just installed for local development: let local TCP clients in without a
    # password, as the tests and the demo expect (user postgres, empty password).
    _db_sudo sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
    _db_sudo sed -i -E 's/^(local\s+all\s+postgres\s+)\S+/\1trust/' "$hba"
  done
  _db_start_local
}

ensure_db() {
  if [ -n "${DATABASE_URL:-}" ]; then
    _db_from_url "$DATABASE_URL"
  fi
  export DB_HOST="${DB_HOST:-localhost}" DB_PORT="${DB_PORT:-5432}" DB_USERNAME="${DB_USERNAME:-postgres}"
  export DB_PASSWORD="${DB_PASSWORD:-}"
  [ "$DB_HOST" = 127.0.0.1 ] && export DB_HOST=localhost

  if _db_reachable; then
    return 0
  fi
  if [ "$DB_HOST" != localhost ]; then
    _db_fail "PostgreSQL at $DB_HOST:$DB_PORT does not answer; check DATABASE_URL / DB_HOST"
    return 1
  fi
  _db_log "no PostgreSQL answers on localhost:$DB_PORT"
  if ! _db_start_local; then
    if command -v postgres >/dev/null 2>&1 || command -v pg_lsclusters >/dev/null 2>&1; then
      _db_fail "PostgreSQL is installed but could not be started (need root or sudo)"
      return 1
    fi
    _db_install_local || { _db_fail "could not install PostgreSQL: install it, or set DATABASE_URL"; return 1; }
  fi
  local i
  for i in $(seq 1 30); do
    _db_reachable && { _db_log "PostgreSQL is up on localhost:$DB_PORT"; return 0; }
    sleep 1
  done
  _db_fail "PostgreSQL did not come up on localhost:$DB_PORT"
}

# Creates a database if it does not exist (used by the demo). Needs ensure_db first.
ensure_database() {
  local name="$1"
  node -e '
    const { Client } = require("pg");
    const [host, port, user, password, name] = process.argv.slice(1);
    const c = new Client({ host, port: +port, user, password, database: "postgres" });
    c.connect()
      .then(() => c.query("select 1 from pg_database where datname = $1", [name]))
      .then((r) => r.rowCount ? null : c.query(`create database "${name.replace(/"/g, "")}"`))
      .then(() => c.end())
      .catch((e) => { console.error("[db] " + e.message); process.exit(1) });
  ' "$DB_HOST" "$DB_PORT" "$DB_USERNAME" "$DB_PASSWORD" "$name"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  ensure_db
  echo "DB_HOST=$DB_HOST DB_PORT=$DB_PORT DB_USERNAME=$DB_USERNAME"
fi
