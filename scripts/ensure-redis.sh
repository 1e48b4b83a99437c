#!/usr/bin/env bash
# Makes a Redis server reachable for the cluster tests, the cluster bench and demo (Medusa's
# production topology: event bus, workflow engine, locks and cache in Redis), and exports
# REDIS_URL. Source it (.ci/run does) or run it (prints REDIS_URL=...).
#   - REDIS_URL when given, else redis://localhost:6379;
#   - a local server that is installed but stopped is started (redis-server --daemonize, nothing
#     kept on disk: the tests need no persistence);
#   - on Debian/Ubuntu a missing one is installed (apt-get install redis-server) and started.
# Mirrors scripts/ensure-db.sh.

_redis_log() { echo "[redis] $*" >&2; }
_redis_fail() { _redis_log "$*"; return 1 2>/dev/null || exit 1; }

_redis_sudo() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else return 1; fi; }

# PING over a plain socket (no redis-cli needed): +PONG, or -NOAUTH when a password is required.
_redis_reachable() {
  node -e '
    const u = new URL(process.argv[1]);
    const s = require("net").connect({ host: u.hostname, port: +(u.port || 6379) });
    s.setTimeout(2000);
    s.on("connect", () => s.write("PING\r\n"));
    s.on("data", (d) => { s.destroy(); process.exit(/^(\+PONG|-NOAUTH)/.test(String(d)) ? 0 : 1) });
    s.on("error", () => process.exit(1));
    s.on("timeout", () => process.exit(1));
  ' "$REDIS_URL"
}

_redis_start_local() {
  command -v redis-server >/dev/null 2>&1 || return 1
  local port dir logdir
  port=$(node -p 'new URL(process.argv[1]).port || 6379' "$REDIS_URL")
  dir=/var/lib/redis
  logdir=/var/log/redis
  if ! [ -w "$dir" ] && ! _redis_sudo test -d "$dir"; then dir="${TMPDIR:-/tmp}"; fi
  if ! [ -w "$logdir" ] && ! _redis_sudo test -d "$logdir"; then logdir="${TMPDIR:-/tmp}"; fi
  _redis_log "starting redis-server on localhost:$port"
  # The same command the machine image uses: no snapshots, no append-only file.
  _redis_sudo redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$port" --save "" --appendonly no \
    --dir "$dir" --logfile "$logdir/ci.log" >&2 ||
    redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no \
      --dir "${TMPDIR:-/tmp}" --logfile "${TMPDIR:-/tmp}/redis-ci.log" >&2
}

_redis_install_local() {
  command -v apt-get >/dev/null 2>&1 || return 1
  _redis_log "Redis is not installed: installing it with apt-get (Debian/Ubuntu)"
  _redis_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >&2 ||
    { _redis_sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
      _redis_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >&2; } || return 1
  # The package may have started it already (systemd); otherwise start it by hand.
  _redis_reachable || _redis_start_local
}

ensure_redis() {
  export REDIS_URL="${REDIS_URL:-redis://localhost:6379}"
  if _redis_reachable; then
    return 0
  fi
  local host
  host=$(node -p 'new URL(process.argv[1]).hostname' "$REDIS_URL")
  case "$host" in
    localhost | 127.0.0.1 | "[::1]") ;;
    *)
      _redis_fail "Redis at $REDIS_URL does not answer; check REDIS_URL"
      return 1
      ;;
  esac
  _redis_log "no Redis answers at $REDIS_URL"
  if ! _redis_start_local; then
    if command -v redis-server >/dev/null 2>&1; then
      _redis_fail "Redis is installed but could not be started"
      return 1
    fi
    _redis_install_local || { _redis_fail "could not install Redis: install it, or set REDIS_URL"; return 1; }
  fi
  local i
  for i in $(seq 1 30); do
    _redis_reachable && { _redis_log "Redis is up at $REDIS_URL"; return 0; }
    sleep 1
  done
  _redis_fail "Redis did not come up at $REDIS_URL"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  ensure_redis
  echo "REDIS_URL=$REDIS_URL"
fi
