#!/usr/bin/env bash
# Server benchmarks against a release build: feed page for a signed-in user with blocks at 64
# connections, likes per second, SSE delivery to 1,000 subscribers, and the photo pipeline.
# Usage: scripts/server/bench.sh PATH_TO_RELEASE_LOTS_BINARY   (needs: scripts/setup wrk)
# Everything runs on 127.0.0.1; each load is bounded in time.
set -euo pipefail
binary=$1
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=wait-demo.sh
. "$here/wait-demo.sh"
data=$(mktemp -d /tmp/lots-bench-XXXXXX)
port=${LOTS_BENCH_PORT:-18080}
"$binary" serve --data "$data" --port "$port" --no-rate-limits --demo --web /nonexistent \
  >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
wait_for_demo "http://127.0.0.1:$port"
base="http://127.0.0.1:$port"
signup() {
  curl -sf -X POST "$base/api/accounts" -H 'content-type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"password1\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
token=$(signup bencher)
liker=$(signup liker)
notifier=$(signup notifier)
curl -sf -X PUT "$base/api/users/ana/block" -H "Authorization: Bearer $token"
curl -sf -X PUT "$base/api/users/bruno/block" -H "Authorization: Bearer $token"
echo "== feed page of 30, signed in with 2 blocks, 64 connections, 10 s"
wrk -t2 -c64 -d10s --latency -H "Authorization: Bearer $token" "$base/api/feed?limit=30" \
  | grep -E "Latency|50%|99%|Requests/sec"
echo "== likes and unlikes (each a write), 16 connections, 10 s"
wrk -t2 -c16 -d10s --latency -s "$here/likes.lua" -H "Authorization: Bearer $liker" "$base" \
  | grep -E "Latency|50%|99%|Requests/sec|Non-2xx"
echo "== SSE delivery latency, 1,000 subscribers"
python3 "$here/sse_latency.py" "$port" "$notifier" $(seq 101 120) --subscribers 1000
# The pipeline runs in its own process: stop the server first, so that closing the 1,000
# streams above does not share the two cores with it (one such run took 325 ms, against
# 232–263 ms alone, 2026-11-22).
kill "$server" && wait "$server" 2>/dev/null || true
echo "== photo pipeline, 12 MP JPEG"
"$binary" bench-image --runs 10
