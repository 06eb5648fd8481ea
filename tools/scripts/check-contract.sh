#!/usr/bin/env bash
# Fails on a breaking change to the public contract (spec 9.3) that
# docs/changelog.md does not record: the document as the gateway serves it at
# /openapi/public.json (the generated one plus the deployment's `servers`
# entry) against the last released one, docs/contract/v1.released.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
served="$(mktemp -d)/public.json"
trap 'rm -rf "$(dirname "$served")"' EXIT
npx tsx tools/contract/write-served-document.ts "$served"
npx tsx tools/contract/check-contract.ts "$served" docs/contract/v1.released.json docs/changelog.md
