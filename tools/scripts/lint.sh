#!/usr/bin/env bash
# ESLint over the repo with nx module boundaries. The boundary rule silently
# skips itself without a project graph, so compute the graph first, then prove
# the rule is live by linting a deliberate violation (a service importing
# another service) that must fail.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NX_DAEMON=false NX_NO_CLOUD=true
node_modules/.bin/nx show projects >/dev/null

probe=libs/services/identity/src/__boundary_probe__.ts
trap 'rm -f "$probe"' EXIT
printf "import { messagingService } from '@mp/messaging';\nexport const probe = messagingService;\n" >"$probe"
if node_modules/.bin/eslint --no-warn-ignored "$probe" >/dev/null 2>&1; then
  echo "lint: the module-boundary rule did not reject a service importing another service" >&2
  exit 1
fi
rm -f "$probe"

node_modules/.bin/eslint --max-warnings 0 .
