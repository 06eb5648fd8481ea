#!/usr/bin/env bash
# The integration and API suites against real servers, as two tiers side by side (each jest in band, on a
# database of its own, with Redis at REDIS_URL; rate-limit counters are namespaced per platform):
#   - PostgreSQL and Redis with the embedded event log: every integration and API suite but the Kafka ones;
#   - PostgreSQL, Redis and Kafka (the kcat mock cluster): the suites whose subject is event delivery between
#     services. A platform boot on Kafka waits on consumer-group joins and the failover suites on process restarts,
#     so this tier mostly waits; run after the other it added its whole length to CI's.
# A new suite whose subject is event delivery between services belongs in KAFKA_SUITES; the embedded log's own
# suites (libs/shared/events/src/embedded-log) run on PostgreSQL. Each tier's lines carry its name; the script
# fails if either tier fails and says which.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${REDIS_URL:?REDIS_URL must be set (the tiers run on Redis)}"
KAFKA_SUITES='(message-events|restart|send-sms-journey|subscription|standalone-apps|standalone-failover|graceful-shutdown)\.api\.spec\.ts$|/libs/shared/events/src/(?!embedded-log/).*\.int\.spec\.ts$'

work=$(mktemp -d)
databases=()
pids=()
cleanup() {
  for pid in ${pids[@]+"${pids[@]}"}; do kill "$pid" 2>/dev/null || true; done
  for db in ${databases[@]+"${databases[@]}"}; do
    psql -h 127.0.0.1 -U postgres -d test -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# A database of its own per run and tier, so repeated runs never see old rows.
fresh_database() {
  local db="ci_$(date +%s)_$$_$1"
  psql -h 127.0.0.1 -U postgres -d test -qc "CREATE DATABASE $db"
  databases+=("$db")
  echo "postgres://postgres@127.0.0.1:5432/$db"
}

if ! command -v kcat >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq kcat) >/dev/null 2>&1
fi
kcat -b x -X test.mock.num.brokers=3 -d mock -C -t warm >"$work/kcat.log" 2>&1 &
pids+=($!)
brokers=""
for _ in $(seq 1 100); do
  brokers=$(grep -o 'bootstrap.servers=[^ ]*' "$work/kcat.log" | head -1 | cut -d= -f2 || true)
  [ -n "$brokers" ] && break
  sleep 0.1
done
[ -n "$brokers" ] || { echo "the kcat mock cluster did not start:"; cat "$work/kcat.log"; exit 1; }
echo "mock Kafka at $brokers"

log_database=$(fresh_database log)
kafka_database=$(fresh_database kafka)

# Each tier's output, line by line with its name in front (jest writes its reports to stderr).
run_tier() {
  local name=$1
  shift
  local started=$SECONDS status=0
  "$@" 2>&1 | sed -u "s/^/[$name] /" || status=$?
  printf '[%s] tier ended with status %d after %dm%02ds\n' "$name" "$status" $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))
  return "$status"
}

run_tier postgres env DATABASE_URL="$log_database" \
  npx jest --selectProjects integration api --runInBand --testPathIgnorePatterns '/node_modules/' "$KAFKA_SUITES" &
postgres_tier=$!
# --forceExit: once every suite has passed, a kafkajs client left reconnecting to the mock
# cluster must not hold jest open until CI's time runs out (seen once).
run_tier kafka env DATABASE_URL="$kafka_database" KAFKA_BROKERS="$brokers" \
  npx jest --selectProjects integration api --runInBand --forceExit --testPathPattern "$KAFKA_SUITES" &
kafka_tier=$!

failed=()
wait "$postgres_tier" || failed+=("PostgreSQL and Redis (embedded event log)")
wait "$kafka_tier" || failed+=("PostgreSQL, Redis and Kafka")
if [ ${#failed[@]} -gt 0 ]; then
  printf 'failed tier: %s\n' "${failed[@]}"
  exit 1
fi
echo "both tiers passed"
