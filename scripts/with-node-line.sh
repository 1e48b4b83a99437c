#!/usr/bin/env bash
# Runs a command on a supported Node.js line: the machine's, else the newest LTS from the npm
# registry (node-line.sh). The benches that need no database start here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=node-line.sh
source "$here/node-line.sh"
ensure_supported_node
export PATH="$here/../node_modules/.bin:$PATH"
exec "$@"
