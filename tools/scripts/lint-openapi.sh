#!/usr/bin/env bash
# Lints the public contract exactly as the gateway serves it at
# /openapi/public.json (the generated document plus the deployment's `servers`
# entry) with Redocly's recommended rules as redocly.yaml adjusts them.
set -euo pipefail
cd "$(dirname "$0")/../.."
served="$(mktemp -d)/public.json"
trap 'rm -rf "$(dirname "$served")"' EXIT
npx tsx tools/contract/write-served-document.ts "$served"
npx @redocly/cli lint --config redocly.yaml "$served"
