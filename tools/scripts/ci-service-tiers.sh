#!/usr/bin/env bash
# The suites against real servers, and the public contract through Prism, in three lanes side by side. Each jest runs
# in band on a database of its own, with Redis at REDIS_URL (rate-limit counters are namespaced per platform):
#   - the PostgreSQL tier: every integration and API suite but the Kafka ones, on PostgreSQL and Redis with the
#     embedded event log, in three shards (jest --shard);
#   - the Kafka tier: the suites whose subject is event delivery between services, on PostgreSQL, Redis and a kcat mock
#     Kafka cluster, in two shards, each on a cluster of its own (two platforms on one cluster would read each
#     other's topics). A platform boot on Kafka waits on consumer-group joins and the failover suites on restarts;
#   - the public contract through Stoplight Prism's validating proxy (tools/scripts/check-contract-prism.sh).
# The lanes: Kafka 1/2 then PostgreSQL 1/3; Kafka 2/2 then PostgreSQL 2/3; Prism then PostgreSQL 3/3. Mostly waiting
# on servers, timers and restarts, they share the two cores; as two lanes (PostgreSQL 12.6 min, Kafka 11.7, Prism 6)
# the longest set CI's time.
# A new suite whose subject is event delivery between services belongs in KAFKA_SUITES; the embedded log's own
# suites (libs/shared/events/src/embedded-log) run on PostgreSQL. Each line carries its lane and part; the script
# fails if any part fails and says which.
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

# A database of its own per run and part, so repeated runs never see old rows; its URL in db_<part>. Not called in a
# $(...) subshell: the cleanup trap must see every name.
fresh_database() {
  local db="ci_$(date +%s)_$$_$1"
  psql -h 127.0.0.1 -U postgres -d test -qc "CREATE DATABASE $db"
  databases+=("$db")
  printf -v "db_$1" '%s' "postgres://postgres@127.0.0.1:5432/$db"
}

if ! command -v kcat >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq kcat) >/dev/null 2>&1
fi
# A kcat mock cluster of three brokers; its bootstrap servers in kafka_<name> (not in a subshell, as above).
mock_kafka() {
  local log="$work/kcat-$1.log" brokers=""
  kcat -b x -X test.mock.num.brokers=3 -d mock -C -t warm >"$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    brokers=$(grep -o 'bootstrap.servers=[^ ]*' "$log" | head -1 | cut -d= -f2 || true)
    [ -n "$brokers" ] && break
    sleep 0.1
  done
  [ -n "$brokers" ] || { echo "the kcat mock cluster did not start:" >&2; cat "$log" >&2; return 1; }
  printf -v "kafka_$1" '%s' "$brokers"
}
mock_kafka a
mock_kafka b
echo "mock Kafka clusters at $kafka_a and $kafka_b"

for part in kafka1 kafka2 postgres1 postgres2 postgres3; do fresh_database "$part"; done

# One part: its lines with "[name]" in front (jest writes its reports to stderr); "name status" to a file.
run_part() {
  local name=$1
  shift
  local started=$SECONDS status=0
  "$@" 2>&1 | sed -u "s|^|[$name] |" | tee "$work/part-${name//[ \/]/-}.log" || status=$?
  printf '[%s] ended with status %d after %dm%02ds\n' "$name" "$status" $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60))
  echo "$name $status" >>"$work/parts"
  return 0
}
postgres_part() { # shard
  run_part "postgres $1/3" env DATABASE_URL="$(eval echo "\$db_postgres$1")" \
    npx jest --selectProjects integration api --runInBand --passWithNoTests --shard "$1/3" --testPathIgnorePatterns '/node_modules/' "$KAFKA_SUITES"
}
# --forceExit: once every suite has passed, a kafkajs client left reconnecting to the mock
# cluster must not hold jest open until CI's time runs out (seen once).
kafka_part() { # shard, brokers
  run_part "kafka $1/2" env DATABASE_URL="$(eval echo "\$db_kafka$1")" KAFKA_BROKERS="$2" \
    npx jest --selectProjects integration api --runInBand --forceExit --passWithNoTests --shard "$1/2" --testPathPattern "$KAFKA_SUITES"
}
prism_part() {
  run_part prism env -u REDIS_URL PRISM_WORKERS=1 bash tools/scripts/check-contract-prism.sh
}

(kafka_part 1 "$kafka_a"; postgres_part 1) &
lanes=($!)
(kafka_part 2 "$kafka_b"; postgres_part 2) &
lanes+=($!)
(prism_part; postgres_part 3) &
lanes+=($!)
pids+=("${lanes[@]}")
for lane in "${lanes[@]}"; do wait "$lane" || true; done

failed=()
expected=6
[ "$(wc -l <"$work/parts")" -eq "$expected" ] || failed+=("only $(wc -l <"$work/parts") of $expected parts ended")
while read -r name shard status; do
  [ "$status" -eq 0 ] || failed+=("$name $shard (status $status)")
done < <(sed 's/^prism /prism - /' "$work/parts")
if [ ${#failed[@]} -gt 0 ]; then
  # The lanes' lines interleave and CI keeps the tail: each failed part's failures once more, last.
  while read -r line; do
    name=${line% *}
    [ "${line##* }" -eq 0 ] && continue
    log="$work/part-${name//[ \/]/-}.log"
    echo "=== what failed in $name"
    grep -E '^\[[^]]*\] (FAIL |Tests:|Test Suites:)|✕' "$log" | head -40 || true
    grep -m1 -A40 -E '^\[[^]]*\]   ● .* › ' "$log" || true
  done <"$work/parts"
  printf 'failed: %s\n' "${failed[@]}"
  exit 1
fi
echo "every part passed"
