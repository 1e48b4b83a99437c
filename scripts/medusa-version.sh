#!/usr/bin/env bash
# Puts another Medusa release into node_modules, to run the suites on it (docs/development.md):
#   bash scripts/medusa-version.sh 2.18.0    every @medusajs/* package this repository installs, at 2.18.0
#   bash scripts/medusa-version.sh restore   back to package-lock.json (npm ci)
# package.json and package-lock.json are left as they were: the pins stay on the newest release, and
# `npm ci` (CI, or `restore`) brings them back. @medusajs/ui follows its own numbering: the one that
# Medusa's dashboard of that release depends on.
set -euo pipefail
cd "$(dirname "$0")/.."

version=${1:?"usage: $0 <medusa version, e.g. 2.18.0> | restore"}
flags=(--prefer-offline --no-audit --no-fund)

if [ "$version" = restore ]; then
  npm ci "${flags[@]}"
  exit 0
fi

ui=$(npm view "@medusajs/dashboard@$version" dependencies.@medusajs/ui)
[ -n "$ui" ] || {
  echo "no @medusajs/dashboard@$version on the registry" >&2
  exit 1
}
packages=()
# draft-order: Medusa before 2.19 loads it as a plugin of every app (dtc-starter depends on it).
for name in admin-sdk cli draft-order framework icons js-sdk medusa test-utils; do
  packages+=("@medusajs/$name@$version")
done
packages+=("@medusajs/ui@$ui")

keep=$(mktemp -d)
cp package.json package-lock.json "$keep/"
trap 'cp "$keep/package.json" "$keep/package-lock.json" . && rm -rf "$keep"' EXIT
echo "[medusa-version] installing ${packages[*]} (package.json and package-lock.json unchanged)"
# --legacy-peer-deps: npm resolves from the lock's tree (the newest Medusa), against which the older
# release's own peers (draft-order's on icons, say) conflict until every package is swapped.
npm install --no-save --legacy-peer-deps "${flags[@]}" "${packages[@]}"
installed=$(node -p 'require("@medusajs/medusa/package.json").version')
[ "$installed" = "$version" ] || {
  echo "[medusa-version] @medusajs/medusa is $installed, not $version" >&2
  exit 1
}
echo "[medusa-version] Medusa $installed installed; \`$0 restore\` goes back to package-lock.json"
