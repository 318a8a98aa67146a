#!/usr/bin/env bash
# How the embedded metadata store (H2) grows while the example's inbox sensor ticks every 5 s over 4,200 files that
# share one modification time and none of which is a filing file (so nothing launches: only the sensor's ticks write).
# Starts the packaged jar on a fresh data directory, prints the size of metadata.mv.db, the tick count and the size of a
# default ticks page each minute, then stops the server cleanly (SIGTERM) and prints the file's size after H2 closed it.
#
#   ./mvnw -B -q -DskipTests package && src/bench/inbox-growth.sh [minutes, default 10] [jar]
#
# See docs/benchmarks.md#tick-history-and-the-metadata-file.
set -euo pipefail

minutes=${1:-10}
jar=${2:-target/quarkus-app/quarkus-run.jar}
files=${INBOX_FILES:-4200}
[ -f "$jar" ] || { echo "no $jar: run ./mvnw -B -q -DskipTests package first" >&2; exit 1; }

data=$(mktemp -d /tmp/sluice-inbox-growth.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
management=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$data/inbox"
for i in $(seq -w 1 "$files"); do
  printf 'not a filing\n' > "$data/inbox/unsorted-file-from-the-regulator-$i.txt"
done
find "$data/inbox" -type f -exec touch -d '2024-01-01 00:00:00' {} +

SLUICE_DATA_DIR="$data" PORT="$port" MANAGEMENT_PORT="$management" SLUICE_AUTOMATION_TRIGGERS_ENABLED=false SLUICE_AUTH_ENABLED=false \
  java -Xmx512m -jar "$jar" > "$data/server.log" 2>&1 &
pid=$!
cleanup() {
  kill -9 "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

for _ in $(seq 1 600); do
  curl -fs "http://127.0.0.1:$management/q/health/ready" > /dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$data/server.log" >&2; exit 1; }
  sleep 0.5
done

size() { stat -c %s "$data/metadata.mv.db"; }
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
echo "files: $files, one modification time; sensor every 5 s; $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-8s %-12s %-8s %-14s %s\n' minute metadata 'tick id' 'ticks page' 'cursor'
start_size=$(size)
for m in $(seq 0 "$minutes"); do
  [ "$m" -gt 0 ] && sleep 60
  ticks=$(curl -fs "$base/api/sensors/filing_inbox/ticks?limit=1" | python3 -c 'import json,sys; t=json.load(sys.stdin); print(t[0]["id"] if t else 0)')
  page=$(curl -fs "$base/api/sensors/filing_inbox/ticks" | wc -c)
  cursor=$(curl -fs "$base/api/sensors/filing_inbox" | python3 -c 'import json,sys; print(len(json.load(sys.stdin).get("cursor") or ""))')
  printf '%-8s %-12s %-8s %-14s %s\n' "$m" "$(mib "$(size)")" "$ticks" "$page B" "$cursor chars"
done
running_size=$(size)
kill -TERM "$pid"
wait "$pid" || true
echo "after $minutes min: $(mib "$running_size") running (from $(mib "$start_size") at start), $(mib "$(size)") after a clean stop"
