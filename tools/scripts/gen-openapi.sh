#!/usr/bin/env bash
# Generates the gateway's express routes and the OpenAPI document from the
# tsoa controllers (one source for both).
set -euo pipefail
cd "$(dirname "$0")/../../libs/services/gateway"
../../../node_modules/.bin/tsoa spec-and-routes
