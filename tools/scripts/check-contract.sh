#!/usr/bin/env bash
# Fails on a breaking change to the public contract (spec 9.3) that
# docs/changelog.md does not record: the document as the gateway serves it at
# /openapi/public.json (the generated one plus the deployment's `servers`
# entry) against the last released one, docs/contract/v1.released.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
served="$(mktemp -d)/public.json"
trap 'rm -rf "$(dirname "$served")"' EXIT
PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-https://api.messaging-platform.test}" OUT="$served" npx tsx -e '
import { writeFileSync } from "node:fs";
import { publicOpenApi } from "./libs/services/gateway/src/platform-routes/openapi-document";
writeFileSync(process.env.OUT!, JSON.stringify(publicOpenApi(process.env.PUBLIC_BASE_URL!).json));
'
npx tsx tools/contract/check-contract.ts "$served" docs/contract/v1.released.json docs/changelog.md
