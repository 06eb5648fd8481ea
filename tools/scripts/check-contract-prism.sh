#!/usr/bin/env bash
# The public contract checked by a tool we did not write (issue 27 point 8):
# the generated-client journey and an API suite of each service run with
# Stoplight Prism's validating proxy (@stoplight/prism-cli) in front of the
# platform, validating every request and answer against the document the
# gateway serves at /openapi/public.json. Fails on any answer Prism finds at
# odds with it; request violations (requests the suites send against the
# document on purpose, to see them refused) are listed. Signed provider
# callbacks go around Prism (it re-serialises a body; the signature covers
# the raw bytes), as do the probes, metrics and the document itself.
set -euo pipefail
cd "$(dirname "$0")/../.."
report="$(mktemp -d)/prism-answers.jsonl"
trap 'rm -rf "$(dirname "$report")"' EXIT
suites=(
  generated-client   # the README journey with the generated client (identity, messaging, the sandbox)
  users-and-roles    # identity: users, invitations, roles, keys
  scheduling         # messaging: sendAt, cancel, lists, audit trails
  routing-policy     # routing: policies, fallback chains, previews
  recipient-consent  # consent: opt-outs, opt-ins, preferences, imports and exports
  two-way-messaging  # replies: inbound, reply options, lists
  webhook-events     # webhook-dispatcher: endpoints, deliveries, their logs
  tendlc             # tendlc: 10DLC brands
  contract-limits    # published limits, at and one over
)
pattern="/($(IFS='|'; echo "${suites[*]}"))\\.api\\.spec\\.ts$"
CONTRACT_PROXY_REPORT="$report" NODE_EXTRA_CA_CERTS=apps/platform/test/fixtures/webhook-tls/ca.pem \
  npx jest --config apps/platform/test/contract-proxy.jest.config.js --maxWorkers="${PRISM_WORKERS:-2}" "$pattern"
npx tsx tools/contract/prism-report.ts "$report"
