#!/usr/bin/env bash
# Issue 27 point 1: every CI step runs on the image's Node major (deploy/Dockerfile's NODE_IMAGE),
# which npm scripts and npx take from node_modules/.bin (the registry's `node` package), not the
# system's. Prints the version each tier runs on and fails on any other major.
#   bash tools/scripts/check-node-line.sh [tier ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
want=$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9]*\).*/\1/p' deploy/Dockerfile)
[ -n "$want" ] || { echo "check-node-line: no NODE_IMAGE major in deploy/Dockerfile" >&2; exit 1; }
status=0
for tier in "${@:-npm-scripts}"; do
  # `npm exec` runs as npm run and npx do: node_modules/.bin first on PATH.
  got=$(npm exec --offline -- node --version)
  printf '%-28s node %s (system: %s)\n' "$tier" "$got" "$(command -v node >/dev/null && /usr/bin/env -i PATH=/usr/bin:/bin node --version 2>/dev/null || echo none)"
  if [ "${got#v}" = "${got#v"$want".}" ]; then
    echo "check-node-line: $tier runs on $got, not Node $want (the image's): run 'npm ci' so node_modules/.bin/node is installed" >&2
    status=1
  fi
done
exit $status
