#!/usr/bin/env bash
# Regenerates committed code (ts-proto contracts, tsoa routes and OpenAPI) and
# fails when that changes anything: generated code is never edited by hand.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tools/scripts/gen-proto.sh
bash tools/scripts/gen-openapi.sh
if ! git diff --exit-code -- libs/shared/contracts/src/generated libs/services/gateway/src/generated; then
  echo "Generated code is out of date: run 'npm run proto' and 'npm run openapi' and commit the result." >&2
  exit 1
fi
untracked=$(git ls-files --others --exclude-standard -- libs/shared/contracts/src/generated libs/services/gateway/src/generated)
if [ -n "$untracked" ]; then
  echo "Generated files are not committed: $untracked" >&2
  exit 1
fi
