#!/usr/bin/env bash
# Lints the public contract exactly as the gateway serves it at
# /openapi/public.json (the generated document plus the deployment's `servers`
# entry) with Redocly's recommended rules as redocly.yaml adjusts them.
set -euo pipefail
cd "$(dirname "$0")/../.."
served="$(mktemp -d)/public.json"
trap 'rm -rf "$(dirname "$served")"' EXIT
PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-https://api.messaging-platform.test}" OUT="$served" npx tsx -e '
import { writeFileSync } from "node:fs";
import { publicOpenApi } from "./libs/services/gateway/src/platform-routes/openapi-document";
writeFileSync(process.env.OUT!, JSON.stringify(publicOpenApi(process.env.PUBLIC_BASE_URL!).json));
'
npx @redocly/cli lint --config redocly.yaml "$served"
