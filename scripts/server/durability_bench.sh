#!/usr/bin/env bash
# What durability costs: likes per second (each a committed write) with SQLite's synchronous
# FULL (the WAL fsynced at every commit: a write survives power loss) against NORMAL (fsynced
# at checkpoints: survives a killed process), in the same run, alternating twice.
# Usage: scripts/server/durability_bench.sh PATH_TO_RELEASE_LOTS_BINARY   (needs wrk)
# The data directory is under $LOTS_BENCH_DIR (default /var/tmp: a disk, not a tmpfs, where an
# fsync costs what it costs). Everything runs on 127.0.0.1; each load is bounded in time.
set -euo pipefail
binary=$1
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=wait-demo.sh
. "$here/wait-demo.sh"
port=${LOTS_BENCH_PORT:-18090}
base="http://127.0.0.1:$port"
echo "data on: $(df -hT "${LOTS_BENCH_DIR:-/var/tmp}" | tail -1)"
for round in 1 2; do
  for level in normal full; do
    data=$(mktemp -d "${LOTS_BENCH_DIR:-/var/tmp}/lots-durability-XXXXXX")
    "$binary" serve --data "$data" --port "$port" --no-rate-limits --demo --web /nonexistent \
      --synchronous "$level" >"$data/server.log" 2>&1 &
    server=$!
    wait_for_demo "$base"
    liker=$(curl -sf -X POST "$base/api/accounts" -H 'content-type: application/json' \
      -d '{"username":"liker","password":"password1"}' |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    echo "== round $round, synchronous=$level: likes and unlikes, 16 connections, 10 s"
    wrk -t2 -c16 -d10s --latency -s "$here/likes.lua" -H "Authorization: Bearer $liker" "$base" \
      | grep -E "Latency|50%|99%|Requests/sec|Non-2xx"
    kill "$server"
    wait "$server" 2>/dev/null || true
    rm -rf "$data"
  done
done
