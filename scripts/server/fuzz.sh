#!/usr/bin/env bash
# Fuzzes a running-from-scratch LOTs server from its OpenAPI document with schemathesis
# (pip install schemathesis): every generated request must get a non-5xx answer.
# Usage: scripts/server/fuzz.sh PATH_TO_LOTS_BINARY [max examples per operation, default 80]
set -euo pipefail
binary=$1
examples=${2:-80}
root=$(cd "$(dirname "$0")/../.." && pwd)
data=$(mktemp -d /tmp/lots-fuzz-XXXXXX)
port=${LOTS_FUZZ_PORT:-18282}
"$binary" serve --data "$data" --port "$port" --no-rate-limits --web /nonexistent \
  >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 600); do curl -sf "127.0.0.1:$port/health" >/dev/null && break; sleep 0.2; done
# A fresh account of the fuzzer's own (the server has no demo accounts).
token=$(curl -sf -X POST "127.0.0.1:$port/api/accounts" -H 'content-type: application/json' \
  -d '{"username":"fuzzer","password":"fuzzing-password"}' \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
# The stream never ends, and signing out (here or everywhere) would revoke the fuzzer's own
# token: those are left out.
# The command pip installed beside this python3 (a version manager's shims may not know it yet).
schemathesis=$(python3 -c 'import os, sys; print(os.path.join(os.path.dirname(sys.executable), "schemathesis"))')
[ -x "$schemathesis" ] || schemathesis=schemathesis
"$schemathesis" run "$root/openapi/lots.openapi.json" -u "http://127.0.0.1:$port" \
  -H "Authorization: Bearer $token" -c not_a_server_error -n "$examples" \
  --exclude-path /api/stream --exclude-name "DELETE /api/sessions/current" \
  --exclude-name "DELETE /api/sessions"
curl -sf "127.0.0.1:$port/health" >/dev/null && echo "server still serving after the fuzz run"
