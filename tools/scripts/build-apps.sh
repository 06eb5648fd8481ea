#!/usr/bin/env bash
# Compiles deployed apps to plain JavaScript at build time (issue 14 point 6):
# dist/apps/<app>/main.js, run with `node dist/apps/<app>/main.js` (no tsx, no
# TypeScript at run time). deploy/Dockerfile runs it; so can CI and you.
#
#   bash tools/scripts/build-apps.sh              # every app under apps/
#   bash tools/scripts/build-apps.sh messaging    # only the named ones
#   BUILD_APPS_OUT_DIR=dist/x bash tools/scripts/build-apps.sh   # into dist/x/<app>/main.js
#                                                 (under the repository, so node_modules resolves)
#
# esbuild bundles each app with the workspace libraries (@mp/*, whose package
# "main" is TypeScript) and keeps the npm dependencies of package.json external:
# they are required from node_modules at run time, as installed by `npm ci
# --omit=dev`. Decorators (tsoa's) compile as tsconfig's experimentalDecorators
# say. Type checking stays with `npm run typecheck`; esbuild only strips types.
# Migrations are imported modules (libs/services/*/src/migrations/index.ts), so
# the bundle carries them; nothing is read from a source directory at run time.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "$#" -gt 0 ]; then
  apps=("$@")
else
  mapfile -t apps < <(find apps -mindepth 3 -maxdepth 3 -path 'apps/*/src/main.ts' | cut -d/ -f2 | sort)
fi

# Every runtime dependency stays a require() of node_modules (esbuild also leaves their subpaths external).
mapfile -t externals < <(node -p "const p = require('./package.json'); Object.keys({ ...p.dependencies, ...p.optionalDependencies }).map((n) => '--external:' + n).join('\n')")

out="${BUILD_APPS_OUT_DIR:-dist/apps}"
for app in "${apps[@]}"; do
  entry="apps/$app/src/main.ts"
  [ -f "$entry" ] || { echo "build-apps: $entry not found (unknown app '$app')" >&2; exit 1; }
  node_modules/.bin/esbuild "$entry" \
    --bundle --platform=node --format=cjs \
    `# The Node line of package.json engines, CI and the image.` \
    --target=node26 \
    --tsconfig=tsconfig.json \
    --sourcemap --sources-content=false \
    --log-level=warning \
    "${externals[@]}" \
    --outfile="$out/$app/main.js"
  echo "build-apps: $out/$app/main.js"
done
