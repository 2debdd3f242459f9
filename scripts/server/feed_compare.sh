#!/usr/bin/env bash
# Feed pages per second of two release builds, alternating ROUNDS times: each on a fresh demo
# (its own posts: a build that makes posts of several photos seeds some), a page of 30 for a
# signed-in reader with two blocks, 64 connections, 10 s (wrk), with the server's CPU time per
# request. Everything on 127.0.0.1.
# Usage: scripts/server/feed_compare.sh BASELINE_LOTS NEW_LOTS [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=wait-demo.sh
. "$here/wait-demo.sh"
rounds=${3:-2}
port=${LOTS_BENCH_PORT:-18090}
# User and system CPU ticks of process $1 so far.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
run() {
  local binary=$1 data server base token
  data=$(mktemp -d /tmp/lots-feed-XXXXXX)
  "$binary" serve --data "$data" --port "$port" --no-rate-limits --demo --web /nonexistent \
    >"$data/server.log" 2>&1 &
  server=$!
  base="http://127.0.0.1:$port"
  wait_for_demo "$base"
  token=$(curl -sf -X POST "$base/api/accounts" -H 'content-type: application/json' \
    -d '{"username":"bencher","password":"password1"}' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  curl -sf -X PUT "$base/api/users/ana/block" -H "Authorization: Bearer $token"
  curl -sf -X PUT "$base/api/users/bruno/block" -H "Authorization: Bearer $token"
  local bytes
  bytes=$(curl -sf "$base/api/feed?limit=30" -H "Authorization: Bearer $token" | wc -c)
  printf '%s (page %s bytes): ' "$binary" "$bytes"
  # The server's own CPU time per request as well: steadier than requests per second, which
  # wrk (on the same two cores) and the machine's other work move by up to a fifth.
  local before after requests
  before=$(cpu_ticks "$server")
  requests=$(wrk -t2 -c64 -d10s -H "Authorization: Bearer $token" "$base/api/feed?limit=30" |
    awk '/requests in/ { print $1 } /Requests\/sec/ { rate = $2 } END { printf "", rate }')
  after=$(cpu_ticks "$server")
  python3 -c "import os,sys; t=(int(sys.argv[2])-int(sys.argv[1]))/os.sysconf('SC_CLK_TCK'); \
print(f'{int(sys.argv[3])/10:.0f} req/s, server CPU {t*1e6/int(sys.argv[3]):.1f} µs per request')" \
    "$before" "$after" "$requests"
  kill "$server"; wait "$server" 2>/dev/null || true; rm -rf "$data"
}
for _ in $(seq 1 "$rounds"); do run "$1"; run "$2"; done
