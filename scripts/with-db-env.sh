#!/usr/bin/env bash
# Runs a command with a reachable PostgreSQL and the DB_* variables set (see ensure-db.sh), on a
# supported Node.js line (the machine's, else the newest LTS from the npm registry: node-line.sh).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=node-line.sh
source "$here/node-line.sh"
ensure_supported_node
# shellcheck source=ensure-db.sh
source "$here/ensure-db.sh"
ensure_db
export MEDUSA_DISABLE_TELEMETRY="${MEDUSA_DISABLE_TELEMETRY:-true}"
export PATH="$here/../node_modules/.bin:$PATH"
exec "$@"
